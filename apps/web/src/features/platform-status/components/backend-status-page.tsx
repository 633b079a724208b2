import { PLATFORM_MESSAGES } from '@wattwise/shared/contract/platform-status';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { usePlatformStatus } from '../api/platform-status.ts';

/** /backend-status (02-tools §2.20): up or down to everyone; the parts are for admins (/platform-dashboard). */
export function BackendStatusPage() {
  const status = usePlatformStatus();
  const data = status.data;
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <h1 className="text-3xl font-semibold">Backend Status</h1>
      <p className="mt-1 text-muted-foreground">Whether Wattwise is up, checked every five minutes.</p>
      <Card className="mt-6 max-w-lg">
        <CardContent className="grid gap-2" role="status">
          {status.isError ? (
            <p className="text-destructive">{PLATFORM_MESSAGES.healthCheckFailed}</p>
          ) : !data ? (
            <Skeleton className="h-10" />
          ) : (
            <>
              <p className="flex items-center gap-2 text-xl font-semibold">
                <span className={`size-3 rounded-full ${data.isOnline ? 'bg-primary' : 'bg-destructive'}`} aria-hidden />
                {data.isOnline ? 'All systems operational' : PLATFORM_MESSAGES.someUnavailable}
              </p>
              <p className="text-sm text-muted-foreground">
                Last check {new Date(data.lastCheck).toLocaleString('en-US')} · version {data.version}
              </p>
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
