import type { SavingsResponse } from '@wattwise/shared/contract/calculators';
import { Bar, BarChart, CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, ChartContainer, ChartTooltip, ChartTooltipContent, type ChartConfig } from '@/components/ui/chart.tsx';
import { usd } from '../lib/form.ts';

const money = (v: number) => `$${Math.round(v).toLocaleString('en-US')}`;

/** Bar chart of the four projections, with the figures in text for screen readers. */
export function GrowthChart({ data }: { data: SavingsResponse }) {
  const r = data.result;
  const points = [
    { label: '1 month', savings: r.oneMonth / 100 },
    { label: '6 months', savings: r.sixMonths / 100 },
    { label: '1 year', savings: r.oneYear / 100 },
    { label: '5 years', savings: r.fiveYears / 100 },
  ];
  const config: ChartConfig = { savings: { label: 'Savings', color: CHART_COLORS.usage } };
  return (
    <figure className="grid gap-2" data-testid="growth-chart">
      <figcaption className="text-sm font-medium">Savings growth</figcaption>
      <ChartContainer config={config} className="aspect-[16/9]" aria-hidden>
        <BarChart accessibilityLayer={false} data={points} margin={{ left: 4, right: 12, top: 8, bottom: 0 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tickMargin={8} />
          <YAxis tickLine={false} axisLine={false} width={64} tickFormatter={money} />
          <ChartTooltip content={<ChartTooltipContent formatValue={(v) => usd(Math.round(v * 100))} />} />
          <Bar dataKey="savings" fill="var(--color-savings)" radius={4} isAnimationActive={false} />
        </BarChart>
      </ChartContainer>
      <p className="sr-only">{points.map((p) => `${p.label}: ${usd(Math.round(p.savings * 100))}`).join('; ')}</p>
    </figure>
  );
}

/** The 24-month line chart: monthly savings (seasonal, from the state's degree days) and the running total. */
export function MonthsChart({ data }: { data: SavingsResponse }) {
  const points = data.months.map((m) => ({ label: m.month, monthly: m.monthly / 100, cumulative: m.cumulative / 100 }));
  const config: ChartConfig = { monthly: { label: 'Monthly', color: CHART_COLORS.usage }, cumulative: { label: 'Cumulative', color: CHART_COLORS.cost } };
  const last = data.months.at(-1);
  return (
    <figure className="grid gap-2" data-testid="months-chart">
      <figcaption className="text-sm font-medium">Your next 24 months</figcaption>
      <ChartContainer config={config} className="aspect-[16/9]" aria-hidden>
        <LineChart accessibilityLayer={false} data={points} margin={{ left: 4, right: 12, top: 8, bottom: 0 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tickMargin={8} minTickGap={24} />
          <YAxis yAxisId="m" tickLine={false} axisLine={false} width={56} tickFormatter={money} />
          <YAxis yAxisId="c" orientation="right" tickLine={false} axisLine={false} width={64} tickFormatter={money} />
          <ChartTooltip content={<ChartTooltipContent formatValue={(v) => usd(Math.round(v * 100))} />} />
          <Line yAxisId="m" dataKey="monthly" type="monotone" stroke="var(--color-monthly)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line yAxisId="c" dataKey="cumulative" type="monotone" stroke="var(--color-cumulative)" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ChartContainer>
      <p className="text-xs text-muted-foreground">
        {data.months.length} months; {last ? `${usd(last.cumulative)} in total by ${last.month}` : ''}.{' '}
        {data.regional.hasDegreeDayNormals
          ? `Months are weighted by ${data.regional.stateName ?? 'your state'}’s normal heating and cooling degree days (NOAA 1991–2020).`
          : 'NOAA has no degree-day normals for this place, so every month is the same.'}
      </p>
    </figure>
  );
}
