import { NOTIFICATION_MESSAGES } from '@wattwise/shared/contract/notifications';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { apiRequest } from '@/lib/api-client.ts';

/** /unsubscribe: the footer link of every non-essential email; one button, no sign-in. */
export function UnsubscribePanel({ token }: { token: string | null }) {
  const unsubscribe = useMutation({
    mutationFn: () => apiRequest<{ unsubscribed: true }>(`/api/notifications/unsubscribe?token=${encodeURIComponent(token ?? '')}`, { method: 'POST' }),
  });
  return (
    <Card className="mx-auto mt-8 max-w-lg text-center">
      <CardContent className="grid gap-3" aria-live="polite">
        {!token || unsubscribe.isError ? (
          <p className="text-destructive">{NOTIFICATION_MESSAGES.invalidUnsubscribe}</p>
        ) : unsubscribe.isSuccess ? (
          <p>{NOTIFICATION_MESSAGES.unsubscribed}</p>
        ) : (
          <>
            <p>Stop receiving Wattwise emails? Account messages (email confirmation, password reset, receipts) still come, and your alerts stay in your notifications.</p>
            <Button className="mx-auto w-fit" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
              Unsubscribe
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
