/** The calculator's FAQ: how the estimate is made, in plain words. */
const FAQ = [
  {
    q: 'How is my estimate calculated?',
    a: 'We start from a savings rate for your area (27% to 35% by ZIP), add 3 points when your bills total over $100 a month or 5 points over $200, and apply it to your total monthly bills. Longer projections add a small compounding factor (2% at 6 months, 5% at a year, 15% at 5 years).',
  },
  {
    q: 'Where do the energy prices come from?',
    a: 'Residential electricity and natural-gas prices for your state from the U.S. Energy Information Administration (electricity 2023, gas 2021–2022). The 24-month chart follows your state’s normal heating and cooling seasons from NOAA’s 1991–2020 degree-day normals.',
  },
  {
    q: 'What do the trees and CO₂ figures mean?',
    a: 'They are rough equivalents of your yearly savings: one tree for every $87 saved and one pound of CO₂ for every $1.25.',
  },
  {
    q: 'Is my saving guaranteed?',
    a: 'Paid plans carry our promise: $100 or more in savings a year, or your money back.',
  },
] as const;

export function CalculatorFaq() {
  return (
    <section aria-labelledby="faq-title" className="grid gap-3">
      <h2 id="faq-title" className="text-2xl font-semibold">
        Frequently asked questions
      </h2>
      {FAQ.map((item) => (
        <details key={item.q} className="rounded-lg border bg-card p-4">
          <summary className="cursor-pointer font-medium">{item.q}</summary>
          <p className="mt-2 text-sm text-muted-foreground">{item.a}</p>
        </details>
      ))}
    </section>
  );
}
