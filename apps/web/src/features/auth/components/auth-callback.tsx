import { useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, CheckCircle2Icon, Loader2Icon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { authKeys, sessionQueryOptions } from '@/hooks/use-auth.ts';
import { safeReturnPath, useAuthDialog, type OpenAuthState } from '../auth-dialog-context.ts';

/** 02-tools §2.18 timings: success redirects after 2 s; errors send the visitor home after 5 s. */
export const CALLBACK_SUCCESS_REDIRECT_MS = 2000;
export const CALLBACK_ERROR_REDIRECT_MS = 5000;

type CallbackState =
  | { status: 'loading' }
  | { status: 'signed-in' }
  | { status: 'confirmed' }
  | { status: 'error'; message: string };

const TOKEN_ERRORS: Record<string, string> = {
  INVALID_TOKEN: 'The link is invalid or was already used.',
  TOKEN_EXPIRED: 'The link has expired. Request a new one from the sign-in dialog.',
  USER_NOT_FOUND: 'No account matches this link.',
  INVALID_USER: 'This link belongs to a different account than the one signed in.',
};

/** The message of an error carried in the callback URL (02-tools §6 wording). */
export function describeCallbackError(params: URLSearchParams): string | null {
  const description = params.get('error_description');
  const code = params.get('error_code');
  const error = params.get('error');
  if (!description && !code && !error) return null;
  if (description) return description;
  if (error) {
    const detail = TOKEN_ERRORS[error.toUpperCase()] ?? error;
    return params.get('type') === 'signup' ? `Email confirmation failed: ${detail}` : detail;
  }
  return `Authentication error (${code})`;
}

export function AuthCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isOpen: dialogOpen } = useAuthDialog();
  const urlError = useMemo(() => describeCallbackError(params), [params]);
  const [checked, setChecked] = useState<CallbackState>({ status: 'loading' });
  const state: CallbackState = urlError ? { status: 'error', message: urlError } : checked;
  const type = params.get('type');
  const returnPath = safeReturnPath(params.get('returnPath') ?? undefined);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || urlError) return;
    started.current = true;
    void (async () => {
      try {
        await queryClient.invalidateQueries({ queryKey: authKeys.all });
        const session = await queryClient.fetchQuery(sessionQueryOptions());
        if (session) {
          setChecked({ status: 'signed-in' });
          toast.success(type === 'signup' ? 'Email confirmed!' : 'Signed in successfully!', {
            description: type === 'signup' ? 'Your account has been verified' : undefined,
          });
        } else if (type === 'signup') {
          setChecked({ status: 'confirmed' });
          toast.success('Email confirmed!', { description: 'Your account has been verified' });
        } else {
          setChecked({ status: 'error', message: 'Authentication callback failed' });
        }
      } catch {
        setChecked({ status: 'error', message: 'Something went wrong during authentication' });
      }
    })();
  }, [urlError, queryClient, type]);

  const goSignIn = () => void navigate('/', { state: { openAuth: 'signin', returnPath } satisfies OpenAuthState });
  const goOn = () => void navigate(returnPath);
  const goHome = () => void navigate('/');

  // Automatic follow-up; not while the visitor is already typing in the sign-in dialog.
  useEffect(() => {
    if (state.status === 'loading' || dialogOpen) return;
    const delay = state.status === 'error' ? CALLBACK_ERROR_REDIRECT_MS : CALLBACK_SUCCESS_REDIRECT_MS;
    const action = state.status === 'signed-in' ? goOn : state.status === 'confirmed' ? goSignIn : goHome;
    const timer = window.setTimeout(action, delay);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the actions only read values fixed at mount
  }, [state.status, dialogOpen]);

  return (
    <section className="mx-auto flex min-h-[60vh] w-full max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      {state.status === 'loading' && (
        <div role="status" className="flex flex-col items-center gap-3">
          <Loader2Icon className="size-8 animate-spin text-brand" aria-hidden />
          <h1 className="text-xl font-semibold">Completing sign-in…</h1>
        </div>
      )}
      {(state.status === 'signed-in' || state.status === 'confirmed') && (
        <>
          <CheckCircle2Icon className="size-12 text-brand" aria-hidden />
          <h1 className="text-2xl font-semibold">Authentication Successful</h1>
          {state.status === 'signed-in' ? (
            <>
              <p className="text-muted-foreground">You are signed in. Taking you on in a moment…</p>
              <Button asChild>
                <Link to={returnPath}>Go to Dashboard</Link>
              </Button>
            </>
          ) : (
            <>
              <p className="text-muted-foreground">
                Your email is confirmed. Sign in with your email and password to continue — the sign-in form opens in a
                moment.
              </p>
              <Button onClick={goSignIn}>Sign In</Button>
            </>
          )}
        </>
      )}
      {state.status === 'error' && (
        <>
          <AlertCircleIcon className="size-12 text-destructive" aria-hidden />
          <h1 className="text-2xl font-semibold">Authentication Error</h1>
          <p role="alert" className="text-muted-foreground">
            {state.message}
          </p>
          <p className="text-sm text-muted-foreground">You will be redirected to the home page in a few seconds.</p>
          <Button asChild>
            <Link to="/">Return to Home</Link>
          </Button>
        </>
      )}
    </section>
  );
}
