import { type Device, SMART_HOME_MESSAGES as M } from '@wattwise/shared/contract/smart-home';
import { isPoweredOn, LIGHT_BOUNDS, LIGHT_PRESETS, THERMOSTAT_BOUNDS, THERMOSTAT_PRESETS, type DeviceCommand } from '@wattwise/shared/smart-home/simulation';
import { PowerIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { useControlDevice } from '../api/smart-home.ts';

const STATUS_TONE = { connected: 'bg-green-500', disconnected: 'bg-yellow-500', offline: 'bg-red-500' } as const;

export function formatReading(device: Pick<Device, 'last_reading' | 'unit'>): string {
  const value = Number.isInteger(device.last_reading) ? device.last_reading : device.last_reading.toFixed(device.unit === 'kW' ? 2 : 1);
  return `${value} ${device.unit}`;
}

/** The simulated label every screen shows on devices of the direct platform. */
export function SimulatedBadge({ device }: { device: Pick<Device, 'simulated'> }) {
  return device.simulated ? <Badge variant="warning">Simulated</Badge> : null;
}

export function StatusDot({ status }: { status: Device['status'] }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs capitalize text-muted-foreground">
      <span className={`size-2 rounded-full ${STATUS_TONE[status]}`} aria-hidden />
      {status}
    </span>
  );
}

/** Runs a command with the spec's toasts at the call site. */
export function useRunCommand() {
  const control = useControlDevice();
  return {
    pending: control.isPending,
    run: async (device: Device, command: DeviceCommand, value?: number) => {
      try {
        const result = await control.mutateAsync({ device_id: device.id, command, value: value ?? null });
        toast.success(result.message);
      } catch (error) {
        toast.error(error instanceof Error && error.message === M.deviceNotFound ? M.deviceNotFound : M.commandFailed);
      }
    },
  };
}

/** A device with its power button, and for thermostats and lights a slider with presets (02-tools §5 bounds). */
export function DeviceCard({ device }: { device: Device }) {
  const { run, pending } = useRunCommand();
  const sliderId = useId();
  const on = isPoweredOn(device.last_reading);
  const kind = device.type === 'thermostat' ? 'thermostat' : device.type === 'light' ? 'light' : null;
  const bounds = kind === 'thermostat' ? THERMOSTAT_BOUNDS : LIGHT_BOUNDS;
  const current = kind === 'thermostat' ? (device.settings.temperature ?? device.last_reading) : device.last_reading;
  // The slider's value while it is moved; the device's own value otherwise.
  const [moving, setMoving] = useState<number | null>(null);
  const draft = moving ?? current;
  const commit = () => {
    if (moving === null) return;
    void run(device, command, moving).finally(() => setMoving(null));
  };
  const command: DeviceCommand = kind === 'thermostat' ? 'setTemperature' : 'setBrightness';
  const clamp = (n: number) => Math.min(bounds.max, Math.max(bounds.min, n));

  return (
    <Card aria-label={device.name} role="article">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle className="text-base">{device.name}</CardTitle>
          <p className="text-xs text-muted-foreground">
            {device.location} · {device.type.replace('_', ' ')}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <StatusDot status={device.status} />
            <SimulatedBadge device={device} />
          </div>
        </div>
        <Button size="icon" variant={on ? 'default' : 'outline'} aria-label={`${on ? 'Turn off' : 'Turn on'} ${device.name}`} disabled={pending} onClick={() => void run(device, 'toggle')}>
          <PowerIcon aria-hidden />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-2xl font-semibold tabular-nums" aria-label={`${device.name} reading`}>
          {formatReading(device)}
        </p>
        {kind && (
          <div className="grid gap-2">
            <label htmlFor={sliderId} className="text-sm font-medium">
              {kind === 'thermostat' ? `Temperature: ${draft}°F` : `Brightness: ${draft}%`}
            </label>
            <input
              id={sliderId}
              type="range"
              className="w-full accent-[var(--primary)]"
              min={bounds.min}
              max={bounds.max}
              step={bounds.step}
              value={clamp(draft)}
              disabled={pending}
              onChange={(e) => setMoving(Number(e.target.value))}
              onPointerUp={commit}
              onKeyUp={(e) => {
                if (e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End' || e.key.startsWith('Page')) commit();
              }}
            />
            <div className="flex flex-wrap gap-2" role="group" aria-label={`${device.name} presets`}>
              {kind === 'thermostat'
                ? THERMOSTAT_PRESETS.map((p) => (
                    <Button key={p.label} size="sm" variant={current === p.value ? 'default' : 'outline'} disabled={pending} onClick={() => void run(device, command, p.value)}>
                      {p.label} {p.value}°F
                    </Button>
                  ))
                : LIGHT_PRESETS.map((p) => (
                    <Button key={p} size="sm" variant={current === p ? 'default' : 'outline'} disabled={pending} onClick={() => void run(device, command, p)}>
                      {p}%
                    </Button>
                  ))}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
