import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useSignOut } from '../api/auth-mutations.ts';

/** Signs out, says so, and goes home (01-core §4); failures get the spec's toast. */
export function useSignOutAction() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const run = useCallback(async () => {
    // The shared auth module carries the zod rules too; load it on demand so the header stays light.
    const { AUTH_MESSAGES } = await import('@wattwise/shared/auth');
    try {
      await signOut.mutateAsync();
      toast.success(AUTH_MESSAGES.signedOut);
      await navigate('/');
    } catch {
      toast.error(AUTH_MESSAGES.signOutFailedTitle, { description: AUTH_MESSAGES.signOutFailed });
    }
  }, [signOut, navigate]);
  return { signOut: run, isPending: signOut.isPending };
}
