import type { GamificationSummary } from '@wattwise/shared/contract/gamification';
import { Flame } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Progress } from '@/components/ui/progress.tsx';
import { useClaimMilestone, useCompleteChallenge } from '../api/gamification.ts';

const MILESTONE_LABEL = { achieved: 'Achieved', reached: 'Reached', locked: 'Locked' } as const;

/** Streaks tab: the streak widget with its milestones, and the three Active Challenges. */
export function StreaksTab({ summary }: { summary: GamificationSummary }) {
  const claimMilestone = useClaimMilestone();
  const complete = useCompleteChallenge();
  const { streak } = summary;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Flame aria-hidden className="size-5 text-warning" /> {streak.current}-day streak
          </CardTitle>
          <CardDescription>
            {streak.level} · longest {streak.longest} days. A day counts when you upload a bill, complete a tip, share or implement a recommendation.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2" aria-label="Streak milestones">
            {streak.milestones.map((m) => (
              <li key={m.days} className="flex items-center justify-between gap-3 rounded-md border p-3">
                <span>
                  {m.days} days <span className="text-xs text-muted-foreground">({m.points} points)</span>
                </span>
                {m.state === 'reached' ? (
                  <Button size="sm" disabled={claimMilestone.isPending} onClick={() => claimMilestone.mutate(m.days, { onSuccess: (a) => toast.success(a.message), onError: (e) => toast.error(e.message) })}>
                    Claim
                  </Button>
                ) : (
                  <Badge variant={m.state === 'achieved' ? 'default' : 'outline'}>{MILESTONE_LABEL[m.state]}</Badge>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <section aria-labelledby="active-challenges" className="grid gap-3">
        <h2 id="active-challenges" className="text-lg font-semibold">
          Active Challenges
        </h2>
        {summary.challenges.map((c) => (
          <div key={c.id} className="grid gap-2 rounded-lg border bg-card p-4">
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-medium">{c.title}</h3>
              <span className="text-sm tabular-nums text-[color-mix(in_oklab,var(--primary)_70%,black)] dark:text-primary">+{c.reward} points</span>
            </div>
            <p className="text-sm text-muted-foreground">
              {c.description} Ends {new Date(`${c.deadline}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}.
            </p>
            <Progress value={(c.progress / c.maxProgress) * 100} aria-label={`${c.title}: ${c.progress} of ${c.maxProgress}`} />
            <div className="flex items-center justify-between text-xs text-muted-foreground">
              <span className="tabular-nums">
                {c.progress} / {c.maxProgress}
              </span>
              {c.completed ? (
                <Badge>Completed</Badge>
              ) : (
                <Button size="sm" disabled={!c.completable || complete.isPending} onClick={() => complete.mutate(c.id, { onSuccess: (a) => toast.success(a.message), onError: (e) => toast.error(e.message) })}>
                  Complete
                </Button>
              )}
            </div>
          </div>
        ))}
      </section>
    </div>
  );
}
