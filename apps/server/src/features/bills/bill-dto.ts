import { canAdvise, fieldStatusOf } from '@wattwise/shared/analysis/provenance';
import { chargeLineSchema, type ChargeLineInput } from '@wattwise/shared/analysis/schema';
import {
  BILL_FIELDS,
  type BillDetail,
  type BillField,
  type BillSummary,
  type ExtractedField,
  type FieldValue,
  type ProcessingInfo,
  type SavedAnalysis,
  type SavedRecommendation,
  toBillType,
} from '@wattwise/shared/contract/bills';
import type { BillRow, BillSummaryRow } from './bills.queries.ts';

/** The JSON shapes of the bills API are the contract's (packages/shared/src/contract/bills.ts). */
export type { BillDetail, BillSummary, ProcessingInfo };
export type CorrectableField = BillField;
export const CORRECTABLE_FIELDS = BILL_FIELDS;

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

/** Whether a field's value can carry money advice: the provenance rule (confirmed, or read at or above 'Please check'); never when missing. */
export function isFieldSure(row: BillRow, field: CorrectableField): boolean {
  const corrections = (row.corrections ?? {}) as Corrections;
  const corrected = field in corrections && corrections[field]?.value != null;
  return canAdvise(fieldStatusOf({ value: effectiveValue(row, field), confidence: extractedField(row, field)?.confidence, corrected }));
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
    billType: toBillType(row.billType),
    accountId: row.accountId,
    status: row.status,
    progress: row.progress,
    failureReason: row.failureReason,
    utilityProvider: row.utilityProvider,
    providerBrand: row.providerBrand,
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
    analysisState: row.analysisState ?? null,
    hasAnomalies: row.hasAnomalies,
    duplicateOfId: row.duplicateOfId,
  };
}

const isBillField = (field: unknown): field is BillField => (CORRECTABLE_FIELDS as readonly unknown[]).includes(field);

/** Which model read the bill's unsure fields and which fields it filled; which fields a cross-check confirmed. */
export function readingSources(processing: ProcessingInfo | null): Pick<BillDetail, 'aiModel' | 'aiFields' | 'crossChecked'> {
  const ai = processing?.ai as { model?: unknown; fieldsFilled?: unknown } | null | undefined;
  const filled = Array.isArray(ai?.fieldsFilled) ? ai.fieldsFilled : [];
  return {
    aiModel: ai && typeof ai.model === 'string' ? ai.model : null,
    aiFields: filled.filter(isBillField),
    crossChecked: (processing?.crossChecked ?? []).filter(isBillField),
  };
}

export function toBillDetail(row: BillRow, analysis: SavedAnalysis | null, recommendations: SavedRecommendation[], meterCheck: BillDetail['meterCheck'] = null): BillDetail {
  const corrections = (row.corrections ?? {}) as Corrections;
  const fields = {} as Record<CorrectableField, ExtractedField>;
  for (const field of CORRECTABLE_FIELDS) {
    const read = extractedField(row, field);
    const corrected = field in corrections;
    const value = effectiveValue(row, field);
    fields[field] = {
      value,
      confidence: corrected ? 1 : (read?.confidence ?? 0),
      corrected,
      originalValue: read?.value ?? null,
      status: fieldStatusOf({ value, confidence: read?.confidence ?? null, corrected }),
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
    ...readingSources((row.processing as ProcessingInfo | null) ?? null),
    analysis,
    recommendations,
    meterCheck,
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
