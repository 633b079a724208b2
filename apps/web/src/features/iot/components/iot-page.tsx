import { SMART_HOME_MESSAGES as M } from '@wattwise/shared/contract/smart-home';
import { IOT_CHART, IOT_DEVICE_LABELS, IOT_DEVICE_TYPES, iotStats } from '@wattwise/shared/smart-home/iot';
import { useMemo, useState } from 'react';
import { CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { type ChartConfig, ChartContainer, ChartTooltip, ChartTooltipContent } from '@/components/ui/chart.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { type LiveStatus, useIotState, useLiveReadings, useStartStream, useStopStream } from '../api/iot.ts';
import { RealDeviceCard } from './real-device-card.tsx';

const TYPE_OPTIONS = IOT_DEVICE_TYPES.map((t) => ({ value: t, label: IOT_DEVICE_LABELS[t] }));
/** One colour per device in the chart (the design tokens, so both themes follow); a sixth device repeats the first, dashed. */
const DEVICE_COLORS = ['var(--primary)', 'var(--accent)', 'var(--warning)', 'var(--destructive)', 'var(--muted-foreground)'];
const LIVE_LABELS: Record<LiveStatus, string> = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' };

type ChartReading = { id: string; device_id: string; value: number; timestamp: string; metadata: { name?: string } };

/**
 * The chart's rows (oldest first, one per reading, the reading's value under its device's key)
 * and one series per device, named as the device list names it.
 */
function chartByDevice(readings: readonly ChartReading[], names: ReadonlyMap<string, string>) {
  const latest = readings.slice(0, IOT_CHART).reverse();
  const keys = new Map<string, string>();
  for (const r of latest) if (!keys.has(r.device_id)) keys.set(r.device_id, `device${keys.size}`);
  const rows = latest.map((r) => ({ time: new Date(r.timestamp).toLocaleTimeString(), [keys.get(r.device_id) ?? '']: r.value }));
  const series = [...keys].map(([deviceId, key], i) => ({
    key,
    deviceId,
    label: `${names.get(deviceId) ?? deviceId} (${deviceId})`,
    color: DEVICE_COLORS[i % DEVICE_COLORS.length] ?? 'var(--primary)',
    dashed: i >= DEVICE_COLORS.length,
  }));
  const config: ChartConfig = Object.fromEntries(series.map((s) => [s.key, { label: s.label, color: s.color }]));
  return { rows, series, config };
}

function Stat({ title, value }: { title: string; value: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-semibold tabular-nums" aria-label={title}>
          {value}
        </p>
      </CardContent>
    </Card>
  );
}

/** /iot-dashboard (02-tools §2.23): device setup and simulation, four stat cards, live chart, connected devices. */
export function IotPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const state = useIotState(isAuthenticated);
  const live = useLiveReadings(isAuthenticated);
  const start = useStartStream();
  const stop = useStopStream();
  const [deviceId, setDeviceId] = useState('');
  const [deviceType, setDeviceType] = useState<string | undefined>(undefined);
  const [name, setName] = useState('');
  const [location, setLocation] = useState('');

  const streams = state.data?.streams ?? [];
  const streaming = streams.some((s) => s.device_id === deviceId.trim());
  const readings = useMemo(() => state.data?.readings ?? [], [state.data]);
  const stats = useMemo(() => iotStats(readings.map((r) => ({ value: r.value, readingType: r.reading_type }))), [readings]);
  const devices = useMemo(() => state.data?.devices ?? [], [state.data]);
  const chart = useMemo(() => chartByDevice(readings, new Map(devices.map((d) => [d.device_id, d.name]))), [readings, devices]);
  // After a reload the fields are empty while the server keeps streaming: the badge counts every device that streams.
  const streamStatus = streaming ? 'Streaming' : streams.length > 0 ? `${streams.length} device${streams.length === 1 ? '' : 's'} streaming` : 'Disconnected';

  if (!isLoading && !isAuthenticated) {
    return (
      <section className="mx-auto w-full max-w-lg px-4 py-16 text-center">
        <h1 className="text-xl font-semibold">{M.authenticationRequired}</h1>
        <p className="text-muted-foreground">Please sign in to monitor your devices.</p>
      </section>
    );
  }

  const onStart = async () => {
    if (!deviceId.trim() || !deviceType) {
      toast.error(M.streamFieldsRequired);
      return;
    }
    try {
      await start.mutateAsync({ device_id: deviceId.trim(), device_type: deviceType, name: name.trim() || undefined, location: location.trim() || undefined });
      toast.success(M.streamStarted);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : M.unknownError);
    }
  };
  const onStop = async (id: string) => {
    try {
      await stop.mutateAsync(id);
      toast.success(M.streamStopped);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : M.unknownError);
    }
  };

  return (
    <section className="mx-auto grid w-full max-w-[1200px] gap-6 px-4 py-10 md:px-6">
      <div>
        <h1 className="text-3xl font-semibold">IoT Energy Monitoring</h1>
        <p className="mt-1 text-muted-foreground">The server writes a reading every 5 seconds for each streaming device. Simulated readings are labelled.</p>
      </div>
      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-2">
          <CardTitle className="text-base">Device Setup &amp; Simulation</CardTitle>
          <Badge variant={streams.length > 0 ? 'success' : 'secondary'} aria-label="Streaming status">
            {streamStatus}
          </Badge>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="grid gap-2">
            <Label htmlFor="iot-device-id">Device ID</Label>
            <Input id="iot-device-id" value={deviceId} disabled={streaming} aria-describedby="iot-device-id-hint" onChange={(e) => setDeviceId(e.target.value)} />
            <p id="iot-device-id-hint" className="text-xs text-muted-foreground">
              A name of your choosing, e.g. kitchen-plug. Using it again continues that device.
            </p>
          </div>
          <SelectField id="iot-device-type" label="Device Type" value={deviceType} disabled={streaming} onValueChange={setDeviceType} options={TYPE_OPTIONS} placeholder="Choose a type" />
          <div className="grid gap-2">
            <Label htmlFor="iot-name">Name</Label>
            <Input id="iot-name" value={name} disabled={streaming} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="iot-location">Location</Label>
            <Input id="iot-location" value={location} disabled={streaming} onChange={(e) => setLocation(e.target.value)} />
          </div>
          <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
            {streaming ? (
              <Button variant="destructive" onClick={() => void onStop(deviceId.trim())} disabled={stop.isPending}>
                Stop Streaming
              </Button>
            ) : (
              <Button onClick={() => void onStart()} disabled={start.isPending}>
                Start Streaming
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
      <RealDeviceCard />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat title="Current Power" value={`${stats.currentPowerW.toLocaleString('en-US')} W`} />
        <Stat title="Average Power" value={`${stats.averagePowerW.toLocaleString('en-US')} W`} />
        <Stat title="Energy Used" value={`${stats.energyKwh.toFixed(3)} kWh`} />
        <Stat title="Estimated Cost" value={`$${stats.costDollars.toFixed(2)}`} />
      </div>
      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-2">
          <CardTitle className="text-base">Real-time readings</CardTitle>
          <span role="status" className="text-xs text-muted-foreground">
            {LIVE_LABELS[live]}
          </span>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p className="sr-only" aria-live="polite" data-testid="iot-reading-count">
            {readings.length} readings
          </p>
          <ChartContainer config={chart.config} className="h-64" role="img" aria-label={`Real-time chart of the latest ${chart.rows.length} readings`}>
            <LineChart accessibilityLayer={false} data={chart.rows}>
              <CartesianGrid vertical={false} />
              <XAxis dataKey="time" tickLine={false} minTickGap={24} />
              <YAxis width={48} tickLine={false} />
              <ChartTooltip content={<ChartTooltipContent />} />
              {chart.series.map((line) => (
                <Line
                  key={line.key}
                  dataKey={line.key}
                  name={line.label}
                  stroke={`var(--color-${line.key})`}
                  strokeDasharray={line.dashed ? '4 3' : undefined}
                  dot={false}
                  connectNulls
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ChartContainer>
          {chart.series.length > 0 && (
            <ul aria-label="Chart legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
              {chart.series.map((line) => (
                <li key={line.key} className="flex items-center gap-1.5">
                  <span className="h-0.5 w-4 rounded-sm" style={{ background: line.color }} aria-hidden />
                  {line.label}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <section aria-labelledby="iot-devices-heading" className="grid gap-3">
        <h2 id="iot-devices-heading" className="text-lg font-semibold">
          Connected Devices
        </h2>
        {devices.length === 0 && <p className="text-sm text-muted-foreground">No readings yet. Start streaming a device.</p>}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {devices.map((d) => {
            const isStreaming = streams.some((s) => s.device_id === d.device_id);
            return (
              <Card key={d.device_id} role="article" aria-label={d.name}>
                <CardContent className="grid gap-1 pt-6">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">{d.name}</span>
                    {d.simulated && <Badge variant="warning">Simulated</Badge>}
                  </div>
                  <span className="text-xs text-muted-foreground">
                    {d.device_id} · {d.location || 'No location'}
                  </span>
                  <span className="text-xl font-semibold tabular-nums">
                    {d.last_reading.toLocaleString('en-US')} {d.unit}
                  </span>
                  {isStreaming && (
                    <Button size="sm" variant="outline" className="justify-self-start" onClick={() => void onStop(d.device_id)}>
                      Stop
                    </Button>
                  )}
                </CardContent>
              </Card>
            );
          })}
        </div>
      </section>
    </section>
  );
}
