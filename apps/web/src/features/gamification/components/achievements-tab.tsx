import { ACHIEVEMENT_CATEGORIES } from '@wattwise/shared/gamification/rules';
import type { GamificationSummary } from '@wattwise/shared/contract/gamification';
import { Award } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Progress } from '@/components/ui/progress.tsx';
import { useClaimAchievement } from '../api/gamification.ts';

const CATEGORY_LABELS: Record<(typeof ACHIEVEMENT_CATEGORIES)[number], string> = {
  milestone: 'Milestones',
  consistency: 'Consistency',
  efficiency: 'Efficiency',
  savings: 'Savings',
  smart_home: 'Smart home',
  streak: 'Streaks',
};

/** Achievements tab: Recent Badges, six category progress cards, and each achievement with its Claim button. */
export function AchievementsTab({ summary }: { summary: GamificationSummary }) {
  const claim = useClaimAchievement();
  const recent = summary.achievements.filter((a) => a.unlocked).sort((a, b) => (b.unlockedAt ?? '').localeCompare(a.unlockedAt ?? '')).slice(0, 4);
  return (
    <div className="grid gap-6">
      <section aria-labelledby="recent-badges" className="grid gap-3">
        <h2 id="recent-badges" className="text-lg font-semibold">
          Recent Badges
        </h2>
        {recent.length === 0 ? (
          <p className="text-sm text-muted-foreground">No badges yet: claim an achievement below once it is finished.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {recent.map((a) => (
              <li key={a.id}>
                <Badge variant="secondary" className="gap-1 py-1">
                  <Award aria-hidden className="size-3.5" /> {a.title}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {ACHIEVEMENT_CATEGORIES.map((category) => {
          const items = summary.achievements.filter((a) => a.category === category);
          const unlocked = items.filter((a) => a.unlocked).length;
          return (
            <Card key={category}>
              <CardHeader>
                <CardTitle className="text-base">{CATEGORY_LABELS[category]}</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-2">
                <Progress value={items.length ? (unlocked / items.length) * 100 : 0} aria-label={`${CATEGORY_LABELS[category]}: ${unlocked} of ${items.length} unlocked`} />
                <p className="text-xs text-muted-foreground">
                  {unlocked} of {items.length} unlocked
                </p>
              </CardContent>
            </Card>
          );
        })}
      </div>
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Achievements">
        {summary.achievements.map((a) => (
          <li key={a.id} className="grid gap-2 rounded-lg border bg-card p-4">
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-medium">{a.title}</h3>
              <span className="text-sm tabular-nums text-[color-mix(in_oklab,var(--primary)_70%,black)] dark:text-primary">{a.points} points</span>
            </div>
            <p className="text-sm text-muted-foreground">{a.description}</p>
            <Progress value={(a.progress / a.maxProgress) * 100} aria-label={`${a.title}: ${a.progress} of ${a.maxProgress}`} />
            <div className="flex items-center justify-between text-xs text-muted-foreground">
              <span className="tabular-nums">
                {a.progress} / {a.maxProgress}
              </span>
              {a.unlocked ? (
                <Badge>Unlocked</Badge>
              ) : (
                <Button
                  size="sm"
                  disabled={!a.claimable || claim.isPending}
                  onClick={() => claim.mutate(a.id, { onSuccess: (award) => toast.success(award.message), onError: (e) => toast.error(e.message) })}
                >
                  Claim
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
