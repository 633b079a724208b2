import { RefreshCwIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useProcessingCosts } from '../api/processing-costs.ts';
import { formatCost } from '@/lib/format.ts';
import type { ProcessingCostSummary } from '@wattwise/shared/contract/processing';

const BADGE_VARIANT = { Excellent: 'success', Good: 'info', 'Needs Improvement': 'warning' } as const;

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border bg-background p-4">
      <p className="text-xs font-medium text-muted-foreground uppercase">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

function share(part: number, total: number): string {
  return total > 0 ? `${Math.round((part / total) * 100)}%` : '0%';
}

function CostFigures({ costs }: { costs: ProcessingCostSummary }) {
  const breakdownTotal = costs.textractCosts + costs.claudeCosts;
  return (
    <div className="grid gap-6">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Monthly Cost" value={formatCost(costs.monthlyCost)} hint={`Projected ${formatCost(costs.projectedMonthlyCost)}`} />
        <Stat label="Documents" value={costs.documentsProcessed.toLocaleString('en-US')} hint="Last 30 days" />
        <Stat label="Avg Cost/Doc" value={formatCost(costs.averageCostPerDocument)} />
        <Stat label="Cost Savings" value={`${costs.score}%`} />
      </div>
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Cost breakdown</h3>
        <dl className="grid gap-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt>Text extraction</dt>
            <dd className="tabular-nums">
              {formatCost(costs.textractCosts)} <span className="text-muted-foreground">({share(costs.textractCosts, breakdownTotal)})</span>
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>AI model</dt>
            <dd className="tabular-nums">
              {formatCost(costs.claudeCosts)} <span className="text-muted-foreground">({share(costs.claudeCosts, breakdownTotal)})</span>
            </dd>
          </div>
        </dl>
        <p className="text-xs text-muted-foreground">
          {costs.aiModels.length === 0
            ? 'No AI model was used in the last 30 days: bills were read by our rules alone.'
            : `AI models used: ${costs.aiModels.join(', ')} · ${costs.aiTokens.toLocaleString('en-US')} tokens, priced at each model's listed rate (a local model costs nothing).`}
        </p>
      </div>
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Recommendations</h3>
        {costs.recommendations.length ? (
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {costs.recommendations.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Processing is running efficiently; nothing to change right now.</p>
        )}
      </div>
    </div>
  );
}

/** Cost dashboard panel (01-core §2, §9): what reading bills has cost over the last 30 days. */
export function CostDashboardPanel({ enabled }: { enabled: boolean }) {
  const costs = useProcessingCosts({ enabled });
  return (
    <Card>
      <CardHeader className="grid-cols-[1fr_auto] items-start gap-3">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2>Processing cost tracker</h2>
          </CardTitle>
          <CardDescription>Usage and cost of reading your bills, from real processing runs.</CardDescription>
        </div>
        <div className="flex items-center gap-2">
          {costs.data && (
            <Badge variant={BADGE_VARIANT[costs.data.badge]} aria-label={`Efficiency: ${costs.data.badge}`}>
              {costs.data.badge}
            </Badge>
          )}
          <Button variant="outline" size="sm" onClick={() => void costs.refetch()} disabled={!enabled || costs.isFetching}>
            <RefreshCwIcon className={costs.isFetching ? 'animate-spin' : undefined} aria-hidden />
            Refresh Data
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {!enabled ? (
          <p className="text-sm text-muted-foreground">Sign in to see what processing your bills has cost.</p>
        ) : costs.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-24" />
            ))}
          </div>
        ) : costs.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load processing costs: {costs.error.message}
          </p>
        ) : (
          <CostFigures costs={costs.data} />
        )}
      </CardContent>
    </Card>
  );
}
