import { useQuery } from '@tanstack/react-query';
import { LOCATION_MESSAGES, ZIP_SUGGEST_FROM, type ZipLookup, type ZipPlace } from '@wattwise/shared/contract/assistant';
import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { apiRequest } from '@/lib/api-client.ts';

const lookupZip = (q: string) => apiRequest<ZipLookup>(`/api/assistant/zip-codes?q=${encodeURIComponent(q)}`);

/** Browser geolocation with 02-tools §9's options: 10 s timeout, cached up to 5 minutes. */
function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: 10_000, maximumAge: 5 * 60_000, enableHighAccuracy: true }));
}

type Status = { kind: 'idle' } | { kind: 'validating' } | { kind: 'detecting' } | { kind: 'error'; message: string };

/**
 * The Update Location modal (02-tools §4, §5): a 5-digit ZIP checked against the shipped ZIP
 * dataset, suggestions from 3 digits, or the browser's position turned into the nearest ZIP
 * offline. Success closes it with the place.
 */
export function LocationModal({ open, onOpenChange, onLocated }: { open: boolean; onOpenChange: (open: boolean) => void; onLocated: (place: ZipPlace) => void }) {
  const [zip, setZip] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const prefix = zip.length >= ZIP_SUGGEST_FROM ? zip : null;
  const suggestions = useQuery({ queryKey: ['assistant', 'zip', prefix], queryFn: () => lookupZip(prefix ?? ''), enabled: prefix !== null && zip.length < 5, staleTime: Infinity });
  const busy = status.kind === 'validating' || status.kind === 'detecting';

  const done = (place: ZipPlace) => {
    onLocated(place);
    setStatus({ kind: 'idle' });
    setZip('');
    onOpenChange(false);
  };
  const submit = async (value: string) => {
    if (!/^\d{5}$/.test(value)) {
      setStatus({ kind: 'error', message: LOCATION_MESSAGES.fiveDigits });
      return;
    }
    setStatus({ kind: 'validating' });
    try {
      const { match } = await lookupZip(value);
      if (match) done(match);
      else setStatus({ kind: 'error', message: LOCATION_MESSAGES.invalidZip });
    } catch {
      setStatus({ kind: 'error', message: LOCATION_MESSAGES.validateFailed });
    }
  };
  const detect = async () => {
    if (!('geolocation' in navigator)) {
      setStatus({ kind: 'error', message: LOCATION_MESSAGES.unsupported });
      return;
    }
    setStatus({ kind: 'detecting' });
    let position: GeolocationPosition;
    try {
      position = await currentPosition();
    } catch {
      setStatus({ kind: 'error', message: LOCATION_MESSAGES.unavailable });
      return;
    }
    try {
      const { location } = await apiRequest<{ location: { zip: string; city: string; state: string } }>(
        `/api/rebates/location?latitude=${position.coords.latitude}&longitude=${position.coords.longitude}`,
      );
      done(location);
    } catch {
      setStatus({ kind: 'error', message: LOCATION_MESSAGES.processFailed });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>Update Location</DialogTitle>
          <DialogDescription>Your ZIP code sets the rebates and prices the assistant uses.</DialogDescription>
        </DialogHeader>
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void submit(zip);
          }}
        >
          <div className="space-y-1">
            <Label htmlFor="assistant-zip">ZIP code</Label>
            <Input
              id="assistant-zip"
              inputMode="numeric"
              autoComplete="postal-code"
              value={zip}
              maxLength={5}
              onChange={(e) => {
                setZip(e.target.value.replace(/\D/g, '').slice(0, 5));
                if (status.kind === 'error') setStatus({ kind: 'idle' });
              }}
              aria-invalid={status.kind === 'error'}
              aria-describedby={status.kind === 'error' ? 'assistant-zip-error' : undefined}
              disabled={busy}
            />
            {status.kind === 'error' && (
              <p id="assistant-zip-error" role="alert" className="text-sm text-destructive">
                {status.message}
              </p>
            )}
          </div>
          {prefix && zip.length < 5 && (suggestions.data?.suggestions.length ?? 0) > 0 && (
            <ul aria-label="Suggestions" className="space-y-1">
              {suggestions.data?.suggestions.map((s) => (
                <li key={s.zip}>
                  <Button type="button" variant="ghost" size="sm" className="w-full justify-start" onClick={() => void submit(s.zip)}>
                    {s.zip} — {s.city ? `${s.city}, ` : ''}
                    {s.state}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {status.kind === 'validating' ? 'Checking...' : 'Update'}
            </Button>
            <Button type="button" variant="outline" disabled={busy} onClick={() => void detect()}>
              <LocateFixed aria-hidden /> {status.kind === 'detecting' ? 'Detecting...' : 'Use my location'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
