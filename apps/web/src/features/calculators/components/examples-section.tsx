import { calculateSavings } from '@wattwise/shared/calculators/savings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { usd } from '../lib/form.ts';

/** Worked examples: three sample households through the same formulas (labelled as examples). */
const EXAMPLES = [
  { title: 'Apartment in Chicago', zip: '60614', electric: 85, gas: 45, water: 0 },
  { title: 'Family home near Atlanta', zip: '30303', electric: 150, gas: 80, water: 60 },
  { title: 'Large home in San Jose', zip: '95112', electric: 260, gas: 90, water: 95 },
] as const;

export function ExamplesSection() {
  return (
    <section aria-labelledby="examples-title" className="grid gap-4">
      <h2 id="examples-title" className="text-2xl font-semibold">
        Examples
      </h2>
      <p className="text-sm text-muted-foreground">Sample households (not real customers), worked through the calculator’s formulas.</p>
      <div className="grid gap-4 md:grid-cols-3">
        {EXAMPLES.map((e) => {
          const r = calculateSavings({ electricCents: e.electric * 100, gasCents: e.gas * 100, waterCents: e.water * 100, zipCode: e.zip });
          return (
            <Card key={e.title}>
              <CardHeader>
                <CardTitle className="text-base">{e.title}</CardTitle>
                <CardDescription>
                  ZIP {e.zip}: ${e.electric} electric, ${e.gas} gas, ${e.water} water a month
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-1 text-sm">
                <div>
                  Savings rate <strong>{r.efficiency}%</strong> → <strong className="tabular-nums">{usd(r.oneMonth)}</strong> a month
                </div>
                <div>
                  1 year <strong className="tabular-nums">{usd(r.oneYear)}</strong>, 5 years <strong className="tabular-nums">{usd(r.fiveYears)}</strong>
                </div>
              </CardContent>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
