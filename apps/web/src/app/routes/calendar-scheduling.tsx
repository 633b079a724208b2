import { APPOINTMENT_MESSAGES } from '@wattwise/shared/contract/appointments';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { BackButton } from '@/components/ui/back-button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import type { OpenAuthState } from '@/features/auth/auth-dialog-context.ts';
import { Scheduling } from '@/features/appointments/components/scheduling.tsx';
import { useAuth } from '@/hooks/use-auth.ts';

/** /calendar-scheduling (02-tools §2.12): signed-out visitors go home with the sign-in dialog open. */
export function CalendarSchedulingPage() {
  const { isAuthenticated, isLoading, user } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (isLoading || isAuthenticated) return;
    toast.error(APPOINTMENT_MESSAGES.signInRequired);
    void navigate('/', { replace: true, state: { openAuth: 'signin', returnPath: '/calendar-scheduling' } satisfies OpenAuthState });
  }, [isLoading, isAuthenticated, navigate]);
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <BackButton size="sm" fallback="/dashboard" />
      <h1 className="mt-2 text-3xl font-semibold">Schedule Your Energy Consultation</h1>
      <p className="mt-1 text-muted-foreground">Talk through your bills and savings with an energy advisor.</p>
      {isAuthenticated && user ? <Scheduling defaults={{ name: user.name ?? '', email: user.email }} /> : <Skeleton className="mt-8 h-64 w-full" />}
    </section>
  );
}
