import type { HouseholdEstimate } from '@wattwise/shared/smart-home/simulation';
import { Area, AreaChart, CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { CHART_COLORS, ChartContainer, ChartTooltip, ChartTooltipContent } from '@/components/ui/chart.tsx';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * Analytics (02-tools §2.4): hourly area chart, weekly line chart, peak usage, savings and
 * carbon cards — all from the devices' present draw and the hour-of-day profile, said so.
 */
export function AnalyticsTab({ estimate }: { estimate: HouseholdEstimate }) {
  const peakKw = estimate.hourly[estimate.peakHour]?.kw ?? 0;
  // Moving a fifth of the evening peak (18–21) to off-peak hours saves its price difference in use: a 20 % cut of peak-hour kWh.
  const peakHoursKwh = estimate.hourly.filter((h) => h.hour >= 18 && h.hour <= 21).reduce((s, h) => s + h.kw, 0);
  const monthlySavings = peakHoursKwh * 0.2 * 30 * 0.12;
  const weekly = DAYS.map((day) => ({ day, kwh: estimate.dailyKwh }));
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">Estimated from your devices&apos; present draw and the hour-of-day profile.</p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Hourly usage (kW)</CardTitle>
          </CardHeader>
          <CardContent>
            <ChartContainer config={{ kw: { label: 'kW', color: CHART_COLORS.usage } }} role="img" aria-label="Hourly usage chart">
              <AreaChart accessibilityLayer={false} data={estimate.hourly}>
                <CartesianGrid vertical={false} />
                <XAxis dataKey="hour" tickLine={false} />
                <YAxis width={36} tickLine={false} />
                <ChartTooltip content={<ChartTooltipContent />} />
                <Area dataKey="kw" type="monotone" stroke="var(--color-kw)" fill="var(--color-kw)" fillOpacity={0.25} isAnimationActive={false} />
              </AreaChart>
            </ChartContainer>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Weekly usage (kWh a day)</CardTitle>
          </CardHeader>
          <CardContent>
            <ChartContainer config={{ kwh: { label: 'kWh', color: CHART_COLORS.cost } }} role="img" aria-label="Weekly usage chart">
              <LineChart accessibilityLayer={false} data={weekly}>
                <CartesianGrid vertical={false} />
                <XAxis dataKey="day" tickLine={false} />
                <YAxis width={36} tickLine={false} />
                <ChartTooltip content={<ChartTooltipContent />} />
                <Line dataKey="kwh" stroke="var(--color-kwh)" dot={false} isAnimationActive={false} />
              </LineChart>
            </ChartContainer>
          </CardContent>
        </Card>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle className="text-sm font-medium text-muted-foreground">Peak Usage</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-semibold">{peakKw.toFixed(2)} kW</p>
            <p className="text-xs text-muted-foreground">Around {estimate.peakHour}:00</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-sm font-medium text-muted-foreground">Savings</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-semibold">${monthlySavings.toFixed(2)}/mo</p>
            <p className="text-xs text-muted-foreground">Cutting evening-peak use by a fifth</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-sm font-medium text-muted-foreground">Carbon</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-semibold">{estimate.carbonLbsPerMonth.toFixed(0)} lbs/mo</p>
            <p className="text-xs text-muted-foreground">1.2 lbs CO₂ per kWh</p>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
