import { ACTION_POINTS } from '@wattwise/shared/gamification/rules';
import type { GamificationSummary } from '@wattwise/shared/contract/gamification';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { useCompleteTip } from '../api/gamification.ts';
import { useShareProgress } from './share-actions.ts';

/** Overview quick actions (02-tools §2.5): Upload Bill +10, Connect Device +25, Complete Tip +15, Share Win +5. */
export function QuickActions({ summary }: { summary: GamificationSummary }) {
  const completeTip = useCompleteTip();
  const share = useShareProgress();
  const nextTip = summary.tips.find((t) => !t.completed) ?? null;
  const doTip = () =>
    nextTip &&
    completeTip.mutate(nextTip.id, {
      onSuccess: (award) => toast.success(award.message),
      onError: () => toast.error('Failed to complete the tip.'),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
        <CardDescription>Points come from what you actually do.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Link to="/bill-upload" className={buttonVariants({ variant: 'outline', className: 'h-auto flex-col py-3' })}>
          Upload Bill <span className="text-xs text-[color-mix(in_oklab,var(--primary)_70%,black)] dark:text-primary">+{ACTION_POINTS.billUploaded} points</span>
        </Link>
        <Link to="/smart-home" className={buttonVariants({ variant: 'outline', className: 'h-auto flex-col py-3' })}>
          Connect Device <span className="text-xs text-[color-mix(in_oklab,var(--primary)_70%,black)] dark:text-primary">+{ACTION_POINTS.deviceConnected} points</span>
        </Link>
        <Button variant="outline" className="h-auto flex-col py-3" disabled={!nextTip || completeTip.isPending} onClick={doTip}>
          Complete Tip <span className="text-xs text-[color-mix(in_oklab,var(--primary)_70%,black)] dark:text-primary">+{ACTION_POINTS.tipCompleted} points</span>
        </Button>
        <Button variant="outline" className="h-auto flex-col py-3" onClick={() => void share(summary)}>
          Share Win <span className="text-xs text-[color-mix(in_oklab,var(--primary)_70%,black)] dark:text-primary">+{ACTION_POINTS.share} points</span>
        </Button>
        <p className="text-sm text-muted-foreground sm:col-span-2 lg:col-span-4">
          {nextTip ? (
            <>
              Next tip: <strong className="text-foreground">{nextTip.title}</strong> — press Complete Tip once you have done it.
            </>
          ) : (
            'You have completed every tip. Well done!'
          )}
        </p>
      </CardContent>
    </Card>
  );
}
