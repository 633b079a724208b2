import type { BillMetrics } from './bill-metrics.ts';
import { monthNumberOf } from './dates.ts';
import { COOLING_CURVE, DRIVERS, HEATING_CURVE } from './seasonal.ts';
import { fitLinear, round } from './stats.ts';
import type { AnalysisBillType, WeatherImpact } from './types.ts';

export const MIN_BILLS_FOR_WEATHER = 6;
const MAX_BILLS_FOR_WEATHER = 24;

const pct = (x: number): string => `${Math.round(x * 100)}%`;

/**
 * How much of the usage follows the seasons: a regression of daily usage on heating and
 * cooling curves over up to 24 bills (this one included). Needs six bills from six
 * different months; says so otherwise.
 */
export function analyzeWeatherImpact(billType: AnalysisBillType, bills: readonly BillMetrics[]): WeatherImpact {
  const drivers = DRIVERS[billType];
  if (!drivers.heating && !drivers.cooling) {
    return { status: 'not_applicable', billsUsed: 0, seasonalShare: null, heatingShare: null, coolingShare: null, summary: 'This kind of bill does not depend on the weather.' };
  }
  const usable = bills.filter((b) => b.dailyUsage !== null && b.month !== null).slice(-MAX_BILLS_FOR_WEATHER);
  const months = new Set(usable.map((b) => monthNumberOf(b.month ?? '')));
  if (usable.length < MIN_BILLS_FOR_WEATHER || months.size < MIN_BILLS_FOR_WEATHER) {
    return {
      status: 'insufficient_history',
      billsUsed: usable.length,
      seasonalShare: null,
      heatingShare: null,
      coolingShare: null,
      summary: `We need at least ${MIN_BILLS_FOR_WEATHER} bills from different months to separate the weather from your habits; we have ${usable.length}.`,
    };
  }
  const heat = usable.map((b) => HEATING_CURVE[monthNumberOf(b.month ?? '') - 1] ?? 0);
  const cool = usable.map((b) => COOLING_CURVE[monthNumberOf(b.month ?? '') - 1] ?? 0);
  const ys = usable.map((b) => b.dailyUsage ?? 0);
  let use = { heating: drivers.heating, cooling: drivers.cooling };
  let fit: { h: number; c: number; r2: number } | null = null;
  // Refit without a driver whose coefficient comes out negative (less use when it is colder/hotter).
  for (let attempt = 0; attempt < 3 && fit === null; attempt++) {
    const cols = [...(use.heating ? [heat] : []), ...(use.cooling ? [cool] : [])];
    if (cols.length === 0) {
      fit = { h: 0, c: 0, r2: 0 };
      break;
    }
    const f = fitLinear(cols, ys);
    if (f === null) break;
    const h = use.heating ? (f.coef[1] ?? 0) : 0;
    const c = use.cooling ? (f.coef[use.heating ? 2 : 1] ?? 0) : 0;
    if (h < 0 || c < 0) use = { heating: use.heating && h >= 0, cooling: use.cooling && c >= 0 };
    else fit = { h, c, r2: f.r2 };
  }
  if (fit === null) fit = { h: 0, c: 0, r2: 0 };
  const total = usable.reduce((s, b) => s + (b.dailyUsage ?? 0) * b.days, 0);
  const share = (coef: number, curve: number[]): number =>
    total > 0 ? Math.min(1, usable.reduce((s, b, i) => s + coef * (curve[i] ?? 0) * b.days, 0) / total) : 0;
  // A negative intercept (no use at all in mild months) would make the parts exceed the whole: scale them into it.
  const rawHeat = share(fit.h, heat);
  const rawCool = share(fit.c, cool);
  const over = Math.max(1, rawHeat + rawCool);
  const heatingShare = Math.floor((rawHeat / over) * 1000) / 1000;
  const coolingShare = Math.floor((rawCool / over) * 1000) / 1000;
  const parts = [
    ...(drivers.heating ? [`${pct(heatingShare)} heating`] : []),
    ...(drivers.cooling ? [`${pct(coolingShare)} ${billType === 'water' ? 'summer outdoor use' : 'cooling'}`] : []),
  ];
  return {
    status: 'ok',
    billsUsed: usable.length,
    seasonalShare: round(fit.r2, 3),
    heatingShare,
    coolingShare,
    summary: `About ${pct(heatingShare + coolingShare)} of your use over the last ${usable.length} bills follows the seasons (${parts.join(', ')}). The seasons explain ${pct(fit.r2)} of the month-to-month changes.`,
  };
}
