import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSignOut } from '../api/auth-mutations.ts';

/** Signs out, says so, and goes home (01-core §4); failures get the spec's toast. */
export function useSignOutAction() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const run = useCallback(async () => {
    // The shared auth module (zod rules) and the toasts load on demand so the header stays light.
    const [{ AUTH_MESSAGES }, { toast }] = await Promise.all([import('@wattwise/shared/auth'), import('sonner')]);
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
