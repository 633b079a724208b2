import { PLATFORM_MESSAGES, type IntegrationCheck } from '@wattwise/shared/contract/platform-status';
import { Loader2Icon, PlayIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { usePlatformChecks, useRunChecks } from '../api/platform-status.ts';
import { CheckList } from './check-list.tsx';

// A check in warning is not 'working': the summary counts successes, and says how many warn.
const passing = (checks: readonly IntegrationCheck[]) => checks.filter((c) => c.status === 'success').length;
const warningText = (checks: readonly IntegrationCheck[]) => {
  const n = checks.filter((c) => c.status === 'warning').length;
  return n === 0 ? '' : ` · ${n} with ${n === 1 ? 'a warning' : 'warnings'}`;
};

/** The integration checker: runs every check now and says how many work (02-tools §8 summary toasts). */
function IntegrationChecker() {
  const checks = usePlatformChecks();
  const run = useRunChecks();
  const onRun = async () => {
    try {
      const r = await run.mutateAsync();
      const ok = passing(r.checks);
      if (ok === r.checks.length) toast.success(PLATFORM_MESSAGES.allWorking(ok));
      else toast.warning(PLATFORM_MESSAGES.someWorking(ok, r.checks.length));
    } catch {
      toast.error(PLATFORM_MESSAGES.healthCheckFailed);
    }
  };
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-base">Integration checker</CardTitle>
        <Button size="sm" onClick={() => void onRun()} disabled={run.isPending}>
          {run.isPending ? <Loader2Icon className="animate-spin motion-reduce:animate-none" aria-hidden /> : <PlayIcon aria-hidden />} Run checks
        </Button>
      </CardHeader>
      <CardContent>{checks.data ? <CheckList checks={checks.data.checks} /> : <Skeleton className="h-40" />}</CardContent>
    </Card>
  );
}

/** /platform-dashboard (02-tools §2.20): overview, real-time, integrations, diagnostics; admins only (the route gates it). */
export function PlatformDashboard() {
  const checks = usePlatformChecks();
  const data = checks.data;
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <h1 className="text-3xl font-semibold">Platform Dashboard</h1>
      <p className="mt-1 text-muted-foreground">Each part of this deployment, embedded or configured, and whether it works.</p>
      <Tabs defaultValue="overview" className="mt-6">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="real-time">Real-time</TabsTrigger>
          <TabsTrigger value="integrations">Integrations</TabsTrigger>
          <TabsTrigger value="diagnostics">Diagnostics</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Card>
            <CardContent className="grid gap-2" role="status">
              {!data ? (
                <Skeleton className="h-16" />
              ) : (
                <>
                  <p className="text-xl font-semibold">{data.isOnline ? 'Platform online' : PLATFORM_MESSAGES.offline}</p>
                  <p className="text-sm text-muted-foreground">
                    {passing(data.checks)}/{data.checks.length} integrations working{warningText(data.checks)} · last check {new Date(data.lastCheck).toLocaleString('en-US')} · version {data.version}
                  </p>
                </>
              )}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="real-time">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Response times of the last check</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-1 text-sm">
                {data?.checks.map((c) => (
                  <li key={c.name} className="flex justify-between">
                    <span>{c.label}</span>
                    <span className="tabular-nums">{c.ms} ms</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="integrations">
          <Card>
            <CardContent>{data ? <CheckList checks={data.checks} /> : <Skeleton className="h-40" />}</CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="diagnostics">
          <IntegrationChecker />
        </TabsContent>
      </Tabs>
    </section>
  );
}

/** /assessment-diagnostic (02-tools §2.20): one button, every check with its details. */
export function AssessmentDiagnostic() {
  const run = useRunChecks();
  const onRun = async () => {
    try {
      const r = await run.mutateAsync();
      const ok = passing(r.checks);
      if (ok === r.checks.length) toast.success(PLATFORM_MESSAGES.diagnosticAll(ok));
      else toast.warning(PLATFORM_MESSAGES.diagnosticSome(ok, r.checks.length));
    } catch {
      toast.error(PLATFORM_MESSAGES.diagnosticFailed);
    }
  };
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <h1 className="text-3xl font-semibold">Assessment Diagnostic</h1>
      <p className="mt-1 text-muted-foreground">Runs every platform check now and shows what each found.</p>
      <Button className="mt-6" onClick={() => void onRun()} disabled={run.isPending}>
        {run.isPending ? <Loader2Icon className="animate-spin motion-reduce:animate-none" aria-hidden /> : <PlayIcon aria-hidden />} Run Full Assessment Diagnostic
      </Button>
      {run.data && (
        <Card className="mt-6">
          <CardContent>
            <CheckList checks={run.data.checks} />
          </CardContent>
        </Card>
      )}
    </section>
  );
}
