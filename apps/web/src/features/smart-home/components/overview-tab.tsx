import type { Device } from '@wattwise/shared/contract/smart-home';
import { type HouseholdEstimate, isPoweredOn, scoreTone } from '@wattwise/shared/smart-home/simulation';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { formatReading, SimulatedBadge, StatusDot, useRunCommand } from './device-card.tsx';

const TONE = { green: 'text-green-700 dark:text-green-400', yellow: 'text-yellow-700 dark:text-yellow-400', red: 'text-red-700 dark:text-red-400' } as const;

function Metric({ title, value, note, className, id }: { title: string; value: string; note: string; className?: string; id?: string }) {
  return (
    <Card id={id} tabIndex={id ? -1 : undefined} className={id ? 'focus:ring-2 focus:ring-primary focus:outline-none' : undefined}>
      <CardHeader>
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className={`text-2xl font-semibold tabular-nums ${className ?? ''}`}>{value}</p>
        <p className="text-xs text-muted-foreground">{note}</p>
      </CardContent>
    </Card>
  );
}

/** Overview (02-tools §2.4): four metric cards, a status grid of up to 6 devices and quick controls. */
export function OverviewTab({ devices, estimate, scoreId }: { devices: Device[]; estimate: HouseholdEstimate; scoreId?: string }) {
  const { run, pending } = useRunCommand();
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Metric title="Current Usage" value={`${estimate.currentKw.toFixed(2)} kW`} note={estimate.usageLabel} />
        <Metric title="Daily Usage" value={`${estimate.dailyKwh.toFixed(1)} kWh`} note="At today's hour-of-day profile" />
        <Metric title="Monthly Cost" value={`$${estimate.monthlyCost.toFixed(2)}`} note="Daily usage × 30 at $0.12/kWh" />
        <Metric title="Efficiency Score" value={`${estimate.efficiencyScore}`} note="85 minus 10 per kW above 2" id={scoreId} className={TONE[scoreTone(estimate.efficiencyScore)]} />
      </div>
      <section aria-labelledby="device-status-heading" className="grid gap-3">
        <h2 id="device-status-heading" className="text-lg font-semibold">
          Device Status
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {devices.slice(0, 6).map((d) => (
            <div key={d.id} className="flex items-center justify-between gap-2 rounded-lg border p-3">
              <div className="grid gap-1">
                <span className="font-medium">{d.name}</span>
                <span className="flex items-center gap-2">
                  <StatusDot status={d.status} />
                  <SimulatedBadge device={d} />
                </span>
              </div>
              <span className="tabular-nums">{formatReading(d)}</span>
            </div>
          ))}
        </div>
      </section>
      <section aria-labelledby="quick-controls-heading" className="grid gap-3">
        <h2 id="quick-controls-heading" className="text-lg font-semibold">
          Quick Controls
        </h2>
        <div className="flex flex-wrap gap-2">
          {devices.slice(0, 6).map((d) => (
            <Button key={d.id} variant={isPoweredOn(d.last_reading) ? 'default' : 'outline'} disabled={pending} onClick={() => void run(d, 'toggle')}>
              {d.name}: {isPoweredOn(d.last_reading) ? 'On' : 'Off'}
            </Button>
          ))}
        </div>
      </section>
    </div>
  );
}
