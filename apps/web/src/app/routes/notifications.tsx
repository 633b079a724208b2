import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAuthDialog } from '@/features/auth/auth-dialog-context.ts';
import { NotificationCentre } from '@/features/notifications/components/notification-centre.tsx';
import { useAuth } from '@/hooks/use-auth.ts';

/** /notifications (02-tools §2.10): the centre for a signed-in user, a sign-in prompt otherwise. */
export function NotificationsPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <h1 className="text-3xl font-semibold">Notifications</h1>
      <p className="mt-1 text-muted-foreground">Alerts about your bills, usage and savings, and how you want to receive them.</p>
      {isLoading ? (
        <Skeleton className="mt-8 h-48 w-full" />
      ) : isAuthenticated ? (
        <NotificationCentre />
      ) : (
        <Card className="mx-auto mt-8 max-w-lg text-center">
          <CardContent className="grid gap-3">
            <h2 className="text-lg font-semibold">Sign in to see your notifications</h2>
            <Button onClick={() => openAuthDialog('signin', '/notifications')}>Sign In</Button>
          </CardContent>
        </Card>
      )}
    </section>
  );
}
