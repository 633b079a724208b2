import * as React from 'react';
import { ResponsiveContainer, Tooltip as RechartsTooltip } from 'recharts';
import { cn } from '@/lib/utils.ts';

/**
 * Series of a chart and their colours (docs/design.md): usage in primary, cost in accent,
 * last year dashed muted, anomalies destructive. Colours are CSS variables so light
 * and dark themes follow the tokens; each series gets `--color-<key>` inside the container.
 */
export type ChartConfig = Record<string, { label: string; color: string; unit?: string }>;

export const CHART_COLORS = {
  usage: 'var(--primary)',
  cost: 'var(--accent)',
  lastYear: 'var(--muted-foreground)',
  anomaly: 'var(--destructive)',
} as const;

const ChartContext = React.createContext<ChartConfig | null>(null);

export function useChartConfig(): ChartConfig {
  const config = React.useContext(ChartContext);
  if (!config) throw new Error('useChartConfig must be used inside ChartContainer');
  return config;
}

export function ChartContainer({
  config,
  className,
  children,
  style,
  ...props
}: Omit<React.ComponentProps<'div'>, 'children'> & { config: ChartConfig; children: React.ReactElement }) {
  const vars = Object.fromEntries(Object.entries(config).map(([key, item]) => [`--color-${key}`, item.color]));
  return (
    <ChartContext.Provider value={config}>
      <div
        data-slot="chart"
        className={cn(
          'aspect-video w-full text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border/70 [&_.recharts-surface]:outline-none',
          className,
        )}
        style={{ ...vars, ...style }}
        {...props}
      >
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

interface TooltipPayloadItem {
  dataKey?: string | number;
  name?: string | number;
  value?: number | string | readonly (number | string)[];
  color?: string;
}

/** Tooltip body listing each series with its configured label and a formatted value. */
export function ChartTooltipContent({
  active,
  payload,
  label,
  formatValue,
}: {
  active?: boolean;
  payload?: readonly TooltipPayloadItem[];
  label?: React.ReactNode;
  formatValue?: (value: number, key: string) => string;
}) {
  const config = useChartConfig();
  if (!active || !payload?.length) return null;
  return (
    <div className="grid min-w-32 gap-1 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      {label != null && <div className="font-medium">{label}</div>}
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.name ?? '');
        const entry = config[key];
        const value = typeof item.value === 'number' ? item.value : Number(item.value);
        return (
          <div key={key} className="flex items-center justify-between gap-3">
            <span className="flex items-center gap-1.5 text-muted-foreground">
              <span className="size-2.5 rounded-sm" style={{ background: entry?.color ?? item.color }} aria-hidden />
              {entry?.label ?? key}
            </span>
            <span className="font-medium tabular-nums">
              {Number.isFinite(value) ? (formatValue ? formatValue(value, key) : value.toLocaleString('en-US')) : '—'}
            </span>
          </div>
        );
      })}
    </div>
  );
}

export const ChartTooltip = RechartsTooltip;
