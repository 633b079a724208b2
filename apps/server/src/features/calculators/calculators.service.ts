import { compareWithWeather, type WeatherBill, type WeatherDriver } from '@wattwise/shared/calculators/weather-normalised';
import { ratesOfState, regionOfState, DEFAULT_RATES, stateNames } from '@wattwise/shared/calculators/regions';
import { baseSavingsRateBp, calculateSavings, GUARANTEE_THRESHOLD_CENTS, projectMonths, seasonalFactors } from '@wattwise/shared/calculators/savings';
import { degreeDayNormals } from '@wattwise/shared/calculators/regions';
import type { MyBillsInputs, RegionalData, SavingsRequest, SavingsResponse, StateRatesList, WeatherComparisonDto } from '@wattwise/shared/contract/calculators';
import type { Db } from '../../db/client.ts';
import { accountKeyOf, billHistory, listReadBills, requireBill, toAnalysisInput } from '../bills/bills.service.ts';
import { locationOfAddress, locationOfZip, stateOfUtility } from '../rebates/rebates.service.ts';

const EIA_SOURCE = 'U.S. EIA: Electric Power Annual (residential, 2023; Wyoming EIA-861 2018) and Natural Gas Prices (residential, 2021–2022); water: the spec’s default rate';
const DEFAULT_SOURCE = 'Unknown ZIP: the calculator’s default rates (electric $0.18/kWh, gas $1.25/therm, water $0.007/gal)';

/** The regional data of a ZIP: its state's EIA rates and degree-day seasons, else the spec's defaults. */
export function regionalDataOfZip(zipCode: string): RegionalData {
  const place = /^\d{5}$/.test(zipCode) ? locationOfZip(zipCode) : null;
  const rates = place ? ratesOfState(place.state) : null;
  const state = rates?.state ?? null;
  return {
    zipCode,
    city: place?.city ?? null,
    state,
    stateName: rates?.name ?? null,
    region: state ? regionOfState(state) : null,
    averageSavings: baseSavingsRateBp(zipCode) / 10_000,
    utilityRates: rates
      ? { electric: rates.electricUsdPerKwh, gas: rates.gasUsdPerTherm, water: rates.waterUsdPerGallon, electricYear: rates.electricYear, gasYear: rates.gasYear, source: EIA_SOURCE }
      : { electric: DEFAULT_RATES.electricUsdPerKwh, gas: DEFAULT_RATES.gasUsdPerTherm, water: DEFAULT_RATES.waterUsdPerGallon, electricYear: null, gasYear: null, source: DEFAULT_SOURCE },
    seasonalFactors: seasonalFactors(state),
    hasDegreeDayNormals: state !== null && degreeDayNormals(state) !== null,
  };
}

/** The savings calculator (02-tools §2.8, §9) for one form: projections, regional data, the 24-month chart. */
export function runSavingsCalculator(input: SavingsRequest, today: Date = new Date()): SavingsResponse {
  const zipCode = input.zipCode.trim();
  const regional = regionalDataOfZip(zipCode);
  const result = calculateSavings({
    electricCents: Math.round(input.electricBill * 100),
    gasCents: Math.round(input.gasBill * 100),
    waterCents: Math.round(input.waterBill * 100),
    zipCode,
  });
  const months = projectMonths(result.oneMonth, regional.state, { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1 });
  return { result, regional, months, guaranteeEligible: result.oneYear >= GUARANTEE_THRESHOLD_CENTS };
}

/** Every state's residential rates (for the compare section and the regional map). */
export function listStateRates(): StateRatesList {
  return {
    states: stateNames().flatMap((s) => {
      const r = ratesOfState(s);
      return r ? [{ state: s, name: r.name, region: regionOfState(s), electricUsdPerKwh: r.electricUsdPerKwh, electricYear: r.electricYear, gasUsdPerTherm: r.gasUsdPerTherm, gasYear: r.gasYear }] : [];
    }),
  };
}

const YEAR_DAYS = 365;
const dayOf = (iso: string | null): number | null => (iso ? Math.floor(Date.parse(iso) / 86_400_000) : null);

/**
 * 'Use my bills': the calculator's inputs from the caller's read bills: for each kind, the
 * average bill over the newest year of that kind; the ZIP of the newest service address.
 */
export async function myBillInputs(db: Db, userId: string): Promise<MyBillsInputs> {
  const bills = await listReadBills(db, userId);
  const average = (type: string): number | null => {
    const own = bills.filter((b) => b.billType === type && b.totalAmount !== null && b.totalAmount > 0);
    const ends = own.map((b) => dayOf(b.servicePeriodEnd ?? b.dueDate)).filter((d): d is number => d !== null);
    const newest = ends.length > 0 ? Math.max(...ends) : null;
    const recent = own.filter((b) => newest === null || (dayOf(b.servicePeriodEnd ?? b.dueDate) ?? newest) > newest - YEAR_DAYS);
    if (recent.length === 0) return null;
    const amounts = recent.map((b) => b.currentCharges ?? b.totalAmount ?? 0);
    return Math.round((amounts.reduce((s, x) => s + x, 0) / amounts.length) * 100) / 100;
  };
  const zipCode = bills.map((b) => (b.serviceAddress ? locationOfAddress(b.serviceAddress)?.zip : null)).find((z) => z) ?? null;
  const used = bills.filter((b) => ['electricity', 'natural_gas', 'water'].includes(b.billType) && b.totalAmount !== null).length;
  return { electricBill: average('electricity'), gasBill: average('natural_gas'), waterBill: average('water'), zipCode, billsUsed: used };
}

const DRIVERS: Partial<Record<string, WeatherDriver>> = { natural_gas: 'heating', electricity: 'both' };

/** The weather-normalised comparison of one of the caller's bills with the same bill last year (404 otherwise). */
export async function weatherComparisonOfBill(db: Db, userId: string, billId: string): Promise<WeatherComparisonDto> {
  const row = await requireBill(db, userId, billId);
  const bill = toAnalysisInput(row);
  const empty = { state: null, unit: bill.usageUnit, lastYearBillId: null, billsUsed: 0, degreeDays: null, usage: null, cost: null };
  const driver = DRIVERS[bill.billType];
  if (!driver) return { ...empty, status: 'not_applicable', message: 'This kind of bill does not depend on heating or cooling.' };
  const state = bill.stateCode ?? (row.utilityProvider ? stateOfUtility(row.utilityProvider) : null);
  const asWeatherBill = (b: ReturnType<typeof toAnalysisInput>): WeatherBill | null =>
    b.servicePeriodStart && b.servicePeriodEnd && b.usageAmount !== null && b.usageUnit === bill.usageUnit
      ? { id: b.id, servicePeriodStart: b.servicePeriodStart, servicePeriodEnd: b.servicePeriodEnd, usage: b.usageAmount, costCents: (b.currentCharges ?? b.totalAmount) === null ? null : Math.round((b.currentCharges ?? b.totalAmount ?? 0) * 100) }
      : null;
  const self = asWeatherBill(bill);
  if (!self) return { ...empty, state, status: 'insufficient_history', message: 'This bill has no service period or usage to compare.' };
  // One account's bills only: a bill whose account is unknown is compared with none.
  const account = accountKeyOf(row);
  if (account === null) return { ...empty, state, status: 'no_last_year', message: 'We could not tell which utility account this bill belongs to, so it is not compared with other bills.' };
  const history = (await billHistory(db, userId, row))
    .filter((h) => accountKeyOf(h) === account)
    .map(toAnalysisInput)
    .map(asWeatherBill)
    .filter((b): b is WeatherBill => b !== null);
  const r = compareWithWeather(state, self, history, driver, bill.usageUnit ?? 'units');
  switch (r.status) {
    case 'ok':
      return { status: 'ok', message: r.message, state: r.state, unit: bill.usageUnit, lastYearBillId: r.lastYearBillId, billsUsed: r.billsUsed, degreeDays: r.degreeDays, usage: r.usage, cost: r.cost };
    case 'insufficient_history':
      return { ...empty, state, status: r.status, message: r.message, billsUsed: r.billsUsed };
    case 'no_normals':
    case 'no_last_year':
      return { ...empty, state, status: r.status, message: r.message };
  }
}
