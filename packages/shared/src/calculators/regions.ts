import { STATE_DEGREE_DAY_NORMALS, STATE_ENERGY_PRICES, STATE_TOP_UTILITIES } from './regional-data.ts';

/** The four regions of the regional-savings map (02-tools §2.6), as U.S. Census regions ('south' is shown as southeast). */
export const REGIONS = ['west', 'northeast', 'southeast', 'midwest'] as const;
export type Region = (typeof REGIONS)[number];

export const REGION_LABELS: Readonly<Record<Region, string>> = { west: 'West', northeast: 'Northeast', southeast: 'Southeast', midwest: 'Midwest' };

/** U.S. Census Bureau regions (the South region, DC included, is the map's southeast). */
export const REGION_STATES: Readonly<Record<Region, readonly string[]>> = {
  west: ['AK', 'AZ', 'CA', 'CO', 'HI', 'ID', 'MT', 'NM', 'NV', 'OR', 'UT', 'WA', 'WY'],
  northeast: ['CT', 'MA', 'ME', 'NH', 'NJ', 'NY', 'PA', 'RI', 'VT'],
  southeast: ['AL', 'AR', 'DC', 'DE', 'FL', 'GA', 'KY', 'LA', 'MD', 'MS', 'NC', 'OK', 'SC', 'TN', 'TX', 'VA', 'WV'],
  midwest: ['IA', 'IL', 'IN', 'KS', 'MI', 'MN', 'MO', 'ND', 'NE', 'OH', 'SD', 'WI'],
};

export function regionOfState(state: string): Region | null {
  return REGIONS.find((r) => REGION_STATES[r].includes(state)) ?? null;
}

/** EIA: 1 Mcf of natural gas ≈ 1.037 MMBtu ≈ 10.37 therms. */
export const THERMS_PER_MCF = 10.37;
/** The spec's default water rate ($ per gallon); no federal series exists for water. */
export const DEFAULT_WATER_USD_PER_GALLON = 0.007;
/** The spec's default rates, used when the ZIP's state is unknown (02-tools §9). */
export const DEFAULT_RATES = { electricUsdPerKwh: 0.18, gasUsdPerTherm: 1.25, waterUsdPerGallon: DEFAULT_WATER_USD_PER_GALLON } as const;

export interface StateRates {
  state: string;
  name: string;
  electricUsdPerKwh: number;
  electricYear: number;
  gasUsdPerTherm: number;
  gasYear: number;
  waterUsdPerGallon: number;
}

/** Residential electricity and gas prices of a state from the shipped EIA data; null for an unknown code. */
export function ratesOfState(state: string): StateRates | null {
  const row = STATE_ENERGY_PRICES[state];
  if (!row) return null;
  const [name, cents, electricYear, usdPerMcf, gasYear] = row;
  return {
    state,
    name,
    electricUsdPerKwh: Math.round(cents * 10) / 1000,
    electricYear,
    gasUsdPerTherm: Math.round((usdPerMcf / THERMS_PER_MCF) * 1000) / 1000,
    gasYear,
    waterUsdPerGallon: DEFAULT_WATER_USD_PER_GALLON,
  };
}

export function stateNames(): readonly string[] {
  return Object.keys(STATE_ENERGY_PRICES);
}

/** The largest full-service residential utilities of a state (EIA-861 2018). */
export function topUtilitiesOfState(state: string): { name: string; customers: number; usdPerKwh: number }[] {
  return (STATE_TOP_UTILITIES[state] ?? []).map(([name, customers, cents]) => ({ name, customers, usdPerKwh: Math.round(cents * 10) / 1000 }));
}

/** Monthly heating and cooling degree-day normals (1991–2020) of a state, or null where NOAA has none (AK, HI, DC). */
export function degreeDayNormals(state: string): { hdd: readonly number[]; cdd: readonly number[] } | null {
  const row = STATE_DEGREE_DAY_NORMALS[state];
  return row ? { hdd: row[0], cdd: row[1] } : null;
}
