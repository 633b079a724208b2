import { GAMIFICATION_MESSAGES } from '@wattwise/shared/contract/gamification';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonVariants } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Progress } from '@/components/ui/progress.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useRecommendations } from '@/features/analysis/api/recommendations.ts';
import { useGamification, useImplementRecommendation } from '@/features/gamification/api/gamification.ts';
import { ProgressCards } from '@/features/gamification/components/progress-cards.tsx';
import { ReferralCard } from '@/features/gamification/components/referral-card.tsx';
import { formatMoney } from '@/lib/format.ts';
import { SignedInGate } from './signed-in-gate.tsx';

/** /smart-dashboard (02-tools §2.5): personalised recommendations, achievements and challenges, share and referral. */
function SmartDashboard() {
  const game = useGamification(true);
  const recommendations = useRecommendations(undefined, { enabled: true });
  const implement = useImplementRecommendation();
  const implemented = new Set(game.data?.implementedRecommendationIds ?? []);
  const list = recommendations.data ?? [];
  const doneCount = list.filter((r) => implemented.has(r.id)).length;
  const claimable = (game.data?.achievements.filter((a) => a.claimable).length ?? 0) + (game.data?.challenges.filter((c) => c.completable).length ?? 0);
  return (
    <section className="mx-auto grid w-full max-w-[1200px] gap-6 px-4 py-10 md:px-6">
      <div>
        <h1 className="text-3xl font-semibold">Smart Dashboard</h1>
        <p className="mt-1 text-muted-foreground">Your recommendations, achievements and challenges in one place.</p>
      </div>
      {game.data ? <ProgressCards summary={game.data} /> : <Skeleton className="h-40" />}
      <Card>
        <CardHeader>
          <CardTitle>Personalised recommendations</CardTitle>
          <CardDescription>
            {doneCount} of {list.length} implemented
          </CardDescription>
          <Progress value={list.length ? (doneCount / list.length) * 100 : 0} aria-label="Recommendations implemented" />
        </CardHeader>
        <CardContent>
          {recommendations.isPending ? (
            <Skeleton className="h-32" />
          ) : list.length === 0 ? (
            <div className="grid justify-items-start gap-2">
              <p className="text-sm text-muted-foreground">Recommendations appear once a bill has been analysed.</p>
              <Link to="/bill-upload" className={buttonVariants()}>
                Upload your first bill
              </Link>
            </div>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {list.map((r) => (
                <li key={r.id} className="grid gap-2 rounded-lg border p-4">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="font-medium">{r.title}</h3>
                    <Badge variant={r.priority === 'high' ? 'destructive' : r.priority === 'medium' ? 'warning' : 'secondary'}>{r.priority}</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">{r.description}</p>
                  <p className="text-sm tabular-nums">
                    {formatMoney(r.savings)} {r.savingsPeriod === 'one_time' ? 'once' : 'a year'}
                  </p>
                  {implemented.has(r.id) ? (
                    <Badge variant="success" className="w-fit">
                      Implemented
                    </Badge>
                  ) : (
                    <Button
                      size="sm"
                      className="w-fit"
                      disabled={implement.isPending}
                      onClick={() =>
                        implement.mutate(r.id, {
                          onSuccess: (done) => toast.success(GAMIFICATION_MESSAGES.implemented(done.title, done.annualSavings.toFixed(2))),
                          onError: (e) => toast.error(e.message),
                        })
                      }
                    >
                      Mark as Implemented
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Achievements and challenges</CardTitle>
            <CardDescription>
              {claimable > 0 ? `${claimable} ready to claim.` : 'Keep going: your next badge is on its way.'} {game.data ? `${game.data.streak.current}-day streak (${game.data.streak.level}).` : ''}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            {game.data?.challenges.map((c) => (
              <div key={c.id} className="grid gap-1">
                <span className="text-sm">
                  {c.title} <span className="text-muted-foreground tabular-nums">({c.progress}/{c.maxProgress})</span>
                </span>
                <Progress value={(c.progress / c.maxProgress) * 100} aria-label={`${c.title}: ${c.progress} of ${c.maxProgress}`} />
              </div>
            ))}
            <Link to="/gamification" className={buttonVariants({ variant: 'outline', className: 'mt-2 w-fit' })}>
              See all achievements
            </Link>
          </CardContent>
        </Card>
        {game.data && <ReferralCard summary={game.data} />}
      </div>
    </section>
  );
}

export function SmartDashboardRoute() {
  return (
    <SignedInGate path="/smart-dashboard" what="your recommendations, achievements and referral link">
      <SmartDashboard />
    </SignedInGate>
  );
}
