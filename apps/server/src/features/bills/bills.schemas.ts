import { z } from '@hono/zod-openapi';
import { BILL_TYPES } from './bills.shared.ts';
import { chargeLineSchema } from '@wattwise/shared/analysis/schema';
import { CORRECTABLE_FIELDS } from './bill-dto.ts';

// Request and response shapes of /api/bills (docs/api/bills.md), for validation and /api/docs.

export const propertyTypeSchema = z.enum(['residential', 'commercial']);
export const billTypeSchema = z.enum(BILL_TYPES);

export const billSummarySchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    fileName: z.string(),
    propertyId: z.string().nullable(),
    propertyType: propertyTypeSchema,
    billType: z.string(),
    accountId: z.string().nullable(),
    status: z.enum(['queued', 'processing', 'processed', 'failed']),
    progress: z.number(),
    failureReason: z.string().nullable(),
    utilityProvider: z.string(),
    accountNumber: z.string(),
    totalAmount: z.number().nullable().openapi({ description: 'Amount due; null when it was not read' }),
    currentCharges: z.number().nullable().openapi({ description: "This period's charges, when printed" }),
    previousBalance: z.number().nullable().openapi({ description: 'Balance carried over from earlier bills, when printed' }),
    paymentsReceived: z.number().nullable().openapi({ description: 'Payments and credits received since the last bill, when printed' }),
    lateFees: z.number().nullable(),
    dueDate: z.string().nullable(),
    servicePeriodStart: z.string().nullable(),
    servicePeriodEnd: z.string().nullable(),
    usageAmount: z.number().nullable(),
    usageUnit: z.string().nullable(),
    processingConfidence: z.number(),
    analyzed: z.boolean(),
    hasAnomalies: z.boolean(),
    duplicateOfId: z.string().nullable(),
  })
  .openapi('BillSummary');

const fieldValue = z.union([z.string(), z.number(), z.null()]);
const extractedField = z.object({ value: fieldValue, confidence: z.number(), corrected: z.boolean(), originalValue: fieldValue }).openapi('ExtractedField');

export const billDetailSchema = billSummarySchema
  .extend({
    fileUrl: z.string(),
    fileSize: z.number(),
    mimeType: z.string(),
    fields: z.record(z.enum(CORRECTABLE_FIELDS), extractedField),
    charges: z.array(chargeLineSchema),
    rate: z.number().nullable(),
    processing: z.unknown().nullable(),
    analysis: z.unknown().nullable().openapi({ description: 'The @wattwise/shared/analysis result as saved, with id and createdAt' }),
    recommendations: z.array(z.unknown()),
  })
  .openapi('BillDetail');

export const listBillsQuery = z.object({
  propertyId: z.uuid().optional(),
  propertyType: propertyTypeSchema.optional(),
});

export const uploadForm = z.object({
  bill: z.any().openapi({ type: 'string', format: 'binary', description: 'PDF, JPEG, PNG or HEIC, at most 10 MB' }),
  propertyType: propertyTypeSchema.optional().openapi({ description: 'residential (default) or commercial' }),
  billType: billTypeSchema.optional().openapi({ description: 'electricity (default), natural_gas, water, internet, other' }),
  propertyId: z.uuid().optional(),
});

export const correctionsBody = z
  .object({
    corrections: z
      .array(z.object({ field: z.enum(CORRECTABLE_FIELDS), value: z.union([z.string(), z.number(), z.null()]) }))
      .min(1, 'Please provide a correction'),
    notes: z.string().max(2000).optional(),
  })
  .openapi('BillCorrections');

export const duplicateBody = z.object({ action: z.enum(['replace', 'keep_both']) }).openapi('DuplicateDecision');
