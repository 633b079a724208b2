import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';

/** Signs out, says so, and goes home (01-core §4); failures get the spec's toast. */
export function useSignOutAction() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);
  const run = useCallback(async () => {
    // The shared auth module (zod rules), the toasts and the auth calls load on demand so the header stays light.
    const [{ AUTH_MESSAGES }, { toast }, { signOutAndForget }] = await Promise.all([
      import('@wattwise/shared/auth'),
      import('sonner'),
      import('../api/auth-mutations.ts'),
    ]);
    setIsPending(true);
    try {
      await signOutAndForget(queryClient);
      toast.success(AUTH_MESSAGES.signedOut);
      await navigate('/');
    } catch {
      toast.error(AUTH_MESSAGES.signOutFailedTitle, { description: AUTH_MESSAGES.signOutFailed });
    } finally {
      setIsPending(false);
    }
  }, [queryClient, navigate]);
  return { signOut: run, isPending };
}
