import { Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useVerifySecondFactor } from '../api/auth-mutations.ts';
import { AuthErrorAlert } from './auth-alert.tsx';

const MESSAGES = {
  invalid: 'That code did not work. Check your authenticator app and try again.',
  invalidBackup: 'That backup code did not work, or it was used already.',
  tooMany: 'Too many attempts. Wait a minute, then try again.',
  expired: 'This sign-in took too long. Close this and sign in again.',
};

function describe(error: unknown, kind: 'totp' | 'backup'): string {
  if (error instanceof ApiError && error.status === 429) return MESSAGES.tooMany;
  if (error instanceof ApiError && /COOKIE|SESSION/i.test(error.code)) return MESSAGES.expired;
  return kind === 'totp' ? MESSAGES.invalid : MESSAGES.invalidBackup;
}

/**
 * The second sign-in step of an account with two-factor authentication: the six-digit code of
 * the authenticator app, or one of the backup codes; optionally trust this browser for 30 days.
 */
export function TwoFactorStep({ onSignedIn, onCancel }: { onSignedIn: () => void; onCancel: () => void }) {
  const verify = useVerifySecondFactor();
  const [kind, setKind] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    try {
      const result = await verify.mutateAsync({ code, kind, trustDevice });
      if (!result.user) throw new Error('no session');
      toast.success('Signed in successfully!');
      onSignedIn();
    } catch (e) {
      setError(describe(e, kind));
    }
  };

  const ready = kind === 'totp' ? /^\d{6}$/.test(code.trim()) : code.trim().length >= 6;
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {error && <AuthErrorAlert error={{ kind: 'other', title: 'Code not accepted', message: error }} />}
      <p className="text-sm text-muted-foreground">
        {kind === 'totp' ? 'Enter the 6-digit code from your authenticator app.' : 'Enter one of the backup codes you saved when you turned on two-factor authentication.'}
      </p>
      <div className="grid gap-2">
        <Label htmlFor="two-factor-code">{kind === 'totp' ? 'Authentication code' : 'Backup code'}</Label>
        <Input
          id="two-factor-code"
          autoFocus
          autoComplete="one-time-code"
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          maxLength={kind === 'totp' ? 6 : 32}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" checked={trustDevice} onChange={(e) => setTrustDevice(e.target.checked)} />
        Trust this browser for 30 days
      </label>
      <Button type="submit" className="w-full" disabled={!ready || verify.isPending} aria-busy={verify.isPending || undefined}>
        {verify.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
        Verify
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button
          variant="link"
          size="inline"
          onClick={() => {
            setKind(kind === 'totp' ? 'backup' : 'totp');
            setCode('');
            setError(null);
          }}
        >
          {kind === 'totp' ? 'Use a backup code' : 'Use the authenticator app'}
        </Button>
        <Button variant="link" size="inline" onClick={onCancel}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
