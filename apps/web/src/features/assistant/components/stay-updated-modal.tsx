import {
  DEFAULT_SIGNUP_PREFERENCES,
  EMAIL_MESSAGES,
  SIGNUP_PREFERENCE_LABELS,
  type SignupPreferences,
} from '@wattwise/shared/contract/email';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { ApiError, apiRequest } from '@/lib/api-client.ts';

/** 01-core §5 landing email shape: text, at sign, domain, a top-level domain of 2+ letters. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

type Status = { kind: 'idle' } | { kind: 'subscribing' } | { kind: 'success'; email: string } | { kind: 'error'; message: string };

/**
 * The Stay Updated email sign-up of the global assistant (02-tools §2.1, §4 idle → subscribing →
 * success or error, §5): the address and its topics are stored on the server, which sends the
 * welcome email with a signed unsubscribe link. Its own trigger button, so the assistant only
 * places it.
 */
export function StayUpdatedButton() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [prefs, setPrefs] = useState<SignupPreferences>(DEFAULT_SIGNUP_PREFERENCES);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const openModal = () => {
    if (!email && user) setEmail(user.email);
    if (status.kind !== 'success') setStatus({ kind: 'idle' });
    setOpen(true);
  };
  const submit = async () => {
    const address = email.trim();
    if (!address) return setStatus({ kind: 'error', message: EMAIL_MESSAGES.signupRequired });
    if (!EMAIL_SHAPE.test(address)) return setStatus({ kind: 'error', message: EMAIL_MESSAGES.addressInvalid });
    setStatus({ kind: 'subscribing' });
    try {
      await apiRequest('/api/email/subscribe', { method: 'POST', body: { email: address, preferences: prefs, source: 'assistant' } });
      setStatus({ kind: 'success', email: address });
    } catch (error) {
      const welcomeFailed = error instanceof ApiError && error.code === 'WELCOME_FAILED';
      const limited = error instanceof ApiError && error.status === 429;
      setStatus({ kind: 'error', message: limited ? error.message : welcomeFailed ? EMAIL_MESSAGES.signupWelcomeFailed : EMAIL_MESSAGES.signupFailed });
    }
  };

  return (
    <>
      <Button variant="outline" size="sm" className="w-full justify-start" onClick={openModal}>
        <Mail aria-hidden /> Stay Updated
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Stay Updated</DialogTitle>
            <DialogDescription>New rebates, seasonal reminders and energy-saving tips, by email. Unsubscribe with one click from any of them.</DialogDescription>
          </DialogHeader>
          {status.kind === 'success' ? (
            <div className="grid gap-3" role="status">
              <p>You are subscribed. We sent a welcome email to {status.email}.</p>
              <Button onClick={() => setOpen(false)}>Done</Button>
            </div>
          ) : (
            <form
              className="grid gap-4"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <div className="grid gap-2">
                <Label htmlFor="stay-updated-email">Email address</Label>
                <Input
                  id="stay-updated-email"
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  placeholder="you@example.com"
                  aria-invalid={status.kind === 'error' || undefined}
                  aria-describedby={status.kind === 'error' ? 'stay-updated-error' : undefined}
                />
              </div>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Send me</legend>
                {(Object.keys(SIGNUP_PREFERENCE_LABELS) as (keyof SignupPreferences)[]).map((key) => (
                  <div key={key} className="flex items-center justify-between gap-3">
                    <label htmlFor={`stay-updated-${key}`} className="text-sm">
                      {SIGNUP_PREFERENCE_LABELS[key]}
                    </label>
                    <Switch id={`stay-updated-${key}`} checked={prefs[key]} onCheckedChange={(value) => setPrefs({ ...prefs, [key]: value })} />
                  </div>
                ))}
              </fieldset>
              {status.kind === 'error' && (
                <p id="stay-updated-error" role="alert" className="text-sm text-destructive">
                  {status.message}
                </p>
              )}
              <Button type="submit" disabled={status.kind === 'subscribing'}>
                {status.kind === 'subscribing' ? 'Subscribing…' : 'Subscribe'}
              </Button>
            </form>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
