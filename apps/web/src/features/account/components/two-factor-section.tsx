import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { renderSVG } from 'uqr';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor, useNewBackupCodes } from '../api/account.ts';
import { errorText, Section } from './section.tsx';

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">Backup codes</p>
      <p className="text-sm text-muted-foreground">Each works once if you lose your phone. Keep them somewhere safe; they are not shown again.</p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-1 rounded-md border p-3 font-mono text-sm sm:max-w-md">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function PasswordPrompt({ label, busy, onSubmit }: { label: string; busy: boolean; onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState('');
  const id = `two-factor-password-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <form
      className="grid gap-2 sm:max-w-md"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(password);
        setPassword('');
      }}
    >
      <Label htmlFor={id}>Your password</Label>
      <div className="flex gap-2">
        <Input id={id} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <Button type="submit" variant="outline" disabled={busy || !password}>
          {label}
        </Button>
      </div>
    </form>
  );
}

/** The setup step: the otpauth URI as a QR code (and its key typed by hand), then a first code turns 2FA on. */
function Setup({ totpURI, backupCodes, onDone }: { totpURI: string; backupCodes: string[]; onDone: () => void }) {
  const [code, setCode] = useState('');
  const confirm = useConfirmTwoFactor();
  const qr = useMemo(() => `data:image/svg+xml;base64,${btoa(renderSVG(totpURI, { border: 2 }))}`, [totpURI]);
  const key = new URL(totpURI).searchParams.get('secret') ?? '';
  return (
    <div className="grid gap-4">
      <p className="text-sm">Scan this code with an authenticator app (Google Authenticator, 1Password, Authy…).</p>
      <img src={qr} alt="QR code for your authenticator app" width={192} height={192} className="rounded-md bg-white" />
      <p className="text-sm text-muted-foreground">
        Can&apos;t scan it? Enter this key: <code data-testid="totp-key" className="break-all font-mono text-foreground">{key}</code>
      </p>
      <BackupCodes codes={backupCodes} />
      <form
        className="grid gap-2 sm:max-w-md"
        onSubmit={(e) => {
          e.preventDefault();
          confirm.mutate(code.trim(), {
            onSuccess: () => {
              toast.success('Two-factor authentication is on');
              onDone();
            },
            onError: (error) => toast.error(errorText(error, 'That code did not work')),
          });
        }}
      >
        <Label htmlFor="two-factor-confirm">Code from the app</Label>
        <div className="flex gap-2">
          <Input id="two-factor-confirm" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
          <Button type="submit" disabled={confirm.isPending || !/^\d{6}$/.test(code.trim())}>
            Turn on
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Two-factor authentication with an authenticator app (better-auth's TOTP) and backup codes. */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useNewBackupCodes();
  const [setup, setSetup] = useState<{ totpURI: string; backupCodes: string[] } | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const fail = (fallback: string) => (error: unknown) => toast.error(errorText(error, fallback));
  return (
    <Section id="two-factor" title="Two-factor authentication" description="Sign-in asks for a code from your phone as well as your password.">
      <p className="text-sm">
        Status: <Badge variant={enabled ? 'default' : 'secondary'}>{enabled ? 'On' : 'Off'}</Badge>
      </p>
      {!enabled && !setup && <PasswordPrompt label="Set up" busy={enable.isPending} onSubmit={(password) => enable.mutate(password, { onSuccess: setSetup, onError: fail('Could not start the setup') })} />}
      {!enabled && setup && <Setup {...setup} onDone={() => setSetup(null)} />}
      {enabled && (
        <>
          <PasswordPrompt label="New backup codes" busy={regenerate.isPending} onSubmit={(password) => regenerate.mutate(password, { onSuccess: (r) => setNewCodes(r.backupCodes), onError: fail('Could not make new codes') })} />
          {newCodes && <BackupCodes codes={newCodes} />}
          <PasswordPrompt label="Turn off" busy={disable.isPending} onSubmit={(password) => disable.mutate(password, { onSuccess: () => toast.success('Two-factor authentication is off'), onError: fail('Could not turn it off') })} />
        </>
      )}
    </Section>
  );
}
