import { Share2, Target } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useGamification } from '../api/gamification.ts';
import { AchievementsTab } from './achievements-tab.tsx';
import { GoalDialog } from './goal-dialog.tsx';
import { ProgressCards } from './progress-cards.tsx';
import { QuickActions } from './quick-actions.tsx';
import { useShareProgress } from './share-actions.ts';
import { StreaksTab } from './streaks-tab.tsx';

/** /gamification, Energy Achievements (02-tools §2.5): tabs Overview, Achievements, Streaks. */
export function GamificationPage() {
  const query = useGamification(true);
  const share = useShareProgress();
  const [goalOpen, setGoalOpen] = useState(false);
  return (
    <section className="mx-auto grid w-full max-w-[1200px] gap-6 px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold">Energy Achievements</h1>
          <p className="mt-1 text-muted-foreground">Points, badges and streaks for the things you do to save energy.</p>
        </div>
        {query.data && (
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => setGoalOpen(true)}>
              <Target aria-hidden /> Set Goals
            </Button>
            <Button onClick={() => query.data && void share(query.data)}>
              <Share2 aria-hidden /> Share Progress
            </Button>
          </div>
        )}
      </div>
      {query.isError ? (
        <p role="alert" className="text-destructive">
          Failed to load your achievements.
        </p>
      ) : !query.data ? (
        <Skeleton className="h-96" />
      ) : (
        <Tabs defaultValue="overview">
          <TabsList>
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="achievements">Achievements</TabsTrigger>
            <TabsTrigger value="streaks">Streaks</TabsTrigger>
          </TabsList>
          <TabsContent value="overview" className="mt-6 grid gap-6">
            <ProgressCards summary={query.data} />
            <QuickActions summary={query.data} />
          </TabsContent>
          <TabsContent value="achievements" className="mt-6">
            <AchievementsTab summary={query.data} />
          </TabsContent>
          <TabsContent value="streaks" className="mt-6">
            <StreaksTab summary={query.data} />
          </TabsContent>
        </Tabs>
      )}
      {query.data && <GoalDialog open={goalOpen} onOpenChange={setGoalOpen} currentCents={query.data.monthlyGoalCents} />}
    </section>
  );
}
