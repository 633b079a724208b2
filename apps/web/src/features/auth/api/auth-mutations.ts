import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  requestPasswordReset,
  resetPassword,
  sendVerificationEmail,
  signInWithEmail,
  signOut,
  signUpWithEmail,
  verifySecondFactor,
} from '@/lib/auth-client.ts';
import { authKeys } from '@/hooks/use-auth.ts';

/** Where the verification mail sends people back to (02-tools §2.18). */
export const SIGNUP_CALLBACK_PATH = '/auth/callback?type=signup';
export const RESET_PASSWORD_PATH = '/auth/reset-password';

export function nameFromEmail(email: string): string {
  return email.split('@')[0] ?? email;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string; captcha?: string }) =>
      signInWithEmail({ email: input.email, password: input.password }, input.captcha),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.all }),
  });
}

/** The code step after a sign-in answered twoFactorRedirect; the session starts when it succeeds. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.all }),
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string; captcha?: string }) =>
      signUpWithEmail(
        { email: input.email, password: input.password, name: nameFromEmail(input.email), callbackURL: SIGNUP_CALLBACK_PATH },
        input.captcha,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.all }),
  });
}

/** Ends the session, then forgets the session and everything cached for the signed-out user. */
export async function signOutAndForget(queryClient: QueryClient): Promise<void> {
  await signOut();
  queryClient.setQueryData(authKeys.session(), null);
  // Everything cached belonged to the signed-out user.
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'public-config' });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (input: { email: string; captcha?: string }) =>
      sendVerificationEmail({ email: input.email.trim().toLowerCase(), callbackURL: SIGNUP_CALLBACK_PATH }, input.captcha),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      requestPasswordReset({ email: email.trim().toLowerCase(), redirectTo: RESET_PASSWORD_PATH }),
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
