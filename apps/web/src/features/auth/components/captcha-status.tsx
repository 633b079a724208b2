import { AlertTriangleIcon, Loader2Icon, ShieldCheckIcon } from 'lucide-react';
import { AUTH_MESSAGES } from '@wattwise/shared/auth';
import { Button } from '@/components/ui/button.tsx';
import type { CaptchaStatus } from '@/lib/captcha/use-captcha.ts';

/** The security-verification status line of the auth dialog (01-core §2, §4). */
export function CaptchaStatusLine({
  status,
  providerName,
  onRetry,
}: {
  status: CaptchaStatus;
  providerName: string | null;
  onRetry: () => void;
}) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-6 items-center gap-2 text-xs text-muted-foreground">
      {status === 'loading' && (
        <>
          <Loader2Icon className="size-3.5 animate-spin" aria-hidden />
          <span>Loading security verification…</span>
        </>
      )}
      {status === 'ready' && (
        <>
          <ShieldCheckIcon className="size-3.5 text-brand" aria-hidden />
          <span>{providerName === 'ALTCHA' || !providerName ? 'Protected by ALTCHA proof-of-work' : `Protected by ${providerName}`}</span>
        </>
      )}
      {status === 'error' && (
        <>
          <AlertTriangleIcon className="size-3.5 text-destructive" aria-hidden />
          <span className="text-destructive">{AUTH_MESSAGES.captchaLoadFailed}</span>
          <Button variant="link" size="inline" className="text-xs" onClick={onRetry}>
            Try again
          </Button>
        </>
      )}
    </div>
  );
}
