import { STATE_RESIDENTIAL_USE, STATE_TOP_UTILITIES } from './regional-data.ts';
import { ratesOfState, REGION_LABELS, REGION_STATES, REGIONS, type Region } from './regions.ts';
import { calculateSavings, monthlyFactors } from './savings.ts';

/**
 * Regional savings estimates (02-tools §2.6, §3 region data) from the shipped EIA and NOAA data:
 * each region's typical residential electricity bill and what the savings calculator's rule
 * saves on it. Wattwise users' own figures replace these where a region has enough users.
 */

/** Representative ZIP first digit of each region for the calculator's base rate (West 9, Northeast 1, Southeast 3, Midwest other). */
export const REGION_ZIP_DIGIT: Readonly<Record<Region, string>> = { west: '9', northeast: '1', southeast: '3', midwest: '6' };

/** At least this many Wattwise users in a region before their own figures are shown (else estimates). */
export const MIN_USERS_FOR_REGION = 20;

export interface StateEstimate {
  state: string;
  name: string;
  customers: number;
  monthlyKwh: number;
  usdPerKwh: number;
  monthlyBillCents: number;
}

export interface RegionEstimate {
  region: Region;
  name: string;
  states: StateEstimate[];
  totalCustomers: number;
  monthlyKwh: number;
  usdPerKwh: number;
  monthlyBillCents: number;
  /** The calculator's rate on the typical bill (0..1). */
  averageReduction: number;
  monthlySavingsCents: number;
  yearlySavingsCents: number;
  /** Twelve monthly factors (Jan..Dec), customer-weighted from the states' degree-day normals. */
  seasonalPattern: number[];
  topCompanies: { name: string; state: string; customerCount: number; usdPerKwh: number; monthlySavingsCents: number; averageReduction: number }[];
}

/** A state's typical residential electricity bill (EIA customers, use and price); null for a state without the data. */
export function estimateState(state: string): StateEstimate | null {
  return stateEstimate(state);
}

function stateEstimate(state: string): StateEstimate | null {
  const rates = ratesOfState(state);
  const use = STATE_RESIDENTIAL_USE[state];
  if (!rates || !use) return null;
  const [customers, monthlyKwh] = use;
  return { state, name: rates.name, customers, monthlyKwh, usdPerKwh: rates.electricUsdPerKwh, monthlyBillCents: Math.round(monthlyKwh * rates.electricUsdPerKwh * 100) };
}

export function estimateRegion(region: Region): RegionEstimate {
  const states = REGION_STATES[region].map(stateEstimate).filter((s): s is StateEstimate => s !== null);
  const totalCustomers = states.reduce((s, x) => s + x.customers, 0);
  const weighted = (f: (s: StateEstimate) => number) => states.reduce((sum, s) => sum + f(s) * s.customers, 0) / totalCustomers;
  const monthlyBillCents = Math.round(weighted((s) => s.monthlyBillCents));
  const savings = calculateSavings({ electricCents: monthlyBillCents, gasCents: 0, waterCents: 0, zipCode: REGION_ZIP_DIGIT[region] });
  const rate = savings.rateBp / 10_000;
  const seasonalPattern = Array.from({ length: 12 }, (_, m) => Math.round(weighted((s) => monthlyFactors(s.state)[m] ?? 1) * 100) / 100);
  const topCompanies = states
    .flatMap((s) => (STATE_TOP_UTILITIES[s.state] ?? []).map(([name, customerCount, cents]) => ({ name, state: s.state, customerCount, usdPerKwh: Math.round(cents * 10) / 1000, kwh: s.monthlyKwh })))
    .sort((a, b) => b.customerCount - a.customerCount)
    .slice(0, 5)
    .map(({ kwh, ...u }) => {
      const r = calculateSavings({ electricCents: Math.round(kwh * u.usdPerKwh * 100), gasCents: 0, waterCents: 0, zipCode: REGION_ZIP_DIGIT[region] });
      return { ...u, monthlySavingsCents: r.oneMonth, averageReduction: r.rateBp / 10_000 };
    });
  return {
    region,
    name: REGION_LABELS[region],
    states,
    totalCustomers,
    monthlyKwh: Math.round(weighted((s) => s.monthlyKwh)),
    usdPerKwh: Math.round(weighted((s) => s.usdPerKwh) * 1000) / 1000,
    monthlyBillCents,
    averageReduction: rate,
    monthlySavingsCents: savings.oneMonth,
    yearlySavingsCents: savings.oneMonth * 12,
    seasonalPattern,
    topCompanies,
  };
}

export function estimateAllRegions(): RegionEstimate[] {
  return REGIONS.map(estimateRegion);
}
