import { z } from 'zod';
import { REGIONS } from '../calculators/regions.ts';

/** The calculators API contract: savings calculator, 'Use my bills', regional rates, weather-normalised comparison. */

export const CALCULATOR_MESSAGES = {
  zipRequiredTitle: 'ZIP Code Required',
  zipRequired: 'Please enter your ZIP code for accurate regional savings estimates.',
  errorTitle: 'Calculation Error',
  error: 'Unable to process your request. Please try again.',
  linkCopied: 'Link Copied!',
} as const;

const billAmount = z.number().min(0).max(1_000_000).meta({ description: 'Monthly bill in dollars (the form turns non-numbers into 0)' });

export const savingsRequestSchema = z
  .object({
    electricBill: billAmount,
    gasBill: billAmount,
    waterBill: billAmount,
    zipCode: z.string().trim().min(1, CALCULATOR_MESSAGES.zipRequired).max(10),
  })
  .meta({ id: 'SavingsRequest' });
export type SavingsRequest = z.infer<typeof savingsRequestSchema>;

const cents = z.number().int();

export const savingsResultSchema = z.object({
  totalMonthlyBillCents: cents,
  rateBp: z.number().int(),
  oneMonth: cents,
  sixMonths: cents,
  oneYear: cents,
  fiveYears: cents,
  peakSavings: cents,
  offPeakSavings: cents,
  trees: z.number(),
  co2: z.number(),
  efficiency: z.number(),
});

export const regionSchema = z.enum(REGIONS);

export const regionalDataSchema = z.object({
  zipCode: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable().meta({ description: 'Null when the ZIP is not a known US ZIP: spec default rates apply' }),
  stateName: z.string().nullable(),
  region: regionSchema.nullable(),
  averageSavings: z.number().meta({ description: 'Base savings rate of the ZIP (0..1)' }),
  utilityRates: z.object({
    electric: z.number().meta({ description: '$ per kWh' }),
    gas: z.number().meta({ description: '$ per therm' }),
    water: z.number().meta({ description: '$ per gallon' }),
    electricYear: z.number().int().nullable(),
    gasYear: z.number().int().nullable(),
    source: z.string(),
  }),
  seasonalFactors: z.object({ winter: z.number(), spring: z.number(), summer: z.number(), fall: z.number() }),
  hasDegreeDayNormals: z.boolean(),
});
export type RegionalData = z.infer<typeof regionalDataSchema>;

export const savingsResponseSchema = z
  .object({
    result: savingsResultSchema,
    regional: regionalDataSchema,
    months: z.array(z.object({ index: z.number().int(), month: z.string(), monthly: cents, cumulative: cents })),
    guaranteeEligible: z.boolean(),
  })
  .meta({ id: 'SavingsResponse' });
export type SavingsResponse = z.infer<typeof savingsResponseSchema>;

export const myBillsInputsSchema = z
  .object({
    electricBill: z.number().nullable(),
    gasBill: z.number().nullable(),
    waterBill: z.number().nullable(),
    zipCode: z.string().nullable(),
    billsUsed: z.number().int(),
  })
  .meta({ id: 'MyBillsInputs' });
export type MyBillsInputs = z.infer<typeof myBillsInputsSchema>;

export const stateRatesSchema = z.object({
  state: z.string(),
  name: z.string(),
  region: regionSchema.nullable(),
  electricUsdPerKwh: z.number(),
  electricYear: z.number().int(),
  gasUsdPerTherm: z.number(),
  gasYear: z.number().int(),
});
export const stateRatesListSchema = z.object({ states: z.array(stateRatesSchema) }).meta({ id: 'StateRatesList' });
export type StateRatesList = z.infer<typeof stateRatesListSchema>;

const usageParts = z.object({ thisYear: z.number(), lastYear: z.number(), change: z.number(), weather: z.number(), household: z.number() });
export const weatherComparisonSchema = z
  .object({
    status: z.enum(['ok', 'no_normals', 'no_last_year', 'insufficient_history', 'not_applicable']),
    message: z.string(),
    state: z.string().nullable(),
    unit: z.string().nullable(),
    lastYearBillId: z.string().nullable(),
    billsUsed: z.number().int(),
    degreeDays: z.object({ thisYear: z.object({ hdd: z.number(), cdd: z.number() }), lastYear: z.object({ hdd: z.number(), cdd: z.number() }) }).nullable(),
    usage: usageParts.nullable(),
    cost: z.object({ change: cents, weather: cents, household: cents, price: cents }).nullable(),
  })
  .meta({ id: 'WeatherComparison' });
export type WeatherComparisonDto = z.infer<typeof weatherComparisonSchema>;

const regionStatsSchema = z.object({
  region: regionSchema,
  name: z.string(),
  /** 'users': Wattwise users' own figures (at least 20 in the region); 'estimate': from EIA data. */
  basis: z.enum(['users', 'estimate']),
  monthlySavings: cents,
  yearlySavings: cents,
  totalCustomers: z.number().int().meta({ description: 'Residential electricity customers (EIA-861 2018)' }),
  averageReduction: z.number(),
  marketShare: z.number().nullable().meta({ description: "Share of Wattwise's users in the region (0..1), null without users" }),
  marketGrowth: z.number().nullable().meta({ description: 'Users who joined in the last 30 days ÷ users before, null without enough users' }),
  avgElectricSavings: cents,
  avgGasSavings: cents.nullable(),
  wattwiseUsers: z.number().int(),
  monthlyBill: cents,
  usdPerKwh: z.number(),
  monthlyKwh: z.number(),
  seasonalPattern: z.array(z.number()),
  states: z.array(z.object({ state: z.string(), name: z.string(), monthlyBill: cents, usdPerKwh: z.number(), customers: z.number().int() })),
  topCompanies: z.array(z.object({ name: z.string(), state: z.string(), savings: cents, customerCount: z.number().int(), averageReduction: z.number(), usdPerKwh: z.number() })),
});
export type RegionStats = z.infer<typeof regionStatsSchema>;

export const regionalSavingsSchema = z.object({ regions: z.array(regionStatsSchema), minUsers: z.number().int(), sources: z.string() }).meta({ id: 'RegionalSavings' });
export type RegionalSavings = z.infer<typeof regionalSavingsSchema>;
