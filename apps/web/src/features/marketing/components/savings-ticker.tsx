import { DEMO_LABEL, TICKER_NOTICES, TICKER_START } from '../demo-data.ts';
import { ExampleTag, Section } from './section.tsx';

const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/**
 * The savings tracker of 01-core §2, §9, shown as what it is: an example figure with example
 * notices. It does not count up or flash notices, so it cannot be taken for a live total of
 * this installation's users (issue 24).
 */
export function SavingsTicker() {
  return (
    <Section id="savings-tracker" title="Savings tracker (example)" intro="What a community of bill-checkers could add up to. These figures are an example, not a live count.">
      <div className="grid gap-4 rounded-xl border bg-card p-6 text-center">
        <p className="flex items-center justify-center gap-2 text-sm font-medium text-muted-foreground">
          Total saved, an example figure <ExampleTag>{DEMO_LABEL}</ExampleTag>
        </p>
        <p className="text-4xl font-bold tracking-tight text-primary tabular-nums sm:text-5xl" data-testid="savings-ticker">
          {whole.format(TICKER_START)}
        </p>
        <ul className="grid gap-1 text-sm text-muted-foreground" aria-label="Example notices">
          {TICKER_NOTICES.slice(0, 2).map((notice) => (
            <li key={notice}>Example: {notice}</li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
