import { Loader2Icon } from 'lucide-react';
import { lazy, Suspense, type RefObject } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import type { AuthMode } from '../auth-dialog-context.ts';

// The form (react-hook-form, zod rules, captcha) loads on first use, not with the first page.
const loadAuthForm = () => import('./auth-form.tsx');
const AuthForm = lazy(async () => ({ default: (await loadAuthForm()).AuthForm }));

/** Warms the form chunk, e.g. when the browser is idle or a Sign In button is hovered. */
export function preloadAuthForm(): void {
  void loadAuthForm();
}

interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onSignedIn: () => void;
  /** Where focus goes back when the dialog closes (the button that opened it). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** Sign In / Create Account dialog (01-core §2). The form mounts on open, so each opening starts clean. */
export function AuthDialog({ open, onOpenChange, mode, onModeChange, onSignedIn, returnFocusTo }: AuthDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        // Focus starts on Email (the form focuses it when it mounts), not on the close button.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          document.getElementById('auth-email')?.focus();
        }}
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{mode === 'signin' ? 'Sign In' : 'Create Account'}</DialogTitle>
          <DialogDescription>
            {mode === 'signin'
              ? 'Welcome back. Sign in to see your bills, savings and rebates.'
              : 'Upload bills, find savings and track rebates. Free to start.'}
          </DialogDescription>
        </DialogHeader>
        <Suspense
          fallback={
            <div role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
              <Loader2Icon className="size-4 animate-spin" aria-hidden />
              Loading security verification…
            </div>
          }
        >
          <AuthForm mode={mode} onModeChange={onModeChange} onSignedIn={onSignedIn} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
