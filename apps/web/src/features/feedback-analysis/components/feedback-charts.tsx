import type { FeedbackAnalysis } from '@wattwise/shared/contract/feedback-analysis';
import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, Pie, PieChart, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, ChartContainer, ChartTooltip, ChartTooltipContent, type ChartConfig } from '@/components/ui/chart.tsx';

// Recharts is heavy: this module loads with the page's charts only.

const PIE_COLORS = ['var(--primary)', 'var(--accent)', 'var(--warning)', 'var(--destructive)'];

export function AccuracyOverTimeChart({ data }: { data: FeedbackAnalysis['accuracyByMonth'] }) {
  const config: ChartConfig = { accuracy: { label: 'Accuracy', color: CHART_COLORS.usage, unit: '%' } };
  return (
    <ChartContainer config={config} className="aspect-[16/9]" aria-hidden>
      <LineChart accessibilityLayer={false} data={data} margin={{ left: 4, right: 12, top: 8, bottom: 0 }}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="month" tickLine={false} axisLine={false} />
        <YAxis domain={[0, 100]} tickLine={false} axisLine={false} width={36} />
        <ChartTooltip content={<ChartTooltipContent formatValue={(v) => `${v}%`} />} />
        <Line dataKey="accuracy" stroke="var(--color-accuracy)" strokeWidth={2} dot connectNulls />
      </LineChart>
    </ChartContainer>
  );
}

export function FeedbackByTypeChart({ data }: { data: FeedbackAnalysis['byType'] }) {
  const config: ChartConfig = Object.fromEntries(data.map((d, i) => [d.type, { label: d.type, color: PIE_COLORS[i % PIE_COLORS.length] ?? 'var(--primary)' }]));
  return (
    <>
      {/* The chart is hidden from assistive technology (nothing inside takes focus); this list says the same. */}
      <ul className="sr-only">
        {data.map((d) => (
          <li key={d.type}>
            {d.type}: {d.count}
          </li>
        ))}
      </ul>
      <ChartContainer config={config} className="aspect-[4/3]" aria-hidden>
        <PieChart accessibilityLayer={false}>
          <ChartTooltip content={<ChartTooltipContent />} />
          <Pie data={data} dataKey="count" nameKey="type" innerRadius="45%" outerRadius="80%" rootTabIndex={-1}>
            {data.map((d, i) => (
              <Cell key={d.type} fill={PIE_COLORS[i % PIE_COLORS.length]} />
            ))}
          </Pie>
        </PieChart>
      </ChartContainer>
    </>
  );
}

export function FeedbackByCategoryChart({ data }: { data: FeedbackAnalysis['byCategory'] }) {
  const config: ChartConfig = { count: { label: 'Items', color: CHART_COLORS.cost } };
  return (
    <ChartContainer config={config} className="aspect-[16/9]" aria-hidden>
      <BarChart accessibilityLayer={false} data={data} margin={{ left: 4, right: 12, top: 8, bottom: 0 }}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="category" tickLine={false} axisLine={false} />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={28} />
        <ChartTooltip content={<ChartTooltipContent />} />
        <Bar dataKey="count" fill="var(--color-count)" radius={4} />
      </BarChart>
    </ChartContainer>
  );
}

export function AccuracyByProviderChart({ data }: { data: FeedbackAnalysis['accuracyByProvider'] }) {
  const config: ChartConfig = { accuracy: { label: 'Accuracy', color: CHART_COLORS.usage, unit: '%' } };
  return (
    <ChartContainer config={config} style={{ height: Math.max(120, data.length * 36) }} className="aspect-auto" aria-hidden>
      <BarChart accessibilityLayer={false} layout="vertical" data={data} margin={{ left: 8, right: 16, top: 4, bottom: 4 }}>
        <CartesianGrid horizontal={false} />
        <XAxis type="number" domain={[0, 100]} tickLine={false} axisLine={false} />
        <YAxis type="category" dataKey="provider" width={160} tickLine={false} axisLine={false} />
        <ChartTooltip content={<ChartTooltipContent formatValue={(v) => `${v}%`} />} />
        <Bar dataKey="accuracy" fill="var(--color-accuracy)" radius={4} />
      </BarChart>
    </ChartContainer>
  );
}
