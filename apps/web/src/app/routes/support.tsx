import { SUPPORT_MESSAGES } from '@wattwise/shared/contract/support';
import { LockIcon } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAuthDialog } from '@/features/auth/auth-dialog-context.ts';
import { SupportCenter } from '@/features/support/components/support-center.tsx';
import { useAuth } from '@/hooks/use-auth.ts';

/** /support (01-core §2): the Support Center, or 'Access Required' for a visitor. */
export function SupportPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <h1 className="text-3xl font-semibold">Support Center</h1>
      <p className="mt-1 text-muted-foreground">Follow your support tickets and our answers.</p>
      {isLoading ? (
        <Skeleton className="mt-8 h-48 w-full" />
      ) : isAuthenticated ? (
        <SupportCenter />
      ) : (
        <Card className="mx-auto mt-8 max-w-lg text-center">
          <CardContent className="grid justify-items-center gap-3">
            <LockIcon className="size-8 text-muted-foreground" aria-hidden />
            <h2 className="text-lg font-semibold">{SUPPORT_MESSAGES.accessRequiredTitle}</h2>
            <p className="text-sm text-muted-foreground">{SUPPORT_MESSAGES.accessRequired}</p>
            <Button onClick={() => openAuthDialog('signin', '/support')}>Sign In</Button>
          </CardContent>
        </Card>
      )}
    </section>
  );
}
