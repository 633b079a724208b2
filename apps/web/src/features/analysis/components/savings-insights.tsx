import { CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { CHART_COLORS, ChartContainer, ChartTooltip, ChartTooltipContent, type ChartConfig } from '@/components/ui/chart.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { buildAccountSeries, describeInsightsLegend, type AccountSeries, type ChartPoint } from '../lib/chart-data.ts';
import { formatMoney, formatUsage, MISSING_VALUE } from '@/lib/format.ts';
import type { BillFigures } from '@wattwise/shared/contract/bills';
import type { ReactNode } from 'react';
import { WEATHER_BILL_TYPES, WeatherComparison } from './weather-comparison.tsx';

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
  payload?: ChartPoint;
}

/** Anomalies as destructive dots (docs/design.md); ordinary months get a small dot in the series colour. */
function seriesDot(color: string) {
  function SeriesDot({ cx, cy, index, payload }: DotProps) {
    if (cx == null || cy == null) return <g key={index} />;
    return payload?.hasAnomalies ? (
      <circle key={index} cx={cx} cy={cy} r={5} fill={CHART_COLORS.anomaly} stroke="var(--background)" strokeWidth={1.5} />
    ) : (
      <circle key={index} cx={cx} cy={cy} r={3} fill={color} />
    );
  }
  return SeriesDot;
}

function SeriesChart({ series, kind }: { series: AccountSeries; kind: 'usage' | 'cost' }) {
  const isUsage = kind === 'usage';
  const unit = series.unit ?? '';
  const config: ChartConfig = isUsage
    ? { usage: { label: `Usage (${unit || 'units'})`, color: CHART_COLORS.usage }, lastYearUsage: { label: 'Last year', color: CHART_COLORS.lastYear } }
    : { cost: { label: 'Cost', color: CHART_COLORS.cost }, lastYearCost: { label: 'Last year', color: CHART_COLORS.lastYear } };
  const [mainKey, lastYearKey] = isUsage ? (['usage', 'lastYearUsage'] as const) : (['cost', 'lastYearCost'] as const);
  const hasLastYear = series.points.some((point) => point[lastYearKey] != null);
  const format = (value: number) => (isUsage ? (formatUsage(value, unit) ?? '') : formatMoney(value));
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm font-medium">{isUsage ? 'Usage over time' : 'Cost over time'}</figcaption>
      <ChartContainer config={config} className="aspect-[16/9]" aria-hidden>
        <LineChart accessibilityLayer={false} data={series.points} margin={{ left: 4, right: 12, top: 8, bottom: 0 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tickMargin={8} minTickGap={16} />
          <YAxis
            tickLine={false}
            axisLine={false}
            width={isUsage ? 48 : 56}
            tickFormatter={(value: number) => (isUsage ? value.toLocaleString('en-US') : `$${value.toLocaleString('en-US')}`)}
          />
          <ChartTooltip content={<ChartTooltipContent formatValue={(value) => format(value)} />} />
          {hasLastYear && (
            <Line
              dataKey={lastYearKey}
              type="monotone"
              stroke={`var(--color-${lastYearKey})`}
              strokeDasharray="5 4"
              strokeWidth={1.5}
              dot={false}
              connectNulls
              isAnimationActive={false}
            />
          )}
          <Line
            dataKey={mainKey}
            type="monotone"
            stroke={`var(--color-${mainKey})`}
            strokeWidth={2}
            dot={seriesDot(`var(--color-${mainKey})`)}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </ChartContainer>
    </figure>
  );
}

/** Beside a figure read unsure: an estimate until the user confirms it on the bill's page. */
function EstimateMark({ what }: { what: 'usage' | 'amount' }) {
  return <span className="block text-xs text-muted-foreground">estimate: confirm the {what}</span>;
}

function SeriesTable({ series }: { series: AccountSeries }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium">Show the numbers</summary>
      <Table className="mt-2">
        <caption className="sr-only">{`Usage and cost by month for ${series.title}`}</caption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Month</TableHead>
            <TableHead scope="col" className="text-right">
              Usage
            </TableHead>
            <TableHead scope="col" className="text-right">
              Cost
            </TableHead>
            <TableHead scope="col" className="text-right">
              Last year
            </TableHead>
            <TableHead scope="col">Unusual</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {series.points.map((point) => (
            <TableRow key={point.month}>
              <TableCell>{point.label}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatUsage(point.usage, series.unit) ?? '—'}
                {point.usageEstimate && <EstimateMark what="usage" />}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {point.cost != null ? formatMoney(point.cost) : MISSING_VALUE}
                {point.costEstimate && <EstimateMark what="amount" />}
              </TableCell>
              <TableCell className="text-right tabular-nums">{point.lastYearCost != null ? formatMoney(point.lastYearCost) : '—'}</TableCell>
              <TableCell>{point.hasAnomalies ? 'Yes' : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </details>
  );
}

/** 'Detailed Savings Insights': usage and cost over time for each utility account, with a text summary. */
/** `empty`: what shows before any bill has been read (the screen's empty state). */
export function SavingsInsights({ bills, empty }: { bills: BillFigures[]; empty: ReactNode }) {
  const series = buildAccountSeries(bills);
  return (
    <section aria-labelledby="insights-title" className="grid gap-4">
      <div>
        <h2 id="insights-title" className="text-xl font-semibold">
          Detailed Savings Insights
        </h2>
        <p className="text-sm text-muted-foreground">{describeInsightsLegend(series)}</p>
      </div>
      {series.length === 0 ? (
        empty
      ) : (
        series.map((item) => (
          <Card key={item.key}>
            <CardHeader>
              <CardTitle>
                <h3>{item.title}</h3>
              </CardTitle>
              <CardDescription>{item.summary}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6">
              {/* One bill makes no line: the summary above says what the next bill will show. */}
              {item.points.length > 1 && (
                <div className="grid gap-6 md:grid-cols-2">
                  {item.points.some((point) => point.usage != null) && <SeriesChart series={item} kind="usage" />}
                  <SeriesChart series={item} kind="cost" />
                </div>
              )}
              <SeriesTable series={item} />
              {item.latestBill && item.points.length > 1 && WEATHER_BILL_TYPES.includes(item.latestBill.billType) && <WeatherComparison billId={item.latestBill.id} />}
            </CardContent>
          </Card>
        ))
      )}
    </section>
  );
}
