import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { signUpSchema } from '@wattwise/shared/auth';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useResetPassword } from '../api/auth-mutations.ts';
import type { OpenAuthState } from '../auth-dialog-context.ts';
import { describeAuthError } from '../auth-errors.ts';
import { PasswordInput } from './password-input.tsx';

export const resetPasswordSchema = z
  .object({ password: signUpSchema.shape.password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });
type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

const LINK_INVALID = 'This password reset link is invalid or has expired. Request a new one with “Forgot password?” in the sign-in dialog.';

/** New password from the emailed reset link (/auth/reset-password?token=…). */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const linkError = params.get('error');
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(linkError || !token ? LINK_INVALID : null);
  const { register, handleSubmit, formState } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!token) return;
    setFailure(null);
    try {
      await reset.mutateAsync({ newPassword: password, token });
      toast.success('Password updated', { description: 'You can now sign in with your new password.' });
      await navigate('/', { state: { openAuth: 'signin' } satisfies OpenAuthState });
    } catch (error) {
      const message =
        error instanceof ApiError && /TOKEN/.test(error.code) ? LINK_INVALID : describeAuthError(error, 'signup').message;
      setFailure(message);
      toast.error('Password reset failed', { description: message });
    }
  });

  const passwordError = formState.errors.password?.message;
  const confirmError = formState.errors.confirm?.message;

  return (
    <section className="mx-auto w-full max-w-md px-4 py-16">
      <h1 className="text-2xl font-semibold">Set a new password</h1>
      <p className="mt-1 text-muted-foreground">Choose a new password for your Wattwise account.</p>
      {failure && (
        <p role="alert" className="mt-6 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {failure}
        </p>
      )}
      {token && !linkError ? (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-6 grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="new-password">New password</Label>
            <PasswordInput
              id="new-password"
              autoComplete="new-password"
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? 'new-password-error' : 'new-password-rules'}
              {...register('password')}
            />
            {passwordError ? (
              <p id="new-password-error" className="text-sm text-destructive">
                {passwordError}
              </p>
            ) : (
              <p id="new-password-rules" className="text-xs text-muted-foreground">
                8+ characters with an uppercase letter, a lowercase letter, a number and a special character.
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="confirm-password">Confirm new password</Label>
            <PasswordInput
              id="confirm-password"
              autoComplete="new-password"
              aria-invalid={confirmError ? true : undefined}
              aria-describedby={confirmError ? 'confirm-password-error' : undefined}
              {...register('confirm')}
            />
            {confirmError && (
              <p id="confirm-password-error" className="text-sm text-destructive">
                {confirmError}
              </p>
            )}
          </div>
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            Update password
          </Button>
        </form>
      ) : (
        <Button asChild className="mt-6">
          <Link to="/">Return to Home</Link>
        </Button>
      )}
    </section>
  );
}
