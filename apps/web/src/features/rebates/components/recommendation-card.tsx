import type { Rebate, Recommendation } from '@wattwise/shared/contract/rebates';
import { CheckCircle2Icon } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { wholeDollars } from '../lib/format.ts';
import { openApplication } from './apply-actions.ts';
import { ExpiryLine, HeadlineAmount, ProgramHeading } from './rebate-card-parts.tsx';

const PRIORITY_VARIANT = { High: 'destructive', Medium: 'warning', Low: 'secondary' } as const;

type Props = {
  pick: Recommendation;
  /** Program names of the picks this one excludes (take one of them). */
  alternatives?: string[];
  onExplain: (rebate: Rebate) => void;
  onCheckEligibility: (rebate: Rebate) => void;
  onTrack: (rebate: Rebate) => void;
};

/** A ranked pick (01-core §2): rank, priority, match, estimated savings, two reasons, actions. */
export function RecommendationCard({ pick, alternatives = [], onExplain, onCheckEligibility, onTrack }: Props) {
  const { rebate } = pick;
  return (
    <Card className="flex h-full flex-col" role="article" aria-label={`#${pick.rank} ${rebate.programName}`}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-semibold text-muted-foreground">#{pick.rank}</span>
          <Badge variant={PRIORITY_VARIANT[pick.priority]}>{pick.priority} Priority</Badge>
          <Badge variant="info">{pick.matchPercent}% match</Badge>
          {pick.eligibility === 'eligible' && (
            <Badge variant="success">
              <CheckCircle2Icon className="size-3" aria-hidden /> Likely eligible
            </Badge>
          )}
        </div>
        <ProgramHeading rebate={rebate} />
      </CardHeader>
      <CardContent className="grid flex-1 gap-3 text-sm">
        <HeadlineAmount label="Estimated savings" dollars={pick.estimatedSavings}>
          <p className="text-xs text-muted-foreground">
            Rebate up to {wholeDollars(rebate.monetaryValue)}
            {pick.annualBillSavings > 0 && <> + {wholeDollars(pick.annualBillSavings)}/year on your bills for 5 years</>}
            {pick.paybackYears !== null && pick.paybackYears > 0 && <> · pays back in {pick.paybackYears} years</>}
          </p>
        </HeadlineAmount>
        <p className="line-clamp-2 text-muted-foreground">{rebate.description}</p>
        {alternatives.length > 0 && (
          <p className="text-xs font-medium text-foreground">
            An alternative to {alternatives.join(', ')}: the same measure from one programme, so a home gets one of them, not both.
          </p>
        )}
        <ul className="grid gap-1">
          {pick.reasons.map((reason) => (
            <li key={reason} className="flex gap-2">
              <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span>{reason}</span>
            </li>
          ))}
        </ul>
        <ExpiryLine rebate={rebate} />
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => onExplain(rebate)}>
          Explain
        </Button>
        <Button size="sm" variant="outline" onClick={() => onCheckEligibility(rebate)}>
          Check Eligibility
        </Button>
        <Button size="sm" onClick={() => openApplication(rebate)}>
          Apply Now
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onTrack(rebate)}>
          Track application
        </Button>
      </CardFooter>
    </Card>
  );
}
