import type { WeatherComparisonDto } from '@wattwise/shared/contract/calculators';
import { CloudSunIcon } from 'lucide-react';
import { formatMoney } from '@/lib/format.ts';
import { cn } from '@/lib/utils.ts';
import { useWeatherComparison } from '../api/weather-comparison.ts';

/** Bills whose use follows heating or cooling. */
export const WEATHER_BILL_TYPES: readonly string[] = ['electricity', 'natural_gas'];

function Part({ label, cents, usage, unit }: { label: string; cents: number | null; usage: number | null; unit: string | null }) {
  const value = cents ?? usage ?? 0;
  const up = value > 0;
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('font-semibold tabular-nums', value === 0 ? '' : up ? 'text-destructive' : 'text-primary')}>
        {up ? '▲' : value < 0 ? '▼' : ''} {cents !== null ? formatMoney(Math.abs(cents) / 100) : `${Math.abs(usage ?? 0).toLocaleString('en-US')} ${unit ?? ''}`}
        <span className="sr-only">{up ? ' more' : value < 0 ? ' less' : ''}</span>
      </dd>
    </div>
  );
}

function Breakdown({ data }: { data: WeatherComparisonDto }) {
  if (data.status !== 'ok' || !data.usage) return <p className="text-sm text-muted-foreground">{data.message}</p>;
  const c = data.cost;
  return (
    <div className="grid gap-3">
      <p className="text-sm">{data.message}</p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Part label="Change from last year" cents={c?.change ?? null} usage={data.usage.change} unit={data.unit} />
        <Part label="Weather" cents={c?.weather ?? null} usage={data.usage.weather} unit={data.unit} />
        <Part label="Your household" cents={c?.household ?? null} usage={data.usage.household} unit={data.unit} />
        {c && <Part label="Price per unit" cents={c.price} usage={null} unit={data.unit} />}
      </dl>
      {data.degreeDays && (
        <p className="text-xs text-muted-foreground">
          Normal degree days for each billing period in {data.state}: this year {data.degreeDays.thisYear.hdd} heating / {data.degreeDays.thisYear.cdd} cooling, last year{' '}
          {data.degreeDays.lastYear.hdd} / {data.degreeDays.lastYear.cdd} (NOAA 1991–2020 normals, learned from {data.billsUsed} earlier bills). Normal, not
          observed, weather: an unusually cold or hot year shows in the household part.
        </p>
      )}
    </div>
  );
}

/** The weather-normalised comparison of one heating or cooling bill with the same bill last year. */
export function WeatherComparison({ billId, compact = false }: { billId: string; compact?: boolean }) {
  const query = useWeatherComparison(billId);
  return (
    <section aria-label="Weather-normalised comparison" className={cn('grid gap-2', !compact && 'rounded-lg border p-4')}>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <CloudSunIcon aria-hidden className="size-4 text-accent" /> Weather or household?
      </h3>
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">Comparing with last year…</p>
      ) : query.isError ? (
        <p className="text-sm text-destructive">Failed to compare with last year.</p>
      ) : (
        <Breakdown data={query.data} />
      )}
    </section>
  );
}
