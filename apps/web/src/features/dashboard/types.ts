import type { BillAnalysis, Recommendation } from '@wattwise/shared/analysis/types';

/**
 * Shapes of the bills API contract (docs/api/bills.md) read by the dashboard and the bill
 * detail screen. The upload feature keeps its own copy of the few it needs.
 */
export type PropertyType = 'residential' | 'commercial';
export type BillType = 'electricity' | 'natural_gas' | 'water' | 'internet' | 'other';
export type BillStatus = 'queued' | 'processing' | 'processed' | 'failed';

export interface Property {
  id: string;
  name: string;
  propertyType: PropertyType;
  address: string | null;
  createdAt: string;
}

export interface BillSummary {
  id: string;
  createdAt: string;
  fileName: string;
  propertyId: string | null;
  propertyType: PropertyType;
  billType: BillType;
  accountId: string | null;
  status: BillStatus;
  progress: number;
  failureReason: string | null;
  utilityProvider: string;
  accountNumber: string;
  /** Amount due; null when it was not read (shown as 'Not found', never $0.00). */
  totalAmount: number | null;
  /** Parts of the amount due, when printed. */
  currentCharges?: number | null;
  previousBalance?: number | null;
  paymentsReceived?: number | null;
  lateFees?: number | null;
  dueDate: string | null;
  servicePeriodStart: string | null;
  servicePeriodEnd: string | null;
  usageAmount: number | null;
  usageUnit: string | null;
  processingConfidence: number;
  analyzed: boolean;
  hasAnomalies: boolean;
  duplicateOfId: string | null;
}

export const EXTRACTED_FIELD_NAMES = [
  'utilityProvider',
  'accountNumber',
  'totalAmount',
  'currentCharges',
  'previousBalance',
  'paymentsReceived',
  'lateFees',
  'dueDate',
  'servicePeriodStart',
  'servicePeriodEnd',
  'usageAmount',
  'usageUnit',
  'billType',
  'customerName',
  'serviceAddress',
] as const;
export type ExtractedFieldName = (typeof EXTRACTED_FIELD_NAMES)[number];

export interface ExtractedField {
  value: string | number | null;
  confidence: number;
  corrected: boolean;
  originalValue: string | number | null;
}

/** One itemised line of the bill, with units × rate when printed. */
export interface ChargeLine {
  label: string;
  amount: number;
  quantity?: number | null;
  unit?: string | null;
  rate?: number | null;
  kind?: 'fixed' | 'variable' | 'tax' | 'credit' | 'other' | null;
}

export interface ProcessingInfo {
  strategy: unknown;
  processingCost: number;
  processingTimeMs: number;
  textSources: string[];
  checks: { name: string; passed: boolean; detail?: string }[];
}

export interface BillDetail extends BillSummary {
  fileUrl: string;
  fileSize: number;
  mimeType: string;
  fields: Partial<Record<ExtractedFieldName, ExtractedField>>;
  charges: ChargeLine[];
  rate?: number | null;
  processing: ProcessingInfo | null;
  analysis: BillAnalysis | null;
  recommendations: Recommendation[];
}

export interface RecommendationCard {
  id: string;
  billId: string;
  title: string;
  description: string;
  savings: number;
  /** The cost the saving comes out of (savings never exceed it); null on older records. */
  costReduced?: number | null;
  difficulty: string;
  implemented: boolean;
  propertyType: PropertyType;
  upfrontCost: number;
  paybackPeriodMonths: number;
  steps: string[];
  /** Present on cards from the analysis engine: a refund is counted once, other savings per year. */
  savingsPeriod?: 'annual' | 'one_time';
  priority?: 'high' | 'medium' | 'low';
  billType?: BillType;
  /** The engine's kind of advice (`usage_investigation`, `led_lighting`, …). */
  recommendationType?: string;
}

export type FeedbackType = 'correction' | 'improvement' | 'inaccuracy';
export type FeedbackEntityType = 'recommendation' | 'bill_analysis' | 'bill';

export interface FeedbackInput {
  feedbackType: FeedbackType;
  entityType: FeedbackEntityType;
  entityId: string;
  originalValue?: string;
  correctedValue?: string;
  userNotes?: string;
}

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  residential: 'Residential',
  commercial: 'Commercial',
};

export const BILL_TYPE_LABELS: Record<BillType, string> = {
  electricity: 'Electricity',
  natural_gas: 'Natural Gas',
  water: 'Water',
  internet: 'Internet',
  other: 'Other',
};

export interface UtilityAccount {
  id: string;
  propertyId: string;
  provider: string;
  accountNumber: string;
  billType: BillType;
  confirmed: boolean;
  billCount: number;
}
