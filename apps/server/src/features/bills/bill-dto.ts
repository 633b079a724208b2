import { chargeLineSchema, type ChargeLineInput } from '@wattwise/shared/analysis/schema';
import type { BillRow, BillSummaryRow } from './bills.queries.ts';

/** The JSON shapes of docs/api/bills.md. */
export type BillSummary = {
  id: string;
  createdAt: string;
  fileName: string;
  propertyId: string | null;
  propertyType: BillRow['propertyType'];
  billType: string;
  accountId: string | null;
  status: BillRow['status'];
  progress: number;
  failureReason: string | null;
  utilityProvider: string;
  accountNumber: string;
  /** Amount due; null when it was not read (shown as 'Not found', never as $0.00). */
  totalAmount: number | null;
  /** Parts of the amount due, when printed: this period's charges, the balance carried over, payments received, late fees. */
  currentCharges: number | null;
  previousBalance: number | null;
  paymentsReceived: number | null;
  lateFees: number | null;
  dueDate: string | null;
  servicePeriodStart: string | null;
  servicePeriodEnd: string | null;
  usageAmount: number | null;
  usageUnit: string | null;
  processingConfidence: number;
  analyzed: boolean;
  hasAnomalies: boolean;
  duplicateOfId: string | null;
};

export const CORRECTABLE_FIELDS = [
  'billType',
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
  'customerName',
  'serviceAddress',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

export type FieldValue = string | number | null;
export type ExtractedField = { value: FieldValue; confidence: number; corrected: boolean; originalValue: FieldValue };

export type ProcessingInfo = {
  strategy: unknown;
  documentType: string;
  processingCost: number;
  extractionCost: number;
  aiCost: number;
  processingTimeMs: number;
  pageCount: number;
  textSources: string[];
  checks: { name: string; passed: boolean; detail?: string }[];
  extractorConfidence: number;
  ai: unknown;
};

export type BillDetail = BillSummary & {
  fileUrl: string;
  fileSize: number;
  mimeType: string;
  fields: Record<CorrectableField, ExtractedField>;
  /** Itemised lines: label and amount, with quantity, unit, rate and kind when printed. */
  charges: ChargeLineInput[];
  /** Printed price per usage unit. */
  rate: number | null;
  processing: ProcessingInfo | null;
  analysis: unknown;
  recommendations: unknown[];
};

/** The reader's output as stored in `utility_bills.extracted`. */
export type StoredExtraction = {
  fields: Record<string, unknown>;
  confidence: number;
};

type Corrections = Record<string, { value: FieldValue; at: string }>;

function extractedField(row: BillRow, field: string): { value: FieldValue; confidence: number } | null {
  const stored = row.extracted as StoredExtraction | null;
  const f = stored?.fields[field] as { value?: FieldValue; confidence?: number } | undefined;
  if (!f || typeof f !== 'object') return null;
  return { value: f.value ?? null, confidence: typeof f.confidence === 'number' ? f.confidence : 0 };
}

/** The value analysis and the screens use: the correction when there is one, else what was read. */
export function effectiveValue(row: BillRow, field: CorrectableField): FieldValue {
  const corrections = (row.corrections ?? {}) as Corrections;
  if (field in corrections) return corrections[field]?.value ?? null;
  switch (field) {
    case 'billType':
      return row.billType;
    case 'utilityProvider':
      return row.utilityProvider === 'Unknown' ? null : row.utilityProvider;
    case 'accountNumber':
      return row.accountNumber === 'Unknown' ? null : row.accountNumber;
    case 'totalAmount':
      return row.totalAmount;
    case 'currentCharges':
      return row.currentCharges;
    case 'previousBalance':
      return row.previousBalance;
    case 'paymentsReceived':
      return row.paymentsReceived;
    case 'lateFees':
      return row.lateFees;
    case 'dueDate':
      return row.dueDate;
    case 'servicePeriodStart':
      return row.servicePeriodStart;
    case 'servicePeriodEnd':
      return row.servicePeriodEnd;
    case 'usageAmount':
      return row.usageAmount;
    case 'usageUnit':
      return row.usageUnit;
    case 'customerName':
    case 'serviceAddress':
      return extractedField(row, field)?.value ?? null;
  }
}

export function toBillSummary(row: BillSummaryRow): BillSummary {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    fileName: row.fileName,
    propertyId: row.propertyId,
    propertyType: row.propertyType,
    billType: row.billType,
    accountId: row.accountId,
    status: row.status,
    progress: row.progress,
    failureReason: row.failureReason,
    utilityProvider: row.utilityProvider,
    accountNumber: row.accountNumber,
    totalAmount: row.totalAmount,
    currentCharges: row.currentCharges,
    previousBalance: row.previousBalance,
    paymentsReceived: row.paymentsReceived,
    lateFees: row.lateFees,
    dueDate: row.dueDate,
    servicePeriodStart: row.servicePeriodStart,
    servicePeriodEnd: row.servicePeriodEnd,
    usageAmount: row.usageAmount,
    usageUnit: row.usageUnit,
    processingConfidence: row.processingConfidence,
    analyzed: row.analyzed,
    hasAnomalies: row.hasAnomalies,
    duplicateOfId: row.duplicateOfId,
  };
}

export function toBillDetail(row: BillRow, analysis: unknown, recommendations: unknown[]): BillDetail {
  const corrections = (row.corrections ?? {}) as Corrections;
  const fields = {} as Record<CorrectableField, ExtractedField>;
  for (const field of CORRECTABLE_FIELDS) {
    const read = extractedField(row, field);
    const corrected = field in corrections;
    fields[field] = {
      value: effectiveValue(row, field),
      confidence: corrected ? 1 : (read?.confidence ?? 0),
      corrected,
      originalValue: read?.value ?? null,
    };
  }
  return {
    ...toBillSummary(row),
    fileUrl: `/api/bills/${row.id}/file`,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    fields,
    charges: chargeLinesOf(row.charges),
    rate: row.rate,
    processing: (row.processing as ProcessingInfo | null) ?? null,
    analysis,
    recommendations,
  };
}

/** The stored line items, each checked (a malformed line is left out rather than shown wrong). */
export function chargeLinesOf(value: unknown): ChargeLineInput[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((line) => {
    const parsed = chargeLineSchema.safeParse(line);
    return parsed.success ? [parsed.data] : [];
  });
}
