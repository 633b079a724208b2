import type { GamificationSummary } from '@wattwise/shared/contract/gamification';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Progress } from '@/components/ui/progress.tsx';

const usd = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** Level, monthly goal and next milestone: the three figures at the top of the overview. */
export function ProgressCards({ summary }: { summary: GamificationSummary }) {
  const goalShare = summary.monthlyGoalCents > 0 ? (summary.currentMonthSavingsCents / summary.monthlyGoalCents) * 100 : 0;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Card>
        <CardHeader>
          <CardTitle className="text-sm text-muted-foreground">Level</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          <p className="text-3xl font-semibold tabular-nums" data-testid="level">
            Level {summary.level}
          </p>
          <p className="text-sm tabular-nums" data-testid="points">
            {summary.points} points
          </p>
          <Progress value={summary.pointsIntoLevel} aria-label="Progress to the next level" />
          <p className="text-xs text-muted-foreground">{summary.pointsToNextLevel} points to level {summary.level + 1}</p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-sm text-muted-foreground">Monthly goal</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          <p className="text-3xl font-semibold tabular-nums" data-testid="monthly-goal">
            {usd(summary.currentMonthSavingsCents)} <span className="text-base font-normal text-muted-foreground">of {usd(summary.monthlyGoalCents)}</span>
          </p>
          <Progress value={goalShare} aria-label="Progress to the monthly goal" />
          <p className="text-xs text-muted-foreground">Monthly savings from the recommendations you implemented this month.</p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-sm text-muted-foreground">Next milestone</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          <p className="font-semibold">{summary.nextMilestone.title}</p>
          <Progress value={(summary.nextMilestone.progress / summary.nextMilestone.target) * 100} aria-label="Progress to the next milestone" />
          <p className="text-xs text-muted-foreground tabular-nums">
            {summary.nextMilestone.progress} of {summary.nextMilestone.target}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
