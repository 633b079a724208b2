import { CALCULATOR_MESSAGES, type SavingsResponse } from '@wattwise/shared/contract/calculators';
import { Leaf, Share2, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { usd } from '../lib/form.ts';
import { GrowthChart, MonthsChart } from './savings-charts.tsx';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card>
      <CardContent className="grid gap-1 p-4">
        <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</span>
        <span className="text-2xl font-semibold tabular-nums">{value}</span>
        {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
      </CardContent>
    </Card>
  );
}

/** The results section (02-tools §2.8): projections, peak/off-peak, environmental impact, charts, Recalculate and Share Results. */
export function SavingsResults({ data, shareUrl, onRecalculate }: { data: SavingsResponse; shareUrl: string; onRecalculate: () => void }) {
  const { result: r, regional } = data;
  const share = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl);
      toast.success(CALCULATOR_MESSAGES.linkCopied);
    } catch {
      toast.error('Could not copy the link.', { description: shareUrl });
    }
  };
  const place = regional.state ? `${regional.city ? `${regional.city}, ` : ''}${regional.stateName ?? regional.state}` : null;
  return (
    <section aria-labelledby="results-title" className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="results-title" className="text-2xl font-semibold">
            Your estimated savings
          </h2>
          <p className="text-sm text-muted-foreground">
            {place
              ? `Rates for ${place}: electricity ${regional.utilityRates.electric.toFixed(3)} $/kWh (EIA ${regional.utilityRates.electricYear ?? ''}), gas ${regional.utilityRates.gas.toFixed(2)} $/therm (EIA ${regional.utilityRates.gasYear ?? ''}).`
              : `We don’t know ZIP ${regional.zipCode}; the estimate uses default rates.`}{' '}
            Savings rate {r.efficiency}% of your {usd(r.totalMonthlyBillCents)} a month.
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onRecalculate}>
            <RotateCcw aria-hidden /> Recalculate
          </Button>
          <Button onClick={() => void share()}>
            <Share2 aria-hidden /> Share Results
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="projections">
        <Figure label="1 month" value={usd(r.oneMonth)} />
        <Figure label="6 months" value={usd(r.sixMonths)} />
        <Figure label="1 year" value={usd(r.oneYear)} hint={data.guaranteeEligible ? 'Covered by our $100+ savings guarantee' : undefined} />
        <Figure label="5 years" value={usd(r.fiveYears)} />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Peak vs off-peak</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <div className="text-muted-foreground">Peak hours (60%)</div>
              <div className="text-xl font-semibold tabular-nums">{usd(r.peakSavings)}/mo</div>
            </div>
            <div>
              <div className="text-muted-foreground">Off-peak (40%)</div>
              <div className="text-xl font-semibold tabular-nums">{usd(r.offPeakSavings)}/mo</div>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <Leaf aria-hidden className="size-4 text-primary" /> Environmental impact
            </CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-3 gap-3 text-sm">
            <div>
              <div className="text-muted-foreground">Trees</div>
              <div className="text-xl font-semibold tabular-nums">{r.trees}</div>
            </div>
            <div>
              <div className="text-muted-foreground">CO₂ per year</div>
              <div className="text-xl font-semibold tabular-nums">{r.co2.toLocaleString('en-US')} lb</div>
            </div>
            <div>
              <div className="text-muted-foreground">Efficiency</div>
              <div className="text-xl font-semibold tabular-nums">{r.efficiency}%</div>
            </div>
          </CardContent>
        </Card>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <GrowthChart data={data} />
        <MonthsChart data={data} />
      </div>
    </section>
  );
}
