/**
 * Contracts of the bill analysis engine. Everything here is plain data: the server maps a
 * `utility_bills` row (plus its corrections) to `AnalysisBill`, calls `analyzeBill` and
 * `generateRecommendations`, and stores the results in `bill_analyses` and
 * `saving_recommendations` (01-core §3). Dates are ISO `YYYY-MM-DD`, money is dollars.
 */

import type { FieldStatus, FieldStatuses, ProvenanceField } from './provenance.ts';

export type AnalysisBillType = 'electricity' | 'natural_gas' | 'water' | 'internet' | 'other';
export type AnalysisUsageUnit = 'kWh' | 'therms' | 'CCF' | 'gallons' | 'GB' | 'm3';
export type AnalysisPropertyType = 'residential' | 'commercial';

/** How the bill itself labels a line, when the reader could tell (wins over guessing from the label). */
export type ChargeKind = 'fixed' | 'variable' | 'tax' | 'credit' | 'other';

export interface AnalysisChargeLine {
  label: string;
  amount: number;
  kind?: ChargeKind | null;
  quantity?: number | null;
  unit?: string | null;
  rate?: number | null;
  service?: string | null;
}

export interface AnalysisMeterReading {
  previous?: number;
  current?: number;
  estimated?: boolean;
}

/** One bill as the analysis sees it: the extracted values with the user's corrections applied. */
export interface AnalysisBill {
  id: string;
  billType: AnalysisBillType;
  propertyType: AnalysisPropertyType;
  /** Amount due on the bill (may include a carried balance); null when it was not read. */
  totalAmount: number | null;
  /** New charges for this period, when printed. */
  currentCharges?: number | null;
  previousBalance?: number | null;
  payments?: number | null;
  lateFees?: number | null;
  usageAmount: number | null;
  usageUnit: AnalysisUsageUnit | null;
  servicePeriodStart: string | null;
  servicePeriodEnd: string | null;
  dueDate: string | null;
  charges: AnalysisChargeLine[];
  meterReadings?: AnalysisMeterReading[];
  /** Printed price per usage unit, if any. */
  rate?: number | null;
  /** Two-letter US state of the service address (for the EIA price comparison). */
  stateCode?: string | null;
  /**
   * Which utility account the bill belongs to. A string: only bills with the same key are
   * compared with it. Null: the account is unknown, so it is compared with no other bill.
   * Absent: the caller has already narrowed the history to this bill's account.
   */
  accountKey?: string | null;
  /**
   * Where each value came from (provenance.ts: read, unsure, missing, confirmed), from the
   * stored bill's confidences and the user's corrections. Absent for a value: read.
   */
  fieldStatus?: FieldStatuses;
}

export interface AnalyzeOptions {
  /** Today's date (ISO), passed in so the analysis is deterministic. */
  today: string;
  /** Base load measured by the property's meter (Green Button interval data), when there is some: it replaces the estimate from monthly bills. */
  meterBaseLoad?: MeterBaseLoad | undefined;
}

/** The night-time minimum of a meter's hourly readings, as use per day. */
export interface MeterBaseLoad {
  perDay: number;
  unit: string;
  /** Nights the minimum was taken over. */
  nights: number;
}

export type ChargeCategory = 'fixed' | 'variable' | 'taxes_fees' | 'credit' | 'balance' | 'other';

export interface ClassifiedCharge extends AnalysisChargeLine {
  category: ChargeCategory;
}

export interface CostBreakdown {
  /**
   * This period's charges: printed current charges, else total minus carried balance, else
   * total; null when neither the amount due nor the current charges were read.
   */
  currentCharges: number | null;
  /** balance_unread: the amount due was read, but only one of the previous balance and the payments, so this period's share is unknown. */
  currentChargesBasis: 'printed' | 'total_minus_balance' | 'total' | 'balance_unread' | 'missing';
  /** Balance carried over from earlier bills and still unpaid (previous balance − payments), when above zero. */
  pastDueBalance: number | null;
  charges: ClassifiedCharge[];
  fixed: number;
  variable: number;
  taxesFees: number;
  credits: number;
  other: number;
  /** fixed / currentCharges, 0..1, null without itemised charges. */
  fixedShare: number | null;
  /** All-in cost per unit: currentCharges / usage. */
  costPerUnit: number | null;
  /** Variable charges / usage (null when no variable line was recognised). */
  variableCostPerUnit: number | null;
  /** Price of one more unit, used for savings: variable per unit, else printed rate, else all-in. */
  marginalRate: number | null;
  marginalRateBasis: 'variable_charges' | 'printed_rate' | 'all_in' | null;
  unit: AnalysisUsageUnit | null;
  dailyUsage: number | null;
  dailyCost: number | null;
}

export interface PeriodInfo {
  start: string | null;
  end: string | null;
  days: number;
  /** True when the period dates were missing and a 30-day month was assumed. */
  daysAssumed: boolean;
  /** Calendar month the period mostly covers, `YYYY-MM`, or null without any date. */
  month: string | null;
}

export interface LoadFigure {
  /** Units per day. */
  perDay: number;
  /** Units over this bill's period. */
  perPeriod: number;
  unit: AnalysisUsageUnit | null;
  /** Share of this bill's daily usage, 0..1. */
  share: number;
  method: string;
  billsUsed: number;
}

export interface Delta {
  previous: number | null;
  current: number | null;
  change: number | null;
  /** Relative change, e.g. 0.25 for +25%; null when the previous value is 0 or missing. */
  changePct: number | null;
}

export interface BillComparison {
  billId: string;
  month: string | null;
  usage: Delta;
  cost: Delta;
  days: Delta;
  dailyUsage: Delta;
  dailyCost: Delta;
}

export interface SeasonalExpectation {
  /** Expected usage per day for this bill's month. */
  dailyUsage: number;
  /** Expected usage over this bill's period. */
  periodUsage: number;
  basis: 'same_month_last_year' | 'seasonal_profile';
  monthName: string;
  billsUsed: number;
}

export type AnomalyMetric = 'daily_usage' | 'daily_cost';

export interface UsageAnomaly {
  metric: AnomalyMetric;
  value: number;
  expected: number;
  /** Robust z-score (median/MAD) when three or more earlier bills were usable. */
  zScore: number | null;
  /** value / expected. */
  ratio: number;
  direction: 'high' | 'low';
  method: 'robust_z' | 'ratio';
  explanation: string;
  /** 0..1, grows with the number of earlier bills. */
  confidence: number;
  /** Extra cost over the period relative to the expectation (positive when high). */
  excessCost: number | null;
}

export type IssueSeverity = 'high' | 'medium' | 'low';

export interface PotentialIssue {
  code: string;
  severity: IssueSeverity;
  title: string;
  detail: string;
  /** Dollars at stake, when known (only from read or confirmed inputs). */
  amount?: number;
  /** The weakest status of the bill values behind the issue (read or confirmed: issues are money advice only from those). */
  status?: FieldStatus;
}

/** Where a figure came from, without its value (provenance.ts `Figure`). */
export interface FigureStatus {
  status: FieldStatus;
  unsure: ProvenanceField[];
  missing: ProvenanceField[];
}

/** One part of the account summary: previous balance − payments (+ adjustments) + current charges = amount due. */
export interface ReconciliationPart {
  field: ProvenanceField;
  label: string;
  value: number | null;
  status: FieldStatus;
}

/**
 * The account summary checked: `agrees` / `mismatch` only when every part was read or
 * confirmed; `estimate` when a part is unsure (no billing error, no refund; confirm it to
 * see the check); `not_checked` when a part was not read (nothing computed).
 */
export interface Reconciliation {
  outcome: 'agrees' | 'mismatch' | 'estimate' | 'not_checked';
  status: FieldStatus;
  parts: ReconciliationPart[];
  /** previous balance − payments + adjustments + current charges; null unless every part was read. */
  expected: number | null;
  /** amount due − expected (positive: the bill asks for more than its parts). */
  difference: number | null;
  unsure: ProvenanceField[];
  missing: ProvenanceField[];
  /** One sentence for the page, e.g. "could not be checked: the bill's previous balance was not read". */
  text: string;
}

/** Status of each money figure of the page (what to confirm or add to see it as advice). */
export interface AnalysisFigures {
  currentCharges: FigureStatus;
  usage: FigureStatus;
  costPerUnit: FigureStatus;
  fixedVsVariable: FigureStatus;
  carriedBalance: FigureStatus;
  annualCost: FigureStatus;
}

export interface PeakMonth {
  month: string;
  label: string;
  dailyUsage: number;
  /** Daily usage relative to the median of all bills. */
  ratioToMedian: number;
}

export interface PeakUsageTimes {
  basis: 'monthly_bills';
  peakMonths: PeakMonth[];
  note: string;
}

export interface WeatherImpact {
  status: 'ok' | 'insufficient_history' | 'not_applicable';
  billsUsed: number;
  /** R² of daily usage against the seasonal curve, 0..1 (null when history is short). */
  seasonalShare: number | null;
  /** Share of yearly usage above base load in heating months (Nov–Mar). */
  heatingShare: number | null;
  /** Share of yearly usage above base load in cooling months (Jun–Sep). */
  coolingShare: number | null;
  summary: string;
}

export interface AnnualEstimate {
  usage: number | null;
  /** Null when the cost of the bills behind it was not read. */
  cost: number | null;
  /**
   * last_12_months: the account's bills over the twelve months to its latest bill (the same
   * figure on every bill of the account); seasonal_scaling: this bill's level with the season
   * removed, kept within the range of the account's own bills.
   */
  basis: 'last_12_months' | 'seasonal_scaling';
  /** Bills of the account behind the figure. */
  billsUsed: number;
}

/** Inputs an analysis figure may need; the ones listed in `missingInputs` were not read. */
export type AnalysisInput = 'amount' | 'usage' | 'service_period';

export interface BillAnalysis {
  billId: string;
  analyzedOn: string;
  billType: AnalysisBillType;
  propertyType: AnalysisPropertyType;
  period: PeriodInfo;
  costs: CostBreakdown;
  baseLoad: LoadFigure | null;
  variableLoad: LoadFigure | null;
  comparisons: { previousBill: BillComparison | null; sameMonthLastYear: BillComparison | null };
  seasonalExpectation: SeasonalExpectation | null;
  usageAnomalies: UsageAnomaly[];
  potentialIssues: PotentialIssue[];
  peakUsageTimes: PeakUsageTimes;
  weatherImpactAnalysis: WeatherImpact;
  /** Heating + cooling share used for recommendations: from the bills, else the default curve. */
  hvacShare: { value: number; basis: 'bills' | 'default_curve' } | null;
  annualEstimate: AnnualEstimate | null;
  /** Earlier bills of the same account and unit that the analysis used. */
  historyUsed: number;
  /** What was not read, so the figures needing it are left out (never shown as zero). */
  missingInputs: AnalysisInput[];
  /** Which billing checks could run: lines against the charges, service days against the previous bill. */
  checksRun: { charges: boolean; servicePeriod: boolean };
  /** The account summary check (absent on analyses saved before it existed). */
  reconciliation?: Reconciliation;
  /** Where each money figure came from (absent on older analyses). */
  figures?: AnalysisFigures;
  notes: string[];
}

export type ImplementationEffort = 'low' | 'medium' | 'high';

export interface EnvironmentalImpact {
  /** kg CO2 avoided per year (electricity and gas only). */
  co2KgPerYear: number | null;
  /** Usage saved per year, in the bill's unit. */
  unitsSavedPerYear: number | null;
  unit: AnalysisUsageUnit | null;
  summary: string;
}

/** One row of `saving_recommendations`, computed from the bill's own usage and rate. */
export interface Recommendation {
  /** snake_case, e.g. 'smart_thermostat', 'billing_dispute'. */
  recommendationType: string;
  title: string;
  description: string;
  /** Dollars: per year, or once for a refund (see savingsPeriod). Always > 0 and ≤ costReduced. */
  estimatedSavings: number;
  /**
   * The cost the saving comes out of, in the same period: e.g. a year of heating and cooling
   * for a thermostat, a year of the bill for a plan change, the disputed bill for a refund.
   */
  costReduced: number;
  savingsPeriod: 'annual' | 'one_time';
  implementationEffort: ImplementationEffort;
  upfrontCost: number;
  /** upfrontCost ÷ (annual savings ÷ 12), one decimal; 0 when nothing is spent. */
  paybackPeriodMonths: number;
  environmentalImpact: EnvironmentalImpact;
  implementationSteps: string[];
  priority: 'high' | 'medium' | 'low';
  /** How the estimate was computed, with the numbers used. */
  calculation: string;
  /** What in the analysis led to it. */
  trigger: string;
}
