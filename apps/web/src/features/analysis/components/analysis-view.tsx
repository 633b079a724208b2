import type { BillAnalysis, BillComparison, LoadFigure } from '@wattwise/shared/analysis/types';
import type { ReactNode } from 'react';
import { AlertTriangleIcon, ArrowDownIcon, ArrowUpIcon, CheckCircle2Icon } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { cn } from '@/lib/utils.ts';
import { estimateText, missingInputsText, noIssuesText } from '../lib/analysis-text.ts';
import { formatChange, formatMoney, formatMonth, formatPercent, formatUnitPrice, formatUsage, MISSING_VALUE } from '@/lib/format.ts';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string | null }) {
  return (
    <div className="rounded-lg border bg-background p-4">
      <p className="text-xs font-medium text-muted-foreground uppercase">{label}</p>
      <p className="mt-1 text-xl font-semibold tabular-nums">{value}</p>
      {detail && <p className="mt-1 text-xs text-muted-foreground">{detail}</p>}
    </div>
  );
}

/** Change with an arrow: for costs and usage, down is good (primary) and up is destructive. */
function Change({ value }: { value: number | null }) {
  const text = formatChange(value);
  if (!text || value == null) return <span className="text-muted-foreground">—</span>;
  const Icon = value > 0 ? ArrowUpIcon : ArrowDownIcon;
  return (
    <span className={cn('inline-flex items-center gap-0.5 tabular-nums', value > 0 ? 'text-destructive' : value < 0 ? 'text-primary' : '')}>
      {value !== 0 && <Icon className="size-3.5" aria-hidden />}
      {text}
    </span>
  );
}

function ComparisonRow({ title, comparison, unit }: { title: string; comparison: BillComparison | null; unit: string | null }) {
  if (!comparison) {
    return (
      <tr className="border-b last:border-0">
        <th scope="row" className="py-2 pr-4 text-left font-normal">
          {title}
        </th>
        <td colSpan={2} className="py-2 text-muted-foreground">
          No earlier bill to compare with
        </td>
      </tr>
    );
  }
  return (
    <tr className="border-b last:border-0">
      <th scope="row" className="py-2 pr-4 text-left font-normal">
        {title}
        {comparison.month && <span className="block text-xs text-muted-foreground">{formatMonth(comparison.month)}</span>}
      </th>
      <td className="py-2 pr-4 tabular-nums">
        {comparison.cost.previous != null ? formatMoney(comparison.cost.previous) : '—'} <Change value={comparison.cost.changePct} />
      </td>
      <td className="py-2 tabular-nums">
        {formatUsage(comparison.usage.previous, unit) ?? '—'} <Change value={comparison.dailyUsage.changePct} />
      </td>
    </tr>
  );
}

function loadText(load: LoadFigure | null): string {
  if (!load) return 'Needs more bills';
  const perDay = load.perDay.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `${perDay} ${load.unit ?? ''}/day`.trim();
}

const SEVERITY_VARIANT = { high: 'destructive', medium: 'warning', low: 'secondary' } as const;

/** The saved analysis of one bill: costs, loads, comparisons, anomalies and potential billing issues. */
export function AnalysisView({ analysis }: { analysis: BillAnalysis }) {
  const { costs } = analysis;
  const unit = costs.unit;
  const missing = missingInputsText(analysis.missingInputs);
  const pastDue = costs.pastDueBalance ?? null;
  return (
    <div className="grid gap-6">
      {missing && (
        <p role="note" className="rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
          {missing}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Figure
          label="Charges this period"
          value={costs.currentCharges != null ? formatMoney(costs.currentCharges) : MISSING_VALUE}
          detail={estimateText(analysis.figures?.currentCharges) ?? (pastDue != null ? `Plus ${formatMoney(pastDue)} past due from earlier bills` : null)}
        />
        <Figure
          label="Cost per unit"
          value={costs.costPerUnit != null ? formatUnitPrice(costs.costPerUnit, unit) : '—'}
          detail={estimateText(analysis.figures?.costPerUnit) ?? (costs.marginalRate != null ? `Next unit ${formatUnitPrice(costs.marginalRate, unit)}` : null)}
        />
        <Figure
          label="Fixed vs variable"
          value={costs.fixedShare != null ? `${formatMoney(costs.fixed)} / ${formatMoney(costs.variable)}` : '—'}
          detail={
            estimateText(analysis.figures?.fixedVsVariable) ??
            (costs.fixedShare != null
              ? `${formatPercent(costs.fixedShare)} of this period's charges is fixed`
              : costs.charges.length
                ? 'The itemised charges could not be checked against the amount'
                : 'No itemised charges were read from this bill')
          }
        />
        <Figure
          label="Base load"
          value={loadText(analysis.baseLoad)}
          detail={analysis.baseLoad ? `${formatPercent(analysis.baseLoad.share)} of this bill's daily use` : null}
        />
        <Figure
          label="Variable load"
          value={loadText(analysis.variableLoad)}
          detail={analysis.variableLoad ? `${formatPercent(analysis.variableLoad.share)} of this bill's daily use` : null}
        />
      </div>

      <section aria-labelledby="comparisons-title" className="grid gap-2">
        <h3 id="comparisons-title" className="font-semibold">
          Compared with
        </h3>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-4 font-medium">
                Bill
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Cost then, change
              </th>
              <th scope="col" className="py-2 font-medium">
                Usage then, daily change
              </th>
            </tr>
          </thead>
          <tbody>
            <ComparisonRow title="Previous bill" comparison={analysis.comparisons.previousBill} unit={unit} />
            <ComparisonRow title="Same month last year" comparison={analysis.comparisons.sameMonthLastYear} unit={unit} />
          </tbody>
        </table>
        {analysis.seasonalExpectation && (
          <p className="text-sm text-muted-foreground">
            Expected for {analysis.seasonalExpectation.monthName}: about{' '}
            {formatUsage(analysis.seasonalExpectation.periodUsage, unit)} (
            {analysis.seasonalExpectation.basis === 'same_month_last_year' ? 'same month last year' : 'your seasonal pattern'}).
          </p>
        )}
      </section>

      <section aria-labelledby="anomalies-title" className="grid gap-2">
        <h3 id="anomalies-title" className="font-semibold">
          Usage anomalies
        </h3>
        {analysis.usageAnomalies.length ? (
          <ul className="grid gap-2">
            {analysis.usageAnomalies.map((anomaly) => (
              <li key={anomaly.metric} className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm">
                <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
                <div className="grid gap-1">
                  <p>{anomaly.explanation}</p>
                  <p className="text-xs text-muted-foreground">
                    Confidence {formatPercent(anomaly.confidence)}
                    {anomaly.excessCost != null && anomaly.excessCost > 0 && ` · about ${formatMoney(anomaly.excessCost)} above expected`}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CheckCircle2Icon className="size-4 text-brand" aria-hidden />
            Nothing unusual compared with your earlier bills
            {analysis.historyUsed === 0 ? ' (no earlier bills of this account yet)' : ''}.
          </p>
        )}
      </section>

      <section aria-labelledby="issues-title" className="grid gap-2">
        <h3 id="issues-title" className="font-semibold">
          Potential issues
        </h3>
        {analysis.potentialIssues.length ? (
          <ul className="grid gap-2">
            {analysis.potentialIssues.map((issue) => (
              <li key={issue.code} className="grid gap-1 rounded-lg border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={SEVERITY_VARIANT[issue.severity]} className="capitalize">
                    {issue.severity}
                  </Badge>
                  <span className="font-medium">{issue.title}</span>
                  {issue.amount != null && <span className="ml-auto tabular-nums">{formatMoney(issue.amount)}</span>}
                </div>
                <p className="text-muted-foreground">{issue.detail}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{noIssuesText(analysis.checksRun)}</p>
        )}
      </section>

      {(analysis.weatherImpactAnalysis.summary || analysis.peakUsageTimes.note || analysis.annualEstimate?.cost != null) && (
        <section aria-labelledby="patterns-title" className="grid gap-2 text-sm">
          <h3 id="patterns-title" className="font-semibold">
            Patterns
          </h3>
          {analysis.weatherImpactAnalysis.summary && <p>{analysis.weatherImpactAnalysis.summary}</p>}
          {analysis.peakUsageTimes.note && <p>{analysis.peakUsageTimes.note}</p>}
          {analysis.annualEstimate?.cost != null && (
            <p>
              Estimated yearly cost: <span className="font-medium tabular-nums">{formatMoney(analysis.annualEstimate.cost)}</span>
              {analysis.annualEstimate.usage != null && <> for about {formatUsage(analysis.annualEstimate.usage, unit)}</>}
              {analysis.annualEstimate.basis === 'last_12_months'
                ? ', from this account’s last 12 months of bills.'
                : ', from this bill’s level over a year; a full year of bills will replace it.'}
            </p>
          )}
        </section>
      )}
      {analysis.notes.length > 0 && (
        <ul className="list-disc pl-5 text-xs text-muted-foreground">
          {analysis.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function AnalysisCard({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Card>
      <CardHeader className="grid-cols-[1fr_auto] items-center">
        <CardTitle>
          <h2 className="text-lg">Analysis</h2>
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
