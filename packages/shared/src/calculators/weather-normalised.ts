import { fromDayNumber, toDayNumber, yearAgoGap } from '../analysis/dates.ts';
import { fitLinear } from '../analysis/stats.ts';
import { degreeDayNormals } from './regions.ts';

/**
 * Weather-normalised year-over-year comparison of a heating or cooling bill.
 *
 * Each bill's expected use is a + b·HDD + c·CDD over its own days (a PRISM-style fit of the
 * household's bills against the state's 1991–2020 normal degree days of each bill's period).
 * The change the fit predicts between last year's bill and this one is the weather part (which
 * days and how many the period covers); what it does not predict is the household part; in
 * dollars, a change of price is a third part. Normal, not actual, weather: the shipped data has
 * no observed degree days, so an unusually cold year appears in the household part (docs/decisions/086).
 */

export interface WeatherBill {
  id: string;
  servicePeriodStart: string;
  servicePeriodEnd: string;
  usage: number;
  /** What the period's usage cost, in cents (null when not read). */
  costCents: number | null;
}

export type WeatherDriver = 'heating' | 'cooling' | 'both';

export type WeatherComparison =
  | { status: 'no_normals'; state: string | null; message: string }
  | { status: 'no_last_year'; message: string }
  | { status: 'insufficient_history'; billsUsed: number; message: string }
  | {
      status: 'ok';
      state: string;
      lastYearBillId: string;
      billsUsed: number;
      /** Degree days (normal) in each bill's period. */
      degreeDays: { thisYear: { hdd: number; cdd: number }; lastYear: { hdd: number; cdd: number } };
      usage: { thisYear: number; lastYear: number; change: number; weather: number; household: number };
      /** Cents; null when either bill's cost was not read. weather + household + price = change. */
      cost: { change: number; weather: number; household: number; price: number } | null;
      message: string;
    };

/** Normal heating and cooling degree days between two ISO dates (start inclusive, end exclusive: read to read). */
export function periodDegreeDays(state: string, start: string, end: string): { hdd: number; cdd: number } | null {
  const normals = degreeDayNormals(state);
  const a = toDayNumber(start);
  const b = toDayNumber(end);
  if (!normals || a === null || b === null || b <= a) return null;
  let hdd = 0;
  let cdd = 0;
  for (let d = a; d < b; d++) {
    const iso = fromDayNumber(d);
    const year = Number(iso.slice(0, 4));
    const month = Number(iso.slice(5, 7));
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    hdd += (normals.hdd[month - 1] ?? 0) / days;
    cdd += (normals.cdd[month - 1] ?? 0) / days;
  }
  return { hdd, cdd };
}

const daysOf = (b: WeatherBill): number => (toDayNumber(b.servicePeriodEnd) ?? 0) - (toDayNumber(b.servicePeriodStart) ?? 0);
const midDay = (b: WeatherBill): number => ((toDayNumber(b.servicePeriodEnd) ?? 0) + (toDayNumber(b.servicePeriodStart) ?? 0)) / 2;
const r1 = (x: number): number => Math.round(x * 10) / 10;
const fmtUsd = (cents: number): string => `$${(Math.abs(cents) / 100).toFixed(2)}`;

/**
 * The same bill last year: the one whose middle day is closest to a year before `bill`'s, within
 * the tolerance every screen uses (`yearAgoGap`: 365 days ± 20). An 11-months-earlier bill is not it.
 * `history` must hold one account's bills only.
 */
export function findLastYearBill(bill: WeatherBill, history: readonly WeatherBill[]): WeatherBill | null {
  let best: WeatherBill | null = null;
  let bestGap = Infinity;
  for (const h of history) {
    if (h.id === bill.id) continue;
    const gap = yearAgoGap(midDay(bill), midDay(h));
    if (gap !== null && gap < bestGap) {
      best = h;
      bestGap = gap;
    }
  }
  return best;
}

export const MIN_BILLS_FOR_WEATHER_SPLIT = 4;

/**
 * Splits the change from last year's bill into weather and household parts.
 * `history` holds the account's bills of the same kind and unit (this bill may be among them).
 */
export function compareWithWeather(state: string | null, bill: WeatherBill, history: readonly WeatherBill[], driver: WeatherDriver, unit: string): WeatherComparison {
  if (!state || !degreeDayNormals(state)) {
    return { status: 'no_normals', state, message: `NOAA publishes no state degree-day normals for ${state ?? 'this address'} (only the 48 contiguous states have them), so we cannot separate the weather from your household's use here.` };
  }
  const lastYear = findLastYearBill(bill, history);
  if (!lastYear) return { status: 'no_last_year', message: 'We need the bill from the same time last year to compare with it.' };
  // Learned from the earlier bills only, so this bill's own change cannot bend the model.
  const all = history.filter((h) => h.id !== bill.id && midDay(h) < midDay(bill) && daysOf(h) > 0 && h.usage >= 0);
  const dd = all.map((b) => periodDegreeDays(state, b.servicePeriodStart, b.servicePeriodEnd) ?? { hdd: 0, cdd: 0 });
  const useH = driver !== 'cooling';
  const useC = driver !== 'heating';
  // Per-day regression: usage/day = a + b·HDD/day + c·CDD/day; a driver with a negative slope is dropped.
  let model: { a: number; h: number; c: number } | null = null;
  let drivers = { h: useH, c: useC };
  for (let attempt = 0; attempt < 3 && model === null; attempt++) {
    const cols = [
      ...(drivers.h ? [dd.map((x, i) => x.hdd / daysOf(all[i] as WeatherBill))] : []),
      ...(drivers.c ? [dd.map((x, i) => x.cdd / daysOf(all[i] as WeatherBill))] : []),
    ];
    const fit = fitLinear(cols, all.map((b) => b.usage / daysOf(b)));
    if (fit === null || all.length < MIN_BILLS_FOR_WEATHER_SPLIT) break;
    const h = drivers.h ? (fit.coef[1] ?? 0) : 0;
    const c = drivers.c ? (fit.coef[drivers.h ? 2 : 1] ?? 0) : 0;
    if (h < 0 || c < 0) drivers = { h: drivers.h && h >= 0, c: drivers.c && c >= 0 };
    else model = { a: fit.coef[0] ?? 0, h, c };
  }
  if (model === null) {
    return { status: 'insufficient_history', billsUsed: all.length, message: `We need at least ${MIN_BILLS_FOR_WEATHER_SPLIT} bills across different seasons to learn how your use follows the weather; we have ${all.length}.` };
  }
  const ddThis = periodDegreeDays(state, bill.servicePeriodStart, bill.servicePeriodEnd) ?? { hdd: 0, cdd: 0 };
  const ddLast = periodDegreeDays(state, lastYear.servicePeriodStart, lastYear.servicePeriodEnd) ?? { hdd: 0, cdd: 0 };
  const predict = (days: number, x: { hdd: number; cdd: number }) => model.a * days + model.h * x.hdd + model.c * x.cdd;
  const change = bill.usage - lastYear.usage;
  const weather = predict(daysOf(bill), ddThis) - predict(daysOf(lastYear), ddLast);
  const household = change - weather;
  let cost: { change: number; weather: number; household: number; price: number } | null = null;
  if (bill.costCents !== null && lastYear.costCents !== null && lastYear.usage > 0 && bill.usage > 0) {
    const priceLast = lastYear.costCents / lastYear.usage;
    const costChange = bill.costCents - lastYear.costCents;
    // Usage parts at last year's price; the rest of the change is the price's.
    const weatherCents = Math.round(weather * priceLast);
    const householdCents = Math.round(household * priceLast);
    cost = { change: costChange, weather: weatherCents, household: householdCents, price: costChange - weatherCents - householdCents };
  }
  const more = (x: number) => (x >= 0 ? 'more' : 'less');
  const money = cost ? ` In dollars: ${fmtUsd(cost.weather)} ${cost.weather >= 0 ? 'up' : 'down'} from the weather, ${fmtUsd(cost.household)} ${cost.household >= 0 ? 'up' : 'down'} from your household, ${fmtUsd(cost.price)} ${cost.price >= 0 ? 'up' : 'down'} from the price per ${unit}.` : '';
  return {
    status: 'ok',
    state,
    lastYearBillId: lastYear.id,
    billsUsed: all.length,
    degreeDays: { thisYear: { hdd: Math.round(ddThis.hdd), cdd: Math.round(ddThis.cdd) }, lastYear: { hdd: Math.round(ddLast.hdd), cdd: Math.round(ddLast.cdd) } },
    usage: { thisYear: bill.usage, lastYear: lastYear.usage, change: r1(change), weather: r1(weather), household: r1(household) },
    cost,
    message: `You used ${r1(Math.abs(change))} ${unit} ${more(change)} than the same bill last year. The normal weather of each billing period accounts for ${r1(Math.abs(weather))} ${unit} ${more(weather)}; your household for ${r1(Math.abs(household))} ${unit} ${more(household)}.${money}`,
  };
}
