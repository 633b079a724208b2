import { MessageSquareIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { formatMoney } from '@/lib/format.ts';
import { SimpleFeedbackDialog } from './simple-feedback-dialog.tsx';

export interface RecommendationView {
  id: string;
  title: string;
  description: string;
  /** Dollars per year, or once when `oneTime`. */
  savings: number;
  oneTime?: boolean;
  difficulty: string;
  upfrontCost: number;
  paybackPeriodMonths: number;
  steps: string[];
  /** The bill the advice was worked out from (shown on the overview, where cards of many bills meet). */
  source?: { label: string; href: string } | null;
  /** The bill's usage or amount was read unsure: the figure is an estimate until the user confirms it. */
  needsConfirmation?: 'usage' | 'amount' | null;
  billId?: string;
}

const DIFFICULTY_VARIANT: Record<string, 'success' | 'warning' | 'destructive'> = {
  low: 'success',
  easy: 'success',
  medium: 'warning',
  high: 'destructive',
  hard: 'destructive',
};

function paybackText(months: number, upfrontCost: number): string {
  if (upfrontCost <= 0 || months <= 0) return 'Immediate';
  if (months < 12) return `${months.toLocaleString('en-US', { maximumFractionDigits: 1 })} months`;
  return `${(months / 12).toLocaleString('en-US', { maximumFractionDigits: 1 })} years`;
}

/** One recommendation: what to do, what it saves per year, effort, upfront cost, payback and steps. */
export function RecommendationCardView({ recommendation }: { recommendation: RecommendationView }) {
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const difficulty = recommendation.difficulty.toLowerCase();
  return (
    <Card className="h-full">
      <CardHeader className="grid-cols-[1fr_auto] items-start gap-2">
        <CardTitle>
          <h3>{recommendation.title}</h3>
        </CardTitle>
        <Badge variant={DIFFICULTY_VARIANT[difficulty] ?? 'secondary'} className="capitalize">
          {difficulty} effort
        </Badge>
      </CardHeader>
      <CardContent className="grid flex-1 gap-4">
        {recommendation.needsConfirmation ? (
          // No money figure (nor the rate comparison in the description) from a value the reader was unsure of.
          <div className="grid gap-1">
            <Badge variant="warning" className="w-fit">
              Estimate
            </Badge>
            <p className="text-sm">
              The {recommendation.needsConfirmation === 'usage' ? 'usage' : 'amount'} on this bill needs checking.{' '}
              {recommendation.billId ? (
                <Link to={`/dashboard/bills/${encodeURIComponent(recommendation.billId)}`} className="font-medium text-accent underline-offset-4 hover:underline">
                  Confirm {recommendation.needsConfirmation} to see this
                </Link>
              ) : (
                `Confirm ${recommendation.needsConfirmation} to see this`
              )}
              .
            </p>
          </div>
        ) : (
          <>
            <div>
              <p className="text-xs font-medium text-muted-foreground uppercase">
                {recommendation.oneTime ? 'Estimated refund' : 'Estimated savings per year'}
              </p>
              <p className="text-2xl font-semibold text-brand tabular-nums">{formatMoney(recommendation.savings)}</p>
            </div>
            <p className="text-sm text-muted-foreground">{recommendation.description}</p>
          </>
        )}
        {recommendation.source && (
          <Link to={recommendation.source.href} className="w-fit text-sm text-accent underline-offset-4 hover:underline">
            {recommendation.source.label}
          </Link>
        )}
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-muted-foreground">Upfront cost</dt>
            <dd className="tabular-nums">{formatMoney(recommendation.upfrontCost)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Payback</dt>
            <dd>{paybackText(recommendation.paybackPeriodMonths, recommendation.upfrontCost)}</dd>
          </div>
        </dl>
        {recommendation.steps.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">Steps ({recommendation.steps.length})</summary>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-muted-foreground">
              {recommendation.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </details>
        )}
      </CardContent>
      <CardFooter>
        <Button variant="ghost" size="sm" onClick={() => setFeedbackOpen(true)}>
          <MessageSquareIcon aria-hidden />
          Feedback
        </Button>
      </CardFooter>
      <SimpleFeedbackDialog
        open={feedbackOpen}
        onOpenChange={setFeedbackOpen}
        entityType="recommendation"
        entityId={recommendation.id}
        originalValue={`${recommendation.title}: ${formatMoney(recommendation.savings)}`}
        title={`About “${recommendation.title}”`}
      />
    </Card>
  );
}
