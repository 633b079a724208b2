import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useRevokeSession, useSessions } from '../api/account.ts';
import { errorText, Section } from './section.tsx';

/** A short name for a browser's user agent ('Chrome on Linux'). */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'Browser';
  const system = /Windows/.test(userAgent) ? 'Windows' : /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Mac OS X/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : null;
  return system ? `${browser} on ${system}` : browser;
}

const when = (iso: string) => new Date(iso).toLocaleString();

/** Devices signed in to the account; any of them can be signed out from here. */
export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  return (
    <Section id="sessions" title="Active sessions" description="Browsers and devices signed in to your account.">
      {!sessions.data ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <ul className="grid gap-2">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
              <div>
                <p className="font-medium">
                  {describeDevice(s.userAgent)} {s.current && <Badge variant="success">This device</Badge>}
                </p>
                <p className="text-muted-foreground">
                  {s.ipAddress ?? 'Unknown address'} · last active {when(s.updatedAt)}
                </p>
              </div>
              {!s.current && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(s.id, { onSuccess: () => toast.success('Session signed out'), onError: (error) => toast.error(errorText(error, 'Could not sign it out')) })}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
