import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { AUTH_MESSAGES, isValidEmail, signInSchema, signUpSchema } from '@wattwise/shared/auth';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useCaptcha } from '@/lib/captcha/use-captcha.ts';
import { usePublicConfig } from '@/lib/public-config.ts';
import { useRequestPasswordReset, useResendVerification, useSignIn, useSignUp } from '../api/auth-mutations.ts';
import type { AuthMode } from '../auth-dialog-context.ts';
import { describeAuthError, describeResendError, type AuthErrorView } from '../auth-errors.ts';
import { tryStartAuthAttempt } from '../throttle.ts';
import { AuthErrorAlert, AuthNotice } from './auth-alert.tsx';
import { CaptchaStatusLine } from './captcha-status.tsx';
import { PasswordInput } from './password-input.tsx';
import { TwoFactorStep } from './two-factor-step.tsx';

interface AuthValues {
  email: string;
  password: string;
}

interface AuthFormProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onSignedIn: () => void;
}

export function AuthForm({ mode, onModeChange, onSignedIn }: AuthFormProps) {
  const config = usePublicConfig();
  const { status: captchaStatus, providerName, getToken, retry: retryCaptcha, setContainer } = useCaptcha();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const resend = useResendVerification();
  const passwordReset = useRequestPasswordReset();
  const [busy, setBusy] = useState(false);
  const [lastError, setLastError] = useState<AuthErrorView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** The password was right and the account asks for a code next. */
  const [secondFactor, setSecondFactor] = useState(false);

  // One resolver that follows the current mode: sign-up checks the password rules, sign-in only presence.
  const modeRef = useRef(mode);
  useLayoutEffect(() => {
    modeRef.current = mode;
  }, [mode]);
  const resolver = useMemo<Resolver<AuthValues>>(() => {
    const signInResolver = zodResolver(signInSchema);
    const signUpResolver = zodResolver(signUpSchema);
    return (values, context, options) =>
      modeRef.current === 'signup' ? signUpResolver(values, context, options) : signInResolver(values, context, options);
  }, []);

  const form = useForm<AuthValues>({ resolver, defaultValues: { email: '', password: '' }, reValidateMode: 'onChange' });
  const { register, handleSubmit, control, formState, setError, clearErrors, getValues, setValue } = form;
  const email = useWatch({ control, name: 'email' });
  const password = useWatch({ control, name: 'password' });

  useEffect(() => {
    if (captchaStatus === 'error') toast.error('Error', { description: AUTH_MESSAGES.captchaLoadFailed });
  }, [captchaStatus]);

  const switchMode = (next: AuthMode) => {
    onModeChange(next);
    setLastError(null);
    setNotice(null);
    clearErrors();
  };

  // One place per failure: the alert in the dialog (next to the form, read by screen readers).
  // A toast as well said everything twice, and repeated attempts stacked them.
  const fail = (view: AuthErrorView) => {
    setLastError(view);
  };

  const onSubmit = handleSubmit(async (values) => {
    setLastError(null);
    setNotice(null);
    if (!tryStartAuthAttempt()) {
      fail({ kind: 'other', title: 'Please wait', message: AUTH_MESSAGES.throttled });
      return;
    }
    setBusy(true);
    try {
      let token: string;
      try {
        token = await getToken(mode === 'signup' ? 'signup' : 'login');
      } catch {
        fail({ kind: 'captcha', title: 'Error', message: AUTH_MESSAGES.captchaLoadFailed });
        return;
      }
      const input = { email: values.email.trim(), password: values.password, captcha: token };
      if (mode === 'signin') {
        const result = await signIn.mutateAsync(input);
        if (result.twoFactorRedirect) {
          setValue('password', '');
          setSecondFactor(true);
          return;
        }
        if (!result.user) {
          fail({ kind: 'other', title: 'Sign in failed', message: AUTH_MESSAGES.unexpectedRetry });
          return;
        }
        toast.success('Signed in successfully!');
        onSignedIn();
        return;
      }
      const result = await signUp.mutateAsync(input);
      if (result.token) {
        toast.success('Account created and signed in!');
        onSignedIn();
        return;
      }
      toast.success('Account created successfully!', {
        description: 'Please check your email and click the verification link to activate your account.',
      });
      onModeChange('signin');
      setValue('password', '');
      setNotice(input.email);
    } catch (error) {
      const view = describeAuthError(error, mode);
      fail(view);
      if (view.kind === 'already-registered') onModeChange('signin');
    } finally {
      setBusy(false);
    }
  });

  const checkEmailForLink = (): string | null => {
    const value = getValues('email').trim();
    if (!value) {
      setError('email', { message: AUTH_MESSAGES.resendEmailRequired });
      return null;
    }
    if (!isValidEmail(value)) {
      setError('email', { message: AUTH_MESSAGES.invalidEmail });
      return null;
    }
    clearErrors('email');
    return value;
  };

  const onResend = async () => {
    const value = checkEmailForLink();
    if (!value) return;
    // The human check lets the server tell us when the address is already verified.
    const captcha = await getToken('login').catch(() => undefined);
    try {
      await resend.mutateAsync({ email: value, captcha });
      setLastError(null);
      toast.success('Verification email sent', { description: 'Please check your inbox and spam folder for the link.' });
    } catch (error) {
      fail(describeResendError(error));
    }
  };

  const onForgotPassword = async () => {
    const value = checkEmailForLink();
    if (!value) return;
    try {
      await passwordReset.mutateAsync(value);
      setLastError(null);
      toast.success('Password reset email sent', {
        description: `If an account exists for ${value}, you will receive a link to set a new password.`,
      });
    } catch (error) {
      fail({ ...describeAuthError(error, 'signin'), title: 'Password reset failed' });
    }
  };

  const emailError = formState.errors.email?.message;
  const passwordError = formState.errors.password?.message;
  const canResend = email.trim() !== '' && email.includes('@') && !resend.isPending;
  const demo = mode === 'signin' ? config.data?.demoAccount : null;

  if (secondFactor) return <TwoFactorStep onSignedIn={onSignedIn} onCancel={() => setSecondFactor(false)} />;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
      {lastError && <AuthErrorAlert error={lastError} />}
      {notice && (
        <AuthNotice>
          <p>
            We sent a verification link to <strong className="break-all">{notice}</strong>. Click it to activate your
            account, then sign in here.
          </p>
          {config.data?.devMailbox && (
            <p className="mt-1">
              Running locally: open the{' '}
              <a className="font-medium text-accent underline underline-offset-4" href="/dev/mailbox" target="_blank" rel="noreferrer">
                dev mailbox
              </a>
              .
            </p>
          )}
        </AuthNotice>
      )}
      {demo && (
        <div className="rounded-md border border-dashed p-3 text-sm">
          <p className="font-medium">Demo account</p>
          <p className="text-muted-foreground">
            {demo.password ? `${demo.email} / ${demo.password}` : demo.email}
          </p>
          <Button
            variant="link"
            size="inline"
            className="mt-1"
            onClick={() => {
              setValue('email', demo.email, { shouldValidate: false });
              if (demo.password) setValue('password', demo.password, { shouldValidate: false });
            }}
          >
            Use demo account
          </Button>
        </div>
      )}

      <div className="grid gap-2">
        <Label htmlFor="auth-email">Email</Label>
        <Input
          id="auth-email"
          autoFocus
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'auth-email-error' : undefined}
          {...register('email')}
        />
        {emailError && (
          <p id="auth-email-error" className="text-sm text-destructive">
            {emailError}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="auth-password">Password</Label>
          {mode === 'signin' && (
            <Button
              variant="link"
              size="inline"
              className="min-h-6 text-xs"
              disabled={passwordReset.isPending}
              onClick={() => void onForgotPassword()}
            >
              Forgot password?
            </Button>
          )}
        </div>
        <PasswordInput
          id="auth-password"
          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
          placeholder={mode === 'signup' ? 'At least 8 characters' : undefined}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? 'auth-password-error' : mode === 'signup' ? 'auth-password-rules' : undefined}
          {...register('password')}
        />
        {passwordError ? (
          <p id="auth-password-error" className="text-sm text-destructive">
            {passwordError}
          </p>
        ) : (
          mode === 'signup' && (
            <p id="auth-password-rules" className="text-xs text-muted-foreground">
              8+ characters with an uppercase letter, a lowercase letter, a number and a special character.
            </p>
          )
        )}
      </div>

      <CaptchaStatusLine status={captchaStatus} providerName={providerName} onRetry={retryCaptcha} />
      <div ref={setContainer} className="empty:hidden" />

      <Button type="submit" className="w-full" disabled={busy || !email || !password} aria-busy={busy || undefined}>
        {busy && <Loader2Icon className="animate-spin" aria-hidden />}
        {mode === 'signin' ? 'Sign In' : 'Create Account'}
      </Button>

      <p className="text-center text-sm text-muted-foreground">
        {mode === 'signin' ? "Don't have an account? " : 'Already have an account? '}
        <Button variant="link" size="inline" onClick={() => switchMode(mode === 'signin' ? 'signup' : 'signin')}>
          {mode === 'signin' ? 'Create an account' : 'Sign in instead'}
        </Button>
      </p>
      <p className="text-center text-sm text-muted-foreground">
        Didn&apos;t get the verification email?{' '}
        <Button variant="link" size="inline" disabled={!canResend} onClick={() => void onResend()}>
          Resend verification email
        </Button>
      </p>
    </form>
  );
}
