import { useEffect, useState } from 'react';
import { DEMO_LABEL, TICKER_NOTICES, TICKER_START } from '../demo-data.ts';
import { nextIndex } from '../lib/rotation.ts';
import { nextTickerValue, NOTICE_EVERY_MS, NOTICE_VISIBLE_MS, TICKER_STEP_MS } from '../lib/ticker.ts';
import { ExampleTag, Section } from './section.tsx';

const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/**
 * The real-time savings tracker (01-core §2, §9): demo data, labelled so. Starts at $2,847,392,
 * rises by 1 to 10 every 3 s; a sample notice every 5 s for 3 s. Screen readers are not
 * interrupted by it (no live region): the figure is read when reached.
 */
export function SavingsTicker() {
  const [total, setTotal] = useState(TICKER_START);
  const [notice, setNotice] = useState<{ index: number; visible: boolean }>({ index: 0, visible: false });

  useEffect(() => {
    const tick = window.setInterval(() => setTotal((value) => nextTickerValue(value, Math.random())), TICKER_STEP_MS);
    let hide: number | undefined;
    const show = window.setInterval(() => {
      setNotice((n) => ({ index: n.visible ? n.index : nextIndex(n.index, TICKER_NOTICES.length), visible: true }));
      hide = window.setTimeout(() => setNotice((n) => ({ ...n, visible: false })), NOTICE_VISIBLE_MS);
    }, NOTICE_EVERY_MS);
    return () => {
      window.clearInterval(tick);
      window.clearInterval(show);
      window.clearTimeout(hide);
    };
  }, []);

  return (
    <Section id="savings-tracker" title="Real-Time Savings Tracker" intro="What a community of bill-checkers adds up to.">
      <div className="grid gap-4 rounded-xl border bg-card p-6 text-center">
        <p className="flex items-center justify-center gap-2 text-sm font-medium text-muted-foreground">
          Total saved by Wattwise users <ExampleTag>{DEMO_LABEL}</ExampleTag>
        </p>
        <p className="text-4xl font-bold tracking-tight text-primary tabular-nums sm:text-5xl" data-testid="savings-ticker">
          {whole.format(total)}
        </p>
        {/* No fade: text caught half-transparent reads as low contrast (and is hard to read). */}
        <p className="min-h-6 text-sm" aria-hidden={!notice.visible}>
          {notice.visible ? TICKER_NOTICES[notice.index] : ''}
        </p>
      </div>
    </Section>
  );
}
