import type { ReactNode } from 'react';
import { AlertCircleIcon, CheckCircle2Icon } from 'lucide-react';
import { needsVerificationHint, type AuthErrorView } from '../auth-errors.ts';

/** Keeps the last error readable in the dialog after its toast has gone. */
export function AuthErrorAlert({ error }: { error: AuthErrorView }) {
  return (
    <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium text-destructive">
        <AlertCircleIcon className="size-4 shrink-0" aria-hidden />
        {error.title}
      </p>
      <p className="mt-1 text-foreground">{error.message}</p>
      {needsVerificationHint(error) && (
        <div className="mt-2 text-muted-foreground">
          <p className="font-medium text-foreground">Next steps</p>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5">
            <li>Check your inbox and spam folder for the verification email.</li>
            <li>Click the link in that email to confirm your address.</li>
            <li>Come back here and sign in.</li>
            <li>No email? Use “Resend verification email” below.</li>
          </ol>
        </div>
      )}
    </div>
  );
}

export function AuthNotice({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="flex gap-2 rounded-md border border-primary/40 bg-primary/10 p-3 text-sm">
      <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
      <div>{children}</div>
    </div>
  );
}
