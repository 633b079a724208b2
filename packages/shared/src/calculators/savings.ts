import { degreeDayNormals } from './regions.ts';

/**
 * The savings calculator of 02-tools §2.8 and §9, as pure functions over integer cents.
 * Rates are kept in basis points so that 0.27 + 0.05 is exactly 3,200 bp.
 */

/** 02-tools §9: base savings rate by the ZIP's first digit (9 → 0.32, 1 → 0.35, 3 → 0.27, other 0.29). */
const BASE_RATE_BP_BY_FIRST_DIGIT: Readonly<Record<string, number>> = { '9': 3200, '1': 3500, '3': 2700 };

export function baseSavingsRateBp(zipCode: string): number {
  return BASE_RATE_BP_BY_FIRST_DIGIT[zipCode.trim().charAt(0)] ?? 2900;
}

/** 02-tools §9: +0.05 when the total monthly bill is over $200, +0.03 when over $100, else 0. */
export function billSizeBonusBp(totalCents: number): number {
  if (totalCents > 20_000) return 500;
  if (totalCents > 10_000) return 300;
  return 0;
}

/** 02-tools §5: a bill input that is not a number counts as 0 (negative amounts too). */
export function billInputToCents(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : 0;
}

export interface SavingsInput {
  electricCents: number;
  gasCents: number;
  waterCents: number;
  zipCode: string;
}

export interface SavingsResult {
  totalMonthlyBillCents: number;
  /** The savings rate applied (base by ZIP plus the bill-size bonus), in basis points. */
  rateBp: number;
  oneMonth: number;
  sixMonths: number;
  oneYear: number;
  fiveYears: number;
  peakSavings: number;
  offPeakSavings: number;
  /** Trees equivalent: yearly savings ($) ÷ 87, one decimal. */
  trees: number;
  /** CO2 pounds per year: yearly savings ($) ÷ 1.25, whole pounds. */
  co2: number;
  /** The rate as a percent. */
  efficiency: number;
}

/** 02-tools §9 in full; every money figure in cents. */
export function calculateSavings(input: SavingsInput): SavingsResult {
  const total = Math.max(0, input.electricCents) + Math.max(0, input.gasCents) + Math.max(0, input.waterCents);
  const rateBp = baseSavingsRateBp(input.zipCode) + billSizeBonusBp(total);
  const oneMonth = Math.round((total * rateBp) / 10_000);
  const peakSavings = Math.round(oneMonth * 0.6);
  const oneYear = Math.round(oneMonth * 12 * 1.05);
  return {
    totalMonthlyBillCents: total,
    rateBp,
    oneMonth,
    sixMonths: Math.round(oneMonth * 6 * 1.02),
    oneYear,
    fiveYears: Math.round(oneMonth * 60 * 1.15),
    peakSavings,
    offPeakSavings: oneMonth - peakSavings,
    trees: Math.round(oneYear / 100 / 87 * 10) / 10,
    co2: Math.round(oneYear / 100 / 1.25),
    efficiency: rateBp / 100,
  };
}

/**
 * About half of a home's energy goes to heating and cooling (EIA RECS 2020: space heating 42%,
 * air conditioning 9%); that half follows the degree days, the rest is flat through the year.
 */
export const WEATHER_SENSITIVE_SHARE = 0.5;

/**
 * Twelve monthly factors (mean 1) from a state's degree-day normals: flat where NOAA has no
 * normals for the state.
 */
export function monthlyFactors(state: string | null): number[] {
  const normals = state ? degreeDayNormals(state) : null;
  if (!normals) return Array.from({ length: 12 }, () => 1);
  const load = normals.hdd.map((h, i) => h + (normals.cdd[i] ?? 0));
  const mean = load.reduce((s, x) => s + x, 0) / 12;
  return load.map((x) => (mean > 0 ? 1 - WEATHER_SENSITIVE_SHARE + (WEATHER_SENSITIVE_SHARE * x) / mean : 1));
}

export type Season = 'winter' | 'spring' | 'summer' | 'fall';
/** 02-tools §9 (assistant): spring Mar–May, summer Jun–Aug, fall Sep–Nov, winter otherwise. */
export function seasonOfMonth(month: number): Season {
  if (month >= 3 && month <= 5) return 'spring';
  if (month >= 6 && month <= 8) return 'summer';
  if (month >= 9 && month <= 11) return 'fall';
  return 'winter';
}

/** The seasonal factors of the calculator's regional data: the mean monthly factor of each season, two decimals. */
export function seasonalFactors(state: string | null): Record<Season, number> {
  const f = monthlyFactors(state);
  const sums: Record<Season, number[]> = { winter: [], spring: [], summer: [], fall: [] };
  f.forEach((x, i) => sums[seasonOfMonth(i + 1)].push(x));
  const avg = (xs: number[]) => Math.round((xs.reduce((s, x) => s + x, 0) / xs.length) * 100) / 100;
  return { winter: avg(sums.winter), spring: avg(sums.spring), summer: avg(sums.summer), fall: avg(sums.fall) };
}

export interface MonthPoint {
  /** 1-based position in the projection. */
  index: number;
  /** 'YYYY-MM'. */
  month: string;
  monthly: number;
  cumulative: number;
}

/** The 24-month chart: monthly savings weighted by the state's seasons, and their running total (cents). */
export function projectMonths(monthlyCents: number, state: string | null, start: { year: number; month: number }, count = 24): MonthPoint[] {
  const factors = monthlyFactors(state);
  let cumulative = 0;
  return Array.from({ length: count }, (_, i) => {
    const m0 = start.month - 1 + i;
    const year = start.year + Math.floor(m0 / 12);
    const month = (m0 % 12) + 1;
    const monthly = Math.round(monthlyCents * (factors[month - 1] ?? 1));
    cumulative += monthly;
    return { index: i + 1, month: `${year}-${String(month).padStart(2, '0')}`, monthly, cumulative };
  });
}

/** 02-tools §9: the money-back guarantee applies from $100 of annual savings. */
export const GUARANTEE_THRESHOLD_CENTS = 10_000;
