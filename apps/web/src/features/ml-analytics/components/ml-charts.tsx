import type { MlAnalytics } from '@wattwise/shared/contract/ml-analytics';
import { Bar, BarChart, CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, ChartContainer, ChartTooltip, ChartTooltipContent, type ChartConfig } from '@/components/ui/chart.tsx';

export function PredictionsChart({ data, unit }: { data: MlAnalytics['predictions']; unit: string }) {
  const config: ChartConfig = { actual: { label: 'Actual', color: CHART_COLORS.usage, unit }, predicted: { label: 'Predicted', color: CHART_COLORS.cost, unit } };
  return (
    <ChartContainer config={config} className="aspect-[16/7]" aria-hidden>
      <LineChart accessibilityLayer={false} data={data} margin={{ left: 4, right: 12, top: 8, bottom: 0 }}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="date" tickLine={false} axisLine={false} />
        <YAxis tickLine={false} axisLine={false} width={48} />
        <ChartTooltip content={<ChartTooltipContent formatValue={(v) => `${Math.round(v).toLocaleString('en-US')} ${unit}`} />} />
        <Line dataKey="actual" stroke="var(--color-actual)" strokeWidth={2} dot />
        <Line dataKey="predicted" stroke="var(--color-predicted)" strokeWidth={2} strokeDasharray="4 4" dot={false} />
      </LineChart>
    </ChartContainer>
  );
}

export function ClustersChart({ data, unit }: { data: MlAnalytics['clustering']['clusters']; unit: string }) {
  const config: ChartConfig = { avgUsage: { label: 'Average monthly usage', color: CHART_COLORS.usage, unit } };
  return (
    <ChartContainer config={config} className="aspect-[16/7]" aria-hidden>
      <BarChart accessibilityLayer={false} data={data.map((c) => ({ ...c, name: `Cluster ${c.clusterId}${c.isYours ? ' (you)' : ''}` }))}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="name" tickLine={false} axisLine={false} />
        <YAxis tickLine={false} axisLine={false} width={48} />
        <ChartTooltip content={<ChartTooltipContent />} />
        <Bar dataKey="avgUsage" fill="var(--color-avgUsage)" radius={4} />
      </BarChart>
    </ChartContainer>
  );
}
