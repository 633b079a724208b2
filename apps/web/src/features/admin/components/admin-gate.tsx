import { ADMIN_MESSAGES } from '@wattwise/shared/contract/admin';
import { Loader2Icon } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '@/hooks/use-auth.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useAdminStatus } from '../api/admin-status.ts';

/** The two toasts of a refused admin page: the shell's (01-core §6) or the feedback page's (02-tools §8). */
export type AdminGateMessages = { denied: string; failed: string };
export const ADMIN_SHELL_MESSAGES: AdminGateMessages = { denied: ADMIN_MESSAGES.accessDenied, failed: ADMIN_MESSAGES.authError };

/**
 * The client side of an admin page: a spinner while the server checks, then the page for an
 * admin; anyone else gets the spec's toast and goes to /dashboard. The server's 403 on every
 * admin endpoint is the real check; this only spares a non-admin an empty page.
 */
export function AdminGate({ children, messages = ADMIN_SHELL_MESSAGES }: { children: ReactNode; messages?: AdminGateMessages }) {
  const { isAuthenticated, isLoading } = useAuth();
  const status = useAdminStatus(isAuthenticated);
  const navigate = useNavigate();
  const refused = !isLoading && (!isAuthenticated || status.isError);

  useEffect(() => {
    if (!refused) return;
    const denied = !isAuthenticated || (status.error instanceof ApiError && (status.error.status === 403 || status.error.status === 401));
    toast.error(denied ? messages.denied : messages.failed);
    void navigate('/dashboard', { replace: true });
  }, [refused, isAuthenticated, status.error, messages, navigate]);

  if (status.isSuccess) return <>{children}</>;
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-2 text-muted-foreground">
      <Loader2Icon className="size-5 animate-spin motion-reduce:animate-none" aria-hidden />
      Checking permissions…
    </div>
  );
}
