import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { EmailTestPanel } from '@/features/email/components/email-test-page.tsx';
import { useAuth } from '@/hooks/use-auth.ts';

/** /email-test (02-tools §2.13, §6): signed-in only, guests go to the home page. */
export function EmailTestPage() {
  const { user, isAuthenticated, isLoading } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (!isLoading && !isAuthenticated) void navigate('/', { replace: true });
  }, [isLoading, isAuthenticated, navigate]);
  if (isLoading || !user) return <Skeleton className="mx-auto mt-10 h-64 w-full max-w-[1200px]" />;
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <h1 className="text-3xl font-semibold">Email Testing</h1>
      <p className="mt-1 text-muted-foreground">Send our emails to yourself, choose which ones you get, and see what happened to them.</p>
      <EmailTestPanel userEmail={user.email} />
    </section>
  );
}
