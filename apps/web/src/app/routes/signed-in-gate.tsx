import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAuthDialog } from '@/features/auth/auth-dialog-context.ts';
import { useAuth } from '@/hooks/use-auth.ts';

/** A screen of the user's own progress: a sign-in card for visitors ('Authentication Required'). */
export function SignedInGate({ path, what, children }: { path: string; what: string; children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  if (isLoading) return <Skeleton className="mx-auto my-10 h-64 w-full max-w-[1200px]" />;
  if (isAuthenticated) return children;
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <Card className="max-w-lg">
        <CardHeader>
          <CardTitle>
            <h1>Authentication Required</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid justify-items-start gap-3">
          <p className="text-sm text-muted-foreground">Sign in to see {what}.</p>
          <Button onClick={() => openAuthDialog('signin', path)}>Sign In</Button>
        </CardContent>
      </Card>
    </section>
  );
}
