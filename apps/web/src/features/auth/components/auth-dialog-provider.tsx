import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  AuthDialogContext,
  DEFAULT_RETURN_PATH,
  isOpenAuthState,
  safeReturnPath,
  type AuthDialogApi,
  type AuthMode,
} from '../auth-dialog-context.ts';

// The dialog (Radix Dialog) and its form load on first open, never with the first page; the
// header warms them when a pointer or the focus reaches Sign In or Sign Up.
const loadAuthDialog = () => import('./auth-dialog.tsx');
const AuthDialog = lazy(async () => ({ default: (await loadAuthDialog()).AuthDialog }));

/** Shown for the moment the dialog's code is on its way: the opening is seen at once, as a dialog. */
function AuthDialogLoading({ mode }: { mode: AuthMode }) {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-slate-950/60">
      <div role="dialog" aria-modal="true" aria-label={mode === 'signin' ? 'Sign In' : 'Create Account'} className="rounded-xl border bg-background p-6 shadow-lg">
        <p role="status" className="text-sm text-muted-foreground">
          Loading…
        </p>
      </div>
    </div>
  );
}

/** Fetches the dialog and its form ahead of a likely first open. */
export function preloadAuthDialog(): void {
  void loadAuthDialog().then((module) => module.preloadAuthForm());
}

const SIGN_IN_REDIRECT_MS = 500;

/**
 * Owns the one auth dialog of the app. Opens from the header buttons (through
 * `useAuthDialog`) or when a navigation carries `{ openAuth, returnPath }` in its state,
 * which is then cleared so a reload or Back does not reopen it.
 */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<AuthMode>('signin');
  const [returnPath, setReturnPath] = useState<string | undefined>();
  const location = useLocation();
  const navigate = useNavigate();

  // The control that opened the dialog gets the focus back when it closes (docs/design.md: dialogs restore focus).
  const opener = useRef<HTMLElement | null>(null);
  const openAuthDialog = useCallback((nextMode: AuthMode, nextReturnPath?: string) => {
    opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    setMode(nextMode);
    setReturnPath(nextReturnPath === undefined ? undefined : safeReturnPath(nextReturnPath));
    setOpen(true);
  }, []);
  const closeAuthDialog = useCallback(() => setOpen(false), []);

  // Sign-in success: close, then go to the return path after 500 ms (01-core §4, §9).
  const onSignedIn = useCallback(() => {
    setOpen(false);
    const target = returnPath ?? DEFAULT_RETURN_PATH;
    window.setTimeout(() => void navigate(target), SIGN_IN_REDIRECT_MS);
  }, [navigate, returnPath]);

  // A navigation asking for the dialog opens it once (state adjusted during render, keyed by
  // the location), then the effect below replaces the entry without the request.
  const state: unknown = location.state;
  const [handledKey, setHandledKey] = useState<string | null>(null);
  if (isOpenAuthState(state) && handledKey !== location.key) {
    setHandledKey(location.key);
    setMode(state.openAuth);
    setReturnPath(state.returnPath === undefined ? undefined : safeReturnPath(state.returnPath));
    setOpen(true);
  }
  useEffect(() => {
    if (!isOpenAuthState(state)) return;
    const { openAuth: _openAuth, returnPath: _returnPath, ...rest } = state as unknown as Record<string, unknown>;
    void navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: Object.keys(rest).length > 0 ? rest : null,
    });
  }, [state, location.pathname, location.search, location.hash, navigate]);

  // Mounted from the first opening on, so it keeps its closing animation and focus return after.
  const [hasOpened, setHasOpened] = useState(false);
  if (open && !hasOpened) setHasOpened(true);

  const api = useMemo<AuthDialogApi>(
    () => ({ isOpen: open, openAuthDialog, closeAuthDialog }),
    [open, openAuthDialog, closeAuthDialog],
  );

  return (
    <AuthDialogContext.Provider value={api}>
      {children}
      {hasOpened ? (
        <Suspense fallback={<AuthDialogLoading mode={mode} />}>
          <AuthDialog open={open} onOpenChange={setOpen} mode={mode} onModeChange={setMode} onSignedIn={onSignedIn} returnFocusTo={opener} />
        </Suspense>
      ) : null}
    </AuthDialogContext.Provider>
  );
}
