import { estimateAllRegions, MIN_USERS_FOR_REGION } from '@wattwise/shared/calculators/regional';
import { regionOfState, type Region } from '@wattwise/shared/calculators/regions';
import type { RegionalSavings, RegionStats } from '@wattwise/shared/contract/calculators';
import type { Db } from '../../db/client.ts';
import { annualSavingsByUser } from '../analysis/analysis.service.ts';
import { allBillsVersion, listBillsForRegionalAggregates } from '../bills/bills.service.ts';
import { stateOfUtility } from '../rebates/rebates.service.ts';

const SOURCES =
  'Estimates: U.S. EIA residential electricity prices (2023; Wyoming 2018) and EIA-861 2018 customers and use per customer, with the savings calculator’s rule; seasons from NOAA 1991–2020 degree-day normals. Wattwise figures: averages over at least 20 users in a region.';
const DAY_MS = 86_400_000;

interface UserFigures {
  region: Region;
  firstSeen: number;
  monthlyElectric: number[];
  monthlyGas: number[];
  annualSavings: number;
}

/** Per user: their region (state of most bills), first bill time and bill amounts; unscoped and never published per user. */
async function usersByRegion(db: Db): Promise<Map<Region, UserFigures[]>> {
  const [bills, savings] = await Promise.all([listBillsForRegionalAggregates(db, stateOfUtility), annualSavingsByUser(db)]);
  const savingsOf = new Map(savings.map((s) => [s.userId, s.annual]));
  const perUser = new Map<string, { states: string[]; first: number; electric: number[]; gas: number[] }>();
  for (const b of bills) {
    const u = perUser.get(b.userId) ?? { states: [], first: b.createdAt.getTime(), electric: [], gas: [] };
    if (b.state) u.states.push(b.state);
    u.first = Math.min(u.first, b.createdAt.getTime());
    if (b.amount !== null && b.amount > 0 && b.billType === 'electricity') u.electric.push(b.amount);
    if (b.amount !== null && b.amount > 0 && b.billType === 'natural_gas') u.gas.push(b.amount);
    perUser.set(b.userId, u);
  }
  const out = new Map<Region, UserFigures[]>();
  for (const [userId, u] of perUser) {
    const counts = new Map<string, number>();
    for (const s of u.states) counts.set(s, (counts.get(s) ?? 0) + 1);
    const state = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    const region = state ? regionOfState(state) : null;
    if (!region) continue;
    out.set(region, [...(out.get(region) ?? []), { region, firstSeen: u.first, monthlyElectric: u.electric, monthlyGas: u.gas, annualSavings: savingsOf.get(userId) ?? 0 }]);
  }
  return out;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

/** The regional savings page's data: EIA-based estimates, replaced by users' own averages where a region has at least 20. */
export async function getRegionalSavings(db: Db, now = new Date()): Promise<RegionalSavings> {
  const users = await usersByRegion(db);
  const totalUsers = [...users.values()].reduce((s, u) => s + u.length, 0);
  const regions = estimateAllRegions().map((e): RegionStats => {
    const list = users.get(e.region) ?? [];
    const enough = list.length >= MIN_USERS_FOR_REGION;
    const recent = list.filter((u) => u.firstSeen > now.getTime() - 30 * DAY_MS).length;
    const before = list.length - recent;
    const base = {
      region: e.region,
      name: e.name,
      totalCustomers: e.totalCustomers,
      wattwiseUsers: list.length,
      marketShare: totalUsers > 0 ? Math.round((list.length / totalUsers) * 1000) / 1000 : null,
      marketGrowth: enough && before > 0 ? Math.round((recent / before) * 1000) / 1000 : null,
      usdPerKwh: e.usdPerKwh,
      monthlyKwh: e.monthlyKwh,
      seasonalPattern: e.seasonalPattern,
      states: e.states.map((s) => ({ state: s.state, name: s.name, monthlyBill: s.monthlyBillCents, usdPerKwh: s.usdPerKwh, customers: s.customers })),
      topCompanies: e.topCompanies.map((c) => ({ name: c.name, state: c.state, savings: c.monthlySavingsCents, customerCount: c.customerCount, averageReduction: c.averageReduction, usdPerKwh: c.usdPerKwh })),
    };
    if (!enough) {
      return { ...base, basis: 'estimate', monthlySavings: e.monthlySavingsCents, yearlySavings: e.yearlySavingsCents, averageReduction: e.averageReduction, avgElectricSavings: e.monthlySavingsCents, avgGasSavings: null, monthlyBill: e.monthlyBillCents };
    }
    // Users' own figures: their recommended annual savings, and their average bills.
    const yearly = mean(list.map((u) => u.annualSavings)) ?? 0;
    const electric = mean(list.map((u) => mean(u.monthlyElectric)).filter((x): x is number => x !== null));
    const gas = mean(list.map((u) => mean(u.monthlyGas)).filter((x): x is number => x !== null));
    const monthlyBill = (electric ?? 0) + (gas ?? 0);
    const monthlySavings = Math.round((yearly * 100) / 12);
    const share = monthlyBill > 0 ? monthlySavings / (monthlyBill * 100) : 0;
    return {
      ...base,
      basis: 'users',
      monthlySavings,
      yearlySavings: Math.round(yearly * 100),
      averageReduction: Math.round(share * 1000) / 1000,
      avgElectricSavings: Math.round((electric ?? 0) * 100 * share),
      avgGasSavings: gas === null ? null : Math.round(gas * 100 * share),
      monthlyBill: Math.round(monthlyBill * 100),
    };
  });
  return { regions, minUsers: MIN_USERS_FOR_REGION, sources: SOURCES };
}

/** How long regional figures may be served without a bill changing (new savings recommendations show within it). */
export const REGIONAL_SAVINGS_MAX_AGE_MS = 10 * 60_000;

/**
 * The regional savings page's data, computed at most once per change to anyone's bills (and at
 * least every `maxAgeMs`): it reads every user's bills, and the page is open to visitors, so a
 * flood of anonymous requests must not become a flood of full scans. Concurrent requests share
 * one computation; a failed one is not kept.
 */
export function createRegionalSavingsReader(db: Db, { maxAgeMs = REGIONAL_SAVINGS_MAX_AGE_MS, now = () => new Date() }: { maxAgeMs?: number; now?: () => Date } = {}) {
  let cached: { version: string; at: number; figures: Promise<RegionalSavings> } | null = null;
  return async (): Promise<RegionalSavings> => {
    const version = await allBillsVersion(db);
    const at = now().getTime();
    if (!cached || cached.version !== version || at - cached.at > maxAgeMs) {
      const figures = getRegionalSavings(db, new Date(at));
      const entry = { version, at, figures };
      cached = entry;
      figures.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.figures;
  };
}
