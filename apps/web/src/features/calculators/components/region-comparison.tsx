import type { RegionStats } from '@wattwise/shared/contract/calculators';
import { Bar, BarChart, CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, ChartContainer, ChartTooltip, ChartTooltipContent, type ChartConfig } from '@/components/ui/chart.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { usd } from '../lib/form.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SERIES_COLORS = [CHART_COLORS.usage, CHART_COLORS.cost, 'var(--warning)', 'var(--destructive)'];

/** Comparison tabs (02-tools §2.6): savings, trends (seasons), distribution (bills by state in the region). */
export function RegionComparison({ regions, selected }: { regions: RegionStats[]; selected: RegionStats }) {
  const savings = regions.map((r) => ({ label: r.name, savings: r.monthlySavings / 100 }));
  const trends = MONTHS.map((m, i) => Object.fromEntries([['label', m], ...regions.map((r) => [r.region, r.seasonalPattern[i] ?? 1])]) as Record<string, string | number>);
  const distribution = [...selected.states].sort((a, b) => b.monthlyBill - a.monthlyBill).map((s) => ({ label: s.state, bill: s.monthlyBill / 100 }));
  const trendConfig: ChartConfig = Object.fromEntries(regions.map((r, i) => [r.region, { label: r.name, color: SERIES_COLORS[i] ?? CHART_COLORS.usage }]));
  return (
    <Tabs defaultValue="savings">
      <TabsList>
        <TabsTrigger value="savings">Savings</TabsTrigger>
        <TabsTrigger value="trends">Trends</TabsTrigger>
        <TabsTrigger value="distribution">Distribution</TabsTrigger>
      </TabsList>
      <TabsContent value="savings" className="mt-4 grid gap-2">
        <p className="text-sm text-muted-foreground">Monthly savings per household, by region.</p>
        <ChartContainer config={{ savings: { label: 'Monthly savings', color: CHART_COLORS.usage } }} className="aspect-[16/7]" aria-hidden>
          <BarChart accessibilityLayer={false} data={savings}>
            <CartesianGrid vertical={false} />
            <XAxis dataKey="label" tickLine={false} axisLine={false} />
            <YAxis tickLine={false} axisLine={false} width={56} tickFormatter={(v: number) => `$${v}`} />
            <ChartTooltip content={<ChartTooltipContent formatValue={(v) => usd(Math.round(v * 100))} />} />
            <Bar dataKey="savings" fill="var(--color-savings)" radius={4} isAnimationActive={false} />
          </BarChart>
        </ChartContainer>
        <p className="sr-only">{savings.map((s) => `${s.label}: ${usd(Math.round(s.savings * 100))}`).join('; ')}</p>
      </TabsContent>
      <TabsContent value="trends" className="mt-4 grid gap-2">
        <p className="text-sm text-muted-foreground">How a typical bill moves through the year (1 = the yearly average), from NOAA 1991–2020 degree-day normals.</p>
        <ChartContainer config={trendConfig} className="aspect-[16/7]" aria-hidden>
          <LineChart accessibilityLayer={false} data={trends}>
            <CartesianGrid vertical={false} />
            <XAxis dataKey="label" tickLine={false} axisLine={false} />
            <YAxis tickLine={false} axisLine={false} width={40} domain={['auto', 'auto']} />
            <ChartTooltip content={<ChartTooltipContent formatValue={(v) => v.toFixed(2)} />} />
            {regions.map((r) => (
              <Line key={r.region} dataKey={r.region} stroke={`var(--color-${r.region})`} strokeWidth={r.region === selected.region ? 3 : 1.5} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ChartContainer>
      </TabsContent>
      <TabsContent value="distribution" className="mt-4 grid gap-2">
        <p className="text-sm text-muted-foreground">Typical monthly electricity bill by state in the {selected.name} (EIA use per customer × price).</p>
        <ChartContainer config={{ bill: { label: 'Typical bill', color: CHART_COLORS.cost } }} className="aspect-[16/7]" aria-hidden>
          <BarChart accessibilityLayer={false} data={distribution}>
            <CartesianGrid vertical={false} />
            <XAxis dataKey="label" tickLine={false} axisLine={false} interval={0} />
            <YAxis tickLine={false} axisLine={false} width={56} tickFormatter={(v: number) => `$${v}`} />
            <ChartTooltip content={<ChartTooltipContent formatValue={(v) => usd(Math.round(v * 100))} />} />
            <Bar dataKey="bill" fill="var(--color-bill)" radius={4} isAnimationActive={false} />
          </BarChart>
        </ChartContainer>
        <p className="sr-only">{distribution.map((d) => `${d.label}: ${usd(Math.round(d.bill * 100))}`).join('; ')}</p>
      </TabsContent>
    </Tabs>
  );
}
