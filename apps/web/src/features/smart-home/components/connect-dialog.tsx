import { CREDENTIAL_FIELD_LABELS, CREDENTIAL_FIELDS, type Platform, PLATFORM_LABELS, PLATFORMS, SMART_HOME_MESSAGES as M } from '@wattwise/shared/contract/smart-home';
import { Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useConnectPlatform, useDiscoverDevices } from '../api/smart-home.ts';

type Step = 'platform' | 'credentials' | 'discovering';
type Fields = { home_assistant_url: string; api_key: string };
const EMPTY: Fields = { home_assistant_url: '', api_key: '' };

const reasonOf = (error: unknown) => {
  if (error instanceof ApiError) {
    const reason = (error.details as { reason?: unknown } | undefined)?.reason;
    return typeof reason === 'string' ? reason : error.message;
  }
  return M.unknownError;
};

/**
 * Connect Smart Home Platform (02-tools §2.4, §4, §5): platform, then credentials (masked),
 * then discovering. Success closes and resets it; failure returns to credentials.
 */
export function ConnectDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [step, setStep] = useState<Step>('platform');
  const [platform, setPlatform] = useState<Platform | null>(null);
  const { register, control, reset, handleSubmit } = useForm<Fields>({ defaultValues: EMPTY });
  const connect = useConnectPlatform();
  const discover = useDiscoverDevices();
  const { isAdmin } = useAuth();
  // Admins only (decision 180): attach the server's own Home Assistant instead of typing one.
  const [serverHomeAssistant, setServerHomeAssistant] = useState(false);
  const values = useWatch({ control });
  const busy = step === 'discovering';
  const useServer = isAdmin && serverHomeAssistant && platform !== 'direct';
  const anyFilled = useServer || Object.values(values).some((v) => (v ?? '').trim() !== '');

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setStep('platform');
      setPlatform(null);
      setServerHomeAssistant(false);
      reset(EMPTY);
    }
    onOpenChange(next);
  };

  const submit = handleSubmit(async (fields) => {
    if (!platform) return;
    setStep('discovering');
    const credentials = useServer ? {} : Object.fromEntries(CREDENTIAL_FIELDS[platform].map((f) => [f, fields[f].trim()]));
    let credentialId: string;
    try {
      credentialId = (await connect.mutateAsync({ platform, credentials, ...(useServer ? { server_home_assistant: true } : {}) })).credential_id;
      toast.success(M.connected(PLATFORM_LABELS[platform]));
    } catch (error) {
      toast.error(M.connectFailed, { description: reasonOf(error) });
      setStep('credentials');
      return;
    }
    try {
      const devices = await discover.mutateAsync({ platform, credential_id: credentialId });
      toast.success(M.discovered(devices.filter((d) => d.platform === platform).length, PLATFORM_LABELS[platform]));
      setStep('platform');
      setPlatform(null);
      reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      toast.error(M.discoverFailed, { description: reasonOf(error) });
      setStep('credentials');
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[80vh] sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Connect Smart Home Platform</DialogTitle>
          <DialogDescription>
            {step === 'platform' && 'Choose the platform your devices use.'}
            {step === 'credentials' && platform && `Enter your ${PLATFORM_LABELS[platform]} credentials. They are stored encrypted and never shown again.`}
            {step === 'discovering' && 'Connecting and discovering devices…'}
          </DialogDescription>
        </DialogHeader>
        {step === 'platform' && (
          <div className="grid gap-2 sm:grid-cols-2" role="group" aria-label="Platform">
            {PLATFORMS.map((p) => (
              <Button
                key={p}
                variant="outline"
                className="h-auto justify-start py-3"
                onClick={() => {
                  setPlatform(p);
                  setStep('credentials');
                }}
              >
                {PLATFORM_LABELS[p]}
              </Button>
            ))}
          </div>
        )}
        {step === 'credentials' && platform && (
          <form className="grid gap-4" onSubmit={(e) => void submit(e)}>
            {platform === 'direct' && (
              <p className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
                Direct connects Wattwise&apos;s device simulator: a simulated household whose readings follow the time of day. Any API key works.
              </p>
            )}
            {platform !== 'direct' && (
              <p className="text-sm text-muted-foreground">
                {PLATFORM_LABELS[platform]} devices are reached through your own Home Assistant, the one that bridges them: its address (for example
                https://home.example.com:8123) and a long-lived access token from your Home Assistant profile page.
              </p>
            )}
            {isAdmin && platform !== 'direct' && (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={serverHomeAssistant} onChange={(e) => setServerHomeAssistant(e.target.checked)} />
                Use this server&apos;s Home Assistant (HOME_ASSISTANT_URL), for my account only
              </label>
            )}
            {!useServer && CREDENTIAL_FIELDS[platform].map((field) => (
              <div key={field} className="grid gap-2">
                <Label htmlFor={`credential-${field}`}>{CREDENTIAL_FIELD_LABELS[platform][field]}</Label>
                <Input
                  id={`credential-${field}`}
                  type={field === 'home_assistant_url' ? 'url' : 'password'}
                  placeholder={field === 'home_assistant_url' ? 'https://home.example.com:8123' : undefined}
                  autoComplete="off"
                  {...register(field)}
                />
              </div>
            ))}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep('platform')}>
                Back
              </Button>
              <Button type="submit" disabled={busy || !anyFilled}>
                Connect &amp; Discover
              </Button>
            </DialogFooter>
          </form>
        )}
        {step === 'discovering' && (
          <p className="flex items-center gap-2 text-sm" role="status">
            <Loader2Icon className="size-4 animate-spin" aria-hidden /> Discovering devices…
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
