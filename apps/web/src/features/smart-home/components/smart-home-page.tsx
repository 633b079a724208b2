import { SMART_HOME_MESSAGES as M } from '@wattwise/shared/contract/smart-home';
import { householdEstimate } from '@wattwise/shared/smart-home/simulation';
import { PlugZapIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { useDevices, useRules, useSyncDevices } from '../api/smart-home.ts';
import { AnalyticsTab } from './analytics-tab.tsx';
import { AutomationTab } from './automation-tab.tsx';
import { ConnectDialog } from './connect-dialog.tsx';
import { DeviceCard } from './device-card.tsx';
import { OverviewTab } from './overview-tab.tsx';

const TABS = ['overview', 'devices', 'automation', 'analytics'] as const;
const SCORE_ID = 'smart-home-efficiency-score';
type Tab = (typeof TABS)[number];

/** /smart-home (02-tools §2.4). */
export function SmartHomePage() {
  const { isAuthenticated, isLoading } = useAuth();
  const [params, setParams] = useSearchParams();
  const devices = useDevices(isAuthenticated);
  const rules = useRules(isAuthenticated);
  const sync = useSyncDevices();
  // ?action=connect (the assistant's 'Connect a device') opens the Connect dialog, also on a page already open.
  const [connectChosen, setConnectOpen] = useState(false);
  const connectOpen = connectChosen || params.get('action') === 'connect';
  const onConnectOpenChange = (open: boolean) => {
    setConnectOpen(open);
    if (!open)
      setParams(
        (p) => {
          if (p.get('action') === 'connect') p.delete('action');
          return p;
        },
        { replace: true },
      );
  };
  const tabParam = params.get('tab');
  const tab: Tab = TABS.find((t) => t === tabParam) ?? 'overview';
  // ?action=score (the assistant's 'Check my smart home score'): the overview's Efficiency Score, in view.
  const showScore = params.get('action') === 'score' && tab === 'overview';
  const devicesLoaded = !devices.isPending;
  useEffect(() => {
    if (!showScore || !devicesLoaded) return;
    const card = document.getElementById(SCORE_ID);
    card?.scrollIntoView({ block: 'center' });
    card?.focus({ preventScroll: true });
  }, [showScore, devicesLoaded]);

  useEffect(() => {
    if (devices.isError) toast.error(M.loadFailed);
  }, [devices.isError]);

  const list = useMemo(() => devices.data ?? [], [devices.data]);
  const estimate = useMemo(() => householdEstimate(list.map((d) => ({ type: d.type, reading: d.last_reading })), new Date().getHours()), [list]);

  if (!isLoading && !isAuthenticated) {
    return (
      <section className="mx-auto w-full max-w-lg px-4 py-16">
        <Card className="text-center">
          <CardContent className="grid gap-2 py-6">
            <h1 className="text-xl font-semibold">{M.authenticationRequired}</h1>
            <p className="text-muted-foreground">{M.authenticationRequiredDetail}</p>
          </CardContent>
        </Card>
      </section>
    );
  }

  const refresh = async () => {
    try {
      await sync.mutateAsync();
      toast.success(M.devicesRefreshed);
    } catch {
      toast.error(M.loadFailed);
    }
  };

  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">Smart Home Energy</h1>
          <p className="mt-1 text-muted-foreground" aria-live="polite">
            {list.length} connected {list.length === 1 ? 'device' : 'devices'}
            {list.some((d) => d.simulated) ? ' (simulated devices are labelled)' : ''}
          </p>
        </div>
        <div className="flex gap-2">
          <Button onClick={() => setConnectOpen(true)}>
            <PlugZapIcon aria-hidden /> Connect Platform
          </Button>
          <Button variant="outline" onClick={() => void refresh()} disabled={sync.isPending}>
            <RefreshCwIcon aria-hidden className={sync.isPending ? 'animate-spin' : ''} /> Refresh
          </Button>
        </div>
      </div>
      <Tabs
        className="mt-8"
        value={tab}
        onValueChange={(next) =>
          setParams(
            (p) => {
              p.set('tab', next);
              p.delete('action');
              return p;
            },
            { replace: true },
          )
        }
      >
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="devices">Devices</TabsTrigger>
          <TabsTrigger value="automation">Automation</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
        </TabsList>
        {devices.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : (
          <>
            <TabsContent value="overview">
              {list.length === 0 ? (
                <EmptyState onConnect={() => setConnectOpen(true)} note={showScore ? 'Your efficiency score appears once a device is connected.' : undefined} />
              ) : (
                <OverviewTab devices={list} estimate={estimate} scoreId={SCORE_ID} />
              )}
            </TabsContent>
            <TabsContent value="devices">
              {list.length === 0 ? (
                <EmptyState onConnect={() => setConnectOpen(true)} />
              ) : (
                <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
                  {list.map((d) => (
                    <DeviceCard key={d.id} device={d} />
                  ))}
                </div>
              )}
            </TabsContent>
            <TabsContent value="automation">
              <AutomationTab rules={rules.data ?? []} devices={list} />
            </TabsContent>
            <TabsContent value="analytics">
              <AnalyticsTab estimate={estimate} />
            </TabsContent>
          </>
        )}
      </Tabs>
      <ConnectDialog open={connectOpen} onOpenChange={onConnectOpenChange} />
    </section>
  );
}

function EmptyState({ onConnect, note }: { onConnect: () => void; note?: string }) {
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-3 py-10 text-center">
        <p className="text-muted-foreground">No devices connected yet.</p>
        {note && <p role="status">{note}</p>}
        <Button onClick={onConnect}>Connect Platform</Button>
      </CardContent>
    </Card>
  );
}
