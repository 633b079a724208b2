import { z } from 'zod';

/**
 * The rebates API contract (01-core §2, §3; 02-tools §3 'Rebate and search', 'Payments and
 * applications'). The server's OpenAPI routes, the web client and docs/api/rebates.md use
 * these schemas; no copy of them lives anywhere else.
 */

export const US_STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI',
  'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT',
  'VA', 'WA', 'WV', 'WI', 'WY',
] as const;
export const stateCodeSchema = z.enum(US_STATE_CODES);
export type StateCode = z.infer<typeof stateCodeSchema>;

/** What an upgrade is; drives the savings estimate from the user's bills. */
export const REBATE_CATEGORIES = [
  'heat_pump',
  'heat_pump_water_heater',
  'smart_thermostat',
  'insulation',
  'windows',
  'lighting',
  'appliances',
  'solar',
  'battery',
  'electrical_panel',
  'energy_audit',
  'whole_home',
  'ev_charger',
  'weatherization',
] as const;
export const rebateCategorySchema = z.enum(REBATE_CATEGORIES);
export type RebateCategory = z.infer<typeof rebateCategorySchema>;

export const PROPERTY_TYPES = ['residential', 'commercial', 'multifamily'] as const;
export const rebatePropertyTypeSchema = z.enum(PROPERTY_TYPES);

export const TENURES = ['owner', 'renter'] as const;
/** Household income relative to the area median income (AMI), in the bands the IRA rebates use. */
export const INCOME_BANDS = ['below_80', '80_to_150', 'above_150'] as const;
export const HEATING_FUELS = ['electricity', 'natural_gas', 'propane', 'heating_oil', 'wood', 'none'] as const;
export const FILING_STATUSES = ['single', 'married_joint', 'married_separate', 'head_of_household', 'none'] as const;

/**
 * A programme's rules, as data. Every field is optional: a missing field places no condition.
 * `utilities` are provider names matched as case-insensitive substrings of the user's utilities.
 */
export const eligibilityRulesSchema = z
  .object({
    states: z.array(stateCodeSchema).optional(),
    utilities: z.array(z.string().min(2)).optional(),
    tenure: z.array(z.enum(TENURES)).optional(),
    incomeBands: z.array(z.enum(INCOME_BANDS)).optional(),
    heatingFuels: z.array(z.enum(HEATING_FUELS)).optional(),
    filingStatuses: z.array(z.enum(FILING_STATUSES)).optional(),
    propertyTypes: z.array(rebatePropertyTypeSchema).optional(),
    maxHouseholdSize: z.number().int().positive().optional(),
    /** Further conditions a person must check themselves (shown as next steps). */
    notes: z.array(z.string()).optional(),
  })
  .strict();
export type EligibilityRules = z.infer<typeof eligibilityRulesSchema>;

const isoDate = z.iso.date();

export const rebateSchema = z.object({
  id: z.string(),
  programName: z.string(),
  description: z.string(),
  provider: z.string(),
  /** Dollars (shown in whole dollars). */
  monetaryValue: z.number().nonnegative(),
  applicationUrl: z.string().nullable(),
  startDate: isoDate.nullable(),
  expirationDate: isoDate.nullable(),
  category: rebateCategorySchema,
  propertyTypes: z.array(z.string()),
  regions: z.array(z.string()),
  eligibilityCriteria: eligibilityRulesSchema,
  /** Typical installed cost of the upgrade, for payback; null when the programme pays for itself (audits). */
  typicalProjectCost: z.number().nonnegative().nullable(),
  sourceUrl: z.string(),
  /** Where the figure comes from: our catalogue or an external incentives API. */
  origin: z.enum(['catalogue', 'rewiring_america']).default('catalogue'),
});
export type Rebate = z.infer<typeof rebateSchema>;

export const rebateListSchema = z.object({ rebates: z.array(rebateSchema), total: z.number().int() });
export type RebateList = z.infer<typeof rebateListSchema>;

export const REBATE_STATUS_FILTERS = ['all', 'active', 'expiring-soon'] as const;
export type RebateStatusFilter = (typeof REBATE_STATUS_FILTERS)[number];

export const locationSchema = z.object({
  city: z.string().nullable(),
  state: stateCodeSchema,
  zip: z.string().nullable(),
  /** Where it came from: a bill's service address, a bill's utility, the browser, or the spec's default. */
  source: z.enum(['bill', 'utility', 'geolocation', 'default']),
});
export type RebateLocation = z.infer<typeof locationSchema>;

export const householdSchema = z.object({
  zip: z.string().regex(/^\d{5}$/, 'Please enter a 5-digit ZIP code').optional(),
  tenure: z.enum(TENURES).optional(),
  householdSize: z.number().int().min(1).max(20).optional(),
  incomeBand: z.enum(INCOME_BANDS).optional(),
  filingStatus: z.enum(FILING_STATUSES).optional(),
  heatingFuel: z.enum(HEATING_FUELS).optional(),
  propertyType: rebatePropertyTypeSchema.optional(),
  interests: z.array(rebateCategorySchema).max(REBATE_CATEGORIES.length).optional(),
});
export type Household = z.infer<typeof householdSchema>;

export const eligibilityStatusSchema = z.enum(['eligible', 'not_eligible', 'unknown']);
export type EligibilityStatus = z.infer<typeof eligibilityStatusSchema>;

export const usageProfileSchema = z.object({
  /** Average monthly electricity use from the bills, kWh. */
  monthlyKwh: z.number().nullable(),
  /** Dollars per kWh: from the bills, else the state's EIA average. */
  electricityRate: z.number().nullable(),
  annualElectricityCost: z.number().nullable(),
  annualGasCost: z.number().nullable(),
  utilities: z.array(z.string()),
  billCount: z.number().int(),
});
export type UsageProfile = z.infer<typeof usageProfileSchema>;

export const recommendationSchema = z.object({
  rank: z.number().int().positive(),
  rebate: rebateSchema,
  priority: z.enum(['High', 'Medium', 'Low']),
  matchPercent: z.number().int().min(0).max(100),
  /** Rebate plus the first five years of bill savings, dollars. */
  estimatedSavings: z.number(),
  annualBillSavings: z.number(),
  paybackYears: z.number().nullable(),
  eligibility: eligibilityStatusSchema,
  reasons: z.array(z.string()).length(2),
  /** Ids of the other picks this one excludes (the same measure from one programme, e.g. partial- vs whole-home heat pump): take one of them, not all. */
  alternativeIds: z.array(z.string()).default([]),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recommendationsQuerySchema = z.object({
  state: stateCodeSchema.optional(),
  zip: z.string().regex(/^\d{5}$/).optional(),
  city: z.string().max(100).optional(),
  /** Stated interests, comma-separated categories ('heat_pump,solar'). */
  interests: z
    .string()
    .max(400)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(rebateCategorySchema))
    .optional(),
});

export const recommendationsSchema = z.object({
  location: locationSchema,
  usage: usageProfileSchema,
  recommendations: z.array(recommendationSchema),
  /** What the picks are worth taken together: the best of each set of alternatives, never alternatives summed. */
  combinedSavings: z.number().default(0),
  engine: z.string(),
});
export type RecommendationsResult = z.infer<typeof recommendationsSchema>;

const nonBlank = (message: string) => z.string().trim().min(1, message).max(4000);

export const eligibilityRequestSchema = z.object({
  scenario: nonBlank('Please describe your situation'),
  household: householdSchema.default({}),
});
export type EligibilityRequest = z.input<typeof eligibilityRequestSchema>;

export const eligibilityResultSchema = z.object({
  isEligible: z.boolean(),
  status: eligibilityStatusSchema,
  reasoning: z.string(),
  confidence: z.enum(['High', 'Medium', 'Low']),
  nextSteps: z.array(z.string()),
  /** Household questions a rule needs that are not answered yet. */
  missing: z.array(z.string()),
  engine: z.string(),
});
export type EligibilityResult = z.infer<typeof eligibilityResultSchema>;

export const explanationSchema = z.object({ summary: z.string(), original: z.string(), engine: z.string() });
export type Explanation = z.infer<typeof explanationSchema>;

export const insightsRequestSchema = z.object({ description: nonBlank('Please describe your devices and usage') });
export const insightsSchema = z.object({
  overallAssessment: z.string(),
  energySavingTips: z.array(z.object({ tip: z.string(), estimatedSavings: z.string(), associatedRebateId: z.string().nullable() })),
  suggestedUpgrades: z.array(z.object({ upgrade: z.string(), reason: z.string(), relevantRebateId: z.string().nullable() })),
  engine: z.string(),
});
export type SmartHomeInsights = z.infer<typeof insightsSchema>;

export const APPLICATION_STATUSES = ['Submitted', 'Under Review', 'Approved', 'Rejected', 'Pending More Info', 'Paid'] as const;
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

export const APPLICATION_MESSAGES = {
  required: 'Please fill in required fields',
  deleteConfirm: 'Are you sure you want to delete this application?',
  notFound: 'Application not found',
  added: 'Application added successfully!',
  updated: 'Application updated successfully!',
  deleted: 'Application deleted successfully!',
  loadFailed: 'Failed to load applications',
  addFailed: 'Failed to add application',
} as const;

const optionalDate = isoDate.nullable().optional();
const externalLink = z.url({ protocol: /^https?$/, message: 'Please enter a valid URL' }).max(2000).nullable().optional();

export const createApplicationSchema = z.object({
  rebateId: z.string().trim().min(1, APPLICATION_MESSAGES.required).max(200),
  programName: z.string().trim().min(1, APPLICATION_MESSAGES.required).max(300),
  submissionDate: optionalDate,
  currentStatus: applicationStatusSchema.default('Submitted'),
  estimatedPaymentDate: optionalDate,
  actualPaymentDate: optionalDate,
  notes: z.string().max(4000).nullable().optional(),
  externalLink,
});
export type CreateApplicationInput = z.input<typeof createApplicationSchema>;

export const updateApplicationSchema = createApplicationSchema.partial().extend({ currentStatus: applicationStatusSchema.optional() });
export type UpdateApplicationInput = z.input<typeof updateApplicationSchema>;

export const applicationSchema = z.object({
  id: z.string(),
  rebateId: z.string(),
  programName: z.string(),
  submissionDate: isoDate.nullable(),
  currentStatus: applicationStatusSchema,
  estimatedPaymentDate: isoDate.nullable(),
  actualPaymentDate: isoDate.nullable(),
  notes: z.string().nullable(),
  externalLink: z.string().nullable(),
  createdAt: z.string(),
});
export type RebateApplication = z.infer<typeof applicationSchema>;

export const importResultSchema = z.object({ inserted: z.number().int(), updated: z.number().int(), total: z.number().int() });
export type ImportResult = z.infer<typeof importResultSchema>;
/** One rejected line of a catalogue CSV (line 1 is the header). */
export type ImportLineError = { line: number; reason: string };
