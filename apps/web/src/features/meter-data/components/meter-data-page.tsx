import type { LoadProfile, Meter, MeterResolution, TouScheduleInput, TouWhatIf } from '@wattwise/shared/contract/meter-data';
import { DownloadIcon, UploadIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Bar, BarChart, Brush, CartesianGrid, Line, LineChart, ReferenceLine, XAxis, YAxis } from 'recharts';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { CHART_COLORS, ChartContainer, ChartTooltip, ChartTooltipContent } from '@/components/ui/chart.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { formatMoney } from '@/lib/format.ts';
import { useImportMeterData, useLoadProfile, useMeters, useMeterSeries, useTouWhatIf } from '../api/meter-data.ts';
import { formatHour, TOU_PRESETS } from '../lib/green-button-file.ts';

const COMMODITY_LABELS: Record<Meter['commodity'], string> = { electricity: 'Electricity', natural_gas: 'Gas', water: 'Water' };
const DAY_MS = 86_400_000;

const amount = (value: number, unit: string, digits = 2) => `${value.toLocaleString('en-US', { maximumFractionDigits: digits })} ${unit}`;

function meterName(meter: Meter): string {
  return `${COMMODITY_LABELS[meter.commodity]} · ${meter.title ?? 'meter'} (${meter.readings.toLocaleString('en-US')} readings)`;
}

/** Upload of a Green Button file: the XML or CSV of the utility's "Download My Data". */
export function MeterDataUpload() {
  const upload = useImportMeterData();
  const [file, setFile] = useState<File | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Import Green Button data</h2>
        </CardTitle>
        <CardDescription>Your utility's "Download My Data" file (XML or CSV): the meter's readings every 15 minutes, hour or day. Importing the same file again adds nothing.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="grid gap-2">
            <Label htmlFor="green-button-file">Green Button file</Label>
            <Input id="green-button-file" type="file" accept=".xml,.csv,text/xml,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </div>
          <Button disabled={!file || upload.isPending} onClick={() => file && upload.mutate({ file })}>
            <UploadIcon aria-hidden />
            {upload.isPending ? 'Importing…' : 'Import'}
          </Button>
        </div>
        {upload.isError && (
          <Alert variant="destructive">
            <AlertTitle>Not imported</AlertTitle>
            <AlertDescription>{upload.error.message}</AlertDescription>
          </Alert>
        )}
        {upload.data && (
          <p role="status" className="text-sm">
            Imported {upload.data.fileName}:{' '}
            {upload.data.meters
              .map((m) => `${COMMODITY_LABELS[m.commodity]} meter, ${m.readingsInFile.toLocaleString('en-US')} readings (${m.readingsAdded.toLocaleString('en-US')} new)`)
              .join('; ')}
            .
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function UsageChart({ meter }: { meter: Meter }) {
  const [resolution, setResolution] = useState<MeterResolution>(meter.intervalSeconds <= 3600 ? 'day' : 'day');
  const [weekStart, setWeekStart] = useState<string | null>(null);
  const canHour = meter.intervalSeconds <= 3600;
  const range = useMemo(() => {
    if (resolution !== 'hour' || !meter.last) return undefined;
    const start = weekStart ? new Date(`${weekStart}T00:00:00Z`).getTime() : new Date(meter.last).getTime() - 7 * DAY_MS;
    return { from: new Date(start).toISOString(), to: new Date(start + 7 * DAY_MS).toISOString() };
  }, [resolution, weekStart, meter.last]);
  const series = useMeterSeries(meter.id, resolution, range);
  const data = useMemo(() => (series.data?.points ?? []).map((p) => ({ label: p.label, delivered: p.delivered, exported: p.received > 0 ? -p.received : 0 })), [series.data]);
  const hasExport = data.some((p) => p.exported < 0);
  const config = {
    delivered: { label: `From the grid (${meter.unit})`, color: CHART_COLORS.usage },
    exported: { label: `Sent to the grid (${meter.unit})`, color: CHART_COLORS.cost },
  };
  return (
    <Card>
      <CardHeader className="gap-2">
        <CardTitle>
          <h2 className="text-lg">Usage by {resolution === 'day' ? 'day' : 'hour'}</h2>
        </CardTitle>
        <CardDescription>
          Times in {meter.timeZone}. Drag the handles under the chart to zoom{canHour ? '; click a day to see its hours' : ''}.{hasExport ? ' Solar export is shown below the axis.' : ''}
        </CardDescription>
        <div className="flex flex-wrap items-end gap-2">
          <Button size="sm" variant={resolution === 'day' ? 'default' : 'outline'} onClick={() => setResolution('day')}>
            By day
          </Button>
          {canHour && (
            <Button size="sm" variant={resolution === 'hour' ? 'default' : 'outline'} onClick={() => setResolution('hour')}>
              By hour
            </Button>
          )}
          {resolution === 'hour' && (
            <div className="grid gap-1">
              <Label htmlFor="week-start" className="text-xs">
                Week from
              </Label>
              <Input id="week-start" type="date" className="h-8 w-40" value={weekStart ?? range?.from.slice(0, 10) ?? ''} onChange={(e) => setWeekStart(e.target.value || null)} />
            </div>
          )}
        </div>
      </CardHeader>
      <CardContent>
        {series.isError ? (
          <p className="text-sm text-destructive">{series.error.message}</p>
        ) : data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{series.isPending ? 'Loading readings…' : 'No readings in this range.'}</p>
        ) : (
          <figure aria-label={`Usage by ${resolution}`} data-points={data.length}>
            <ChartContainer config={config} className="aspect-[2.4/1]">
              <BarChart
                data={data}
                stackOffset="sign"
                onClick={(state) => {
                  const label = typeof state?.activeLabel === 'string' ? state.activeLabel : undefined;
                  if (canHour && resolution === 'day' && label) {
                    setWeekStart(label);
                    setResolution('hour');
                  }
                }}
              >
                <CartesianGrid vertical={false} />
                <XAxis dataKey="label" minTickGap={24} tickLine={false} />
                <YAxis width={48} tickLine={false} axisLine={false} />
                <ReferenceLine y={0} stroke="var(--border)" />
                <ChartTooltip content={<ChartTooltipContent formatValue={(v) => amount(Math.abs(v), meter.unit, 3)} />} />
                <Bar dataKey="delivered" stackId="flow" fill="var(--color-delivered)" isAnimationActive={false} />
                {hasExport && <Bar dataKey="exported" stackId="flow" fill="var(--color-exported)" isAnimationActive={false} />}
                <Brush dataKey="label" height={24} travellerWidth={8} stroke="var(--primary)" />
              </BarChart>
            </ChartContainer>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}

function LoadProfileCard({ meter }: { meter: Meter }) {
  const profile = useLoadProfile(meter.id, meter.intervalSeconds <= 3600);
  if (meter.intervalSeconds > 3600) return null;
  const data: LoadProfile | undefined = profile.data;
  const rate = meter.unit === 'kWh' ? 'kW' : `${meter.unit}/h`;
  const shape = (data?.dailyShape ?? []).map((all, hour) => ({ hour: formatHour(hour), all, weekday: data?.weekdayShape[hour] ?? null, weekend: data?.weekendShape[hour] ?? null }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Load profile</h2>
        </CardTitle>
        <CardDescription>The latest year of readings: what runs all the time, and when the rest is used.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {profile.isError && <p className="text-sm text-destructive">{profile.error.message}</p>}
        {data && (
          <>
            <div className="grid gap-1">
              <p className="text-sm text-muted-foreground">Base load (night-time minimum, midnight–5 am, typical night)</p>
              <p className="text-2xl font-semibold tabular-nums" aria-label="Base load">
                {data.baseLoad === null ? 'Not known (no night readings)' : amount(data.baseLoad, rate, 3)}
              </p>
              {data.baseLoad !== null && meter.unit === 'kWh' && (
                <p className="text-sm text-muted-foreground">About {amount(data.baseLoad * 24 * 365, 'kWh', 0)} a year runs whatever you do: fridges, standby, always-on devices.</p>
              )}
            </div>
            <figure aria-label="Daily shape">
              <figcaption className="mb-2 text-sm font-medium">Daily shape: average per hour of day, weekdays vs weekends</figcaption>
              <ChartContainer
                config={{ weekday: { label: 'Weekdays', color: CHART_COLORS.usage }, weekend: { label: 'Weekends', color: CHART_COLORS.cost }, all: { label: 'All days', color: CHART_COLORS.lastYear } }}
                className="aspect-[2.4/1]"
              >
                <LineChart data={shape}>
                  <CartesianGrid vertical={false} />
                  <XAxis dataKey="hour" tickLine={false} minTickGap={16} />
                  <YAxis width={48} tickLine={false} axisLine={false} />
                  <ChartTooltip content={<ChartTooltipContent formatValue={(v) => amount(v, meter.unit, 3)} />} />
                  <Line dataKey="weekday" stroke="var(--color-weekday)" dot={false} isAnimationActive={false} />
                  <Line dataKey="weekend" stroke="var(--color-weekend)" dot={false} isAnimationActive={false} />
                  <Line dataKey="all" stroke="var(--color-all)" strokeDasharray="4 4" dot={false} isAnimationActive={false} />
                </LineChart>
              </ChartContainer>
            </figure>
            <div>
              <h3 className="mb-2 text-sm font-medium">Top 10 hours</h3>
              <Table aria-label="Top 10 hours">
                <TableHeader>
                  <TableRow>
                    <TableHead>Hour ({meter.timeZone})</TableHead>
                    <TableHead className="text-right">Usage</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.topHours.map((h) => (
                    <TableRow key={h.start}>
                      <TableCell>{h.label}</TableCell>
                      <TableCell className="text-right tabular-nums">{amount(h.value, meter.unit, 3)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function TouWhatIfCard({ meter }: { meter: Meter }) {
  const whatIf = useTouWhatIf(meter.id);
  const [schedule, setSchedule] = useState<TouScheduleInput>(TOU_PRESETS[0]!.schedule);
  const [currentRate, setCurrentRate] = useState('');
  if (meter.unit !== 'kWh' || meter.intervalSeconds > 3600) return null;
  const numberField = (key: 'peakStartHour' | 'peakEndHour' | 'peakPrice' | 'offPeakPrice', label: string, step: string) => (
    <div className="grid gap-1">
      <Label htmlFor={`tou-${key}`}>{label}</Label>
      <Input id={`tou-${key}`} type="number" step={step} value={String(schedule[key])} onChange={(e) => setSchedule({ ...schedule, [key]: Number(e.target.value) })} />
    </div>
  );
  const run = () => whatIf.mutate({ ...schedule, ...(currentRate.trim() ? { currentRate: Number(currentRate) } : {}) });
  const result: TouWhatIf | undefined = whatIf.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Would a time-of-use plan save you money?</h2>
        </CardTitle>
        <CardDescription>The latest year of your readings, priced at your current rate (from your bills) and under a time-of-use schedule you pick or enter.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          {TOU_PRESETS.map((preset) => (
            <Button key={preset.id} size="sm" variant="outline" onClick={() => setSchedule(preset.schedule)}>
              {preset.label}
            </Button>
          ))}
        </div>
        <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {numberField('peakStartHour', 'Peak starts (hour)', '1')}
          {numberField('peakEndHour', 'Peak ends (hour)', '1')}
          {numberField('peakPrice', 'Peak price ($/kWh)', '0.01')}
          {numberField('offPeakPrice', 'Off-peak price ($/kWh)', '0.01')}
          <div className="grid gap-1">
            <Label htmlFor="tou-peakDays">Peak days</Label>
            <select
              id="tou-peakDays"
              className="h-9 rounded-md border bg-background px-2 text-sm"
              value={schedule.peakDays ?? 'weekdays'}
              onChange={(e) => setSchedule({ ...schedule, peakDays: e.target.value as 'weekdays' | 'every_day' })}
            >
              <option value="weekdays">Weekdays</option>
              <option value="every_day">Every day</option>
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="tou-currentRate">Current rate ($/kWh)</Label>
            <Input id="tou-currentRate" type="number" step="0.01" placeholder="from your bills" value={currentRate} onChange={(e) => setCurrentRate(e.target.value)} />
          </div>
        </div>
        <Button className="w-fit" onClick={run} disabled={whatIf.isPending}>
          {whatIf.isPending ? 'Comparing…' : 'Compare'}
        </Button>
        {whatIf.isError && <p className="text-sm text-destructive">{whatIf.error.message}</p>}
        {result && (
          <div role="status" aria-label="TOU comparison" className="grid gap-1 rounded-md border p-4 text-sm">
            <p>
              {amount(result.usage, 'kWh', 1)} from {result.from.slice(0, 10)} to {result.to.slice(0, 10)}, {amount(result.peakUsage, 'kWh', 1)} of it in peak hours.
            </p>
            <p>
              Time-of-use: <strong>{formatMoney(result.touCost)}</strong>
            </p>
            {result.currentCost === null ? (
              <p>Your current rate is not known from your bills: enter it above to compare.</p>
            ) : (
              <>
                <p>
                  Current rate ({formatMoney(result.currentRate ?? 0)}/kWh{result.currentRateSource === 'bills' ? ', from your bills' : ', as entered'}): <strong>{formatMoney(result.currentCost)}</strong>
                </p>
                <p className="font-medium">
                  {result.difference! < 0
                    ? `The time-of-use plan would have cost ${formatMoney(-result.difference!)} less.`
                    : result.difference! > 0
                      ? `The time-of-use plan would have cost ${formatMoney(result.difference!)} more.`
                      : 'Both would have cost the same.'}
                </p>
              </>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** /meter-data (issue 29): Green Button import, usage chart, load profile, TOU what-if, Home Assistant export. */
export function MeterDataPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const meters = useMeters(isAuthenticated);
  const [chosen, setChosen] = useState<string | undefined>();
  const meter = meters.data?.find((m) => m.id === chosen) ?? meters.data?.[0];

  if (!isLoading && !isAuthenticated) {
    return (
      <section className="mx-auto w-full max-w-lg px-4 py-16 text-center">
        <h1 className="text-xl font-semibold">Sign in to see your meter data</h1>
      </section>
    );
  }
  return (
    <section className="mx-auto grid w-full max-w-[1200px] gap-6 px-4 py-10 md:px-6">
      <div>
        <h1 className="text-3xl font-semibold">Meter data</h1>
        <p className="mt-1 text-muted-foreground">What your meter recorded, hour by hour: it shows when you use energy, and checks your bills.</p>
      </div>
      <MeterDataUpload />
      {meters.data && meters.data.length > 1 && (
        <div className="grid gap-1">
          <Label htmlFor="meter-choice">Meter</Label>
          <select id="meter-choice" className="h-9 max-w-xl rounded-md border bg-background px-2 text-sm" value={meter?.id} onChange={(e) => setChosen(e.target.value)}>
            {meters.data.map((m) => (
              <option key={m.id} value={m.id}>
                {meterName(m)}
              </option>
            ))}
          </select>
        </div>
      )}
      {meters.data?.length === 0 && <p className="text-muted-foreground">No meter data yet: import your utility's Green Button file above.</p>}
      {meter && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground">{meterName(meter)}</p>
            <Button asChild size="sm" variant="outline">
              <a href={`/api/meters/${meter.id}/home-assistant.csv`} download>
                <DownloadIcon aria-hidden />
                Home Assistant CSV
              </a>
            </Button>
          </div>
          <UsageChart key={`${meter.id}-chart`} meter={meter} />
          <LoadProfileCard key={`${meter.id}-profile`} meter={meter} />
          <TouWhatIfCard key={`${meter.id}-tou`} meter={meter} />
        </>
      )}
    </section>
  );
}
