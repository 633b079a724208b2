import { z } from 'zod';
import { chargeLineSchema } from '../analysis/schema.ts';
import type { BillAnalysis, EnvironmentalImpact } from '../analysis/types.ts';
import { pageQuerySchema, pageSchema, propertyTypeSchema } from './common.ts';
import { meterCheckSchema } from './meter-data.ts';

/** The bills API contract (docs/api/bills.md): `/api/bills` and its sub-resources. */

export const BILL_TYPES = ['electricity', 'natural_gas', 'water', 'internet', 'other'] as const;
export const billTypeSchema = z.enum(BILL_TYPES);
export type BillType = z.infer<typeof billTypeSchema>;

export const BILL_STATUSES = ['queued', 'processing', 'processed', 'failed'] as const;
export const billStatusSchema = z.enum(BILL_STATUSES);
export type BillStatus = z.infer<typeof billStatusSchema>;

/** The bill's summary fields: what the reader prints under fixed keys, the AI check asks about and the bench scores. */
export const BILL_SUMMARY_FIELDS = [
  'billType',
  'utilityProvider',
  'accountNumber',
  'totalAmount',
  'dueDate',
  'servicePeriodStart',
  'servicePeriodEnd',
  'usageAmount',
  'usageUnit',
  'customerName',
  'serviceAddress',
] as const;
/** The parts of the amount due, when printed. */
export const AMOUNT_PART_FIELDS = ['currentCharges', 'previousBalance', 'paymentsReceived', 'lateFees'] as const;
/** Every field a bill page shows and the user may correct. */
export const BILL_FIELDS = [...BILL_SUMMARY_FIELDS, ...AMOUNT_PART_FIELDS] as const;
export const billFieldSchema = z.enum(BILL_FIELDS);
export type BillField = z.infer<typeof billFieldSchema>;

export const billSummarySchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    fileName: z.string(),
    propertyId: z.string().nullable(),
    propertyType: propertyTypeSchema,
    billType: billTypeSchema,
    accountId: z.string().nullable(),
    status: billStatusSchema,
    progress: z.number().meta({ description: '25 queued, 50 reading, 90 saving, 100 processed, 0 failed' }),
    failureReason: z.string().nullable().meta({ description: "When failed, the reason only; shown as 'Bill processing failed: {reason}'" }),
    utilityProvider: z.string().meta({ description: "'Unknown' when not read" }),
    providerBrand: z.string().nullable().meta({ description: 'The brand the customer knows when it differs from the provider\'s legal name (a "d/b/a" name); null when none' }),
    accountNumber: z.string().meta({ description: "'Unknown' when not read" }),
    totalAmount: z.number().nullable().meta({ description: "Amount due; null when it was not read (shown as 'Not found', never $0.00)" }),
    currentCharges: z.number().nullable().meta({ description: "This period's charges, when printed" }),
    previousBalance: z.number().nullable().meta({ description: 'Balance carried over from earlier bills, when printed' }),
    paymentsReceived: z.number().nullable().meta({ description: 'Payments and credits received since the last bill, when printed' }),
    lateFees: z.number().nullable(),
    dueDate: z.string().nullable(),
    servicePeriodStart: z.string().nullable(),
    servicePeriodEnd: z.string().nullable(),
    usageAmount: z.number().nullable(),
    usageUnit: z.string().nullable(),
    processingConfidence: z.number().meta({ description: '0..1: share of provider, account number and amount read, capped by the reader\'s confidence' }),
    analyzed: z.boolean(),
    analysisState: z
      .enum(['queued', 'running', 'failed'])
      .nullable()
      .meta({ description: 'The automatic analysis: queued or running (the page shows it running), failed (Analyze by hand), null when none is pending' }),
    hasAnomalies: z.boolean(),
    duplicateOfId: z.string().nullable().meta({ description: 'Set when a bill of the same account and period exists' }),
  })
  .meta({ id: 'BillSummary' });
export type BillSummary = z.infer<typeof billSummarySchema>;

/** What the dashboard's overview and charts need of every bill (GET /api/bills/figures). */
export const billFiguresSchema = billSummarySchema
  .pick({
    id: true,
    createdAt: true,
    propertyId: true,
    propertyType: true,
    billType: true,
    accountId: true,
    status: true,
    utilityProvider: true,
    accountNumber: true,
    totalAmount: true,
    currentCharges: true,
    dueDate: true,
    servicePeriodStart: true,
    servicePeriodEnd: true,
    usageAmount: true,
    usageUnit: true,
    analyzed: true,
    hasAnomalies: true,
  })
  .extend({
    /** Usage confirmed by the user or read with confidence (≥ 0.8): only then it feeds savings and rate comparisons. */
    usageSure: z.boolean(),
    /** The same for the amount due. */
    amountSure: z.boolean(),
  })
  .meta({ id: 'BillFigures' });
export type BillFigures = z.infer<typeof billFiguresSchema>;

const fieldValueSchema = z.union([z.string(), z.number(), z.null()]);
export type FieldValue = z.infer<typeof fieldValueSchema>;

/**
 * value: what analysis uses (the correction, else what was read); originalValue: what the reader found; confidence 1 once corrected;
 * status: where the value came from (analysis/provenance.ts): read, unsure ('Please check'), missing or confirmed.
 */
export const extractedFieldSchema = z
  .object({
    value: fieldValueSchema,
    confidence: z.number(),
    corrected: z.boolean(),
    originalValue: fieldValueSchema,
    status: z.enum(['confirmed', 'read', 'unsure', 'missing']).meta({ description: 'read (confident), unsure (under the Please check threshold), missing (not read) or confirmed (by the user)' }),
  })
  .meta({ id: 'ExtractedField' });
export type ExtractedField = z.infer<typeof extractedFieldSchema>;

export const processingInfoSchema = z
  .object({
    strategy: z.unknown(),
    documentType: z.string(),
    processingCost: z.number(),
    extractionCost: z.number(),
    aiCost: z.number(),
    processingTimeMs: z.number(),
    pageCount: z.number(),
    textSources: z.array(z.string()),
    checks: z.array(z.object({ name: z.string(), passed: z.boolean(), detail: z.string().optional() })),
    extractorConfidence: z.number(),
    ai: z.unknown(),
    crossChecked: z.array(z.string()).optional().meta({ description: 'Fields a cross-check confirmed' }),
  })
  .meta({ id: 'ProcessingInfo' });
export type ProcessingInfo = z.infer<typeof processingInfoSchema>;

const isRecord = (value: unknown) => typeof value === 'object' && value !== null;

/** The @wattwise/shared/analysis result as saved, with its row id. */
export type SavedAnalysis = BillAnalysis & { id: string; createdAt: string };
export const savedAnalysisSchema = z
  .custom<SavedAnalysis>(isRecord)
  .meta({ id: 'BillAnalysis', type: 'object', description: 'The @wattwise/shared/analysis BillAnalysis as saved, with id and createdAt' });

/** A saved recommendation (`saving_recommendations`): estimatedSavings never exceeds costReduced. */
export const savedRecommendationSchema = z
  .object({
    id: z.string(),
    billId: z.string(),
    recommendationType: z.string(),
    title: z.string(),
    description: z.string(),
    estimatedSavings: z.number(),
    costReduced: z.number().nullable(),
    savingsPeriod: z.string(),
    implementationEffort: z.string(),
    upfrontCost: z.number(),
    paybackPeriodMonths: z.number(),
    environmentalImpact: z.custom<EnvironmentalImpact | null>().meta({ type: 'object' }),
    implementationSteps: z.array(z.string()),
    priority: z.string(),
    calculation: z.string().nullable(),
    trigger: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'SavingRecommendation' });
export type SavedRecommendation = z.infer<typeof savedRecommendationSchema>;

export const billDetailSchema = billSummarySchema
  .extend({
    fileUrl: z.string(),
    fileSize: z.number(),
    mimeType: z.string(),
    fields: z.record(billFieldSchema, extractedFieldSchema),
    charges: z.array(chargeLineSchema),
    rate: z.number().nullable().meta({ description: 'Printed price per usage unit' }),
    processing: processingInfoSchema.nullable().meta({ description: 'null until processed' }),
    aiModel: z.string().nullable().meta({ description: 'The AI model asked about unsure fields; null when no AI was used' }),
    aiFields: z.array(billFieldSchema).meta({ description: 'Fields whose value came from the AI model (each found printed on the bill)' }),
    crossChecked: z.array(billFieldSchema).meta({ description: 'Fields a cross-check of the bill confirmed' }),
    analysis: savedAnalysisSchema.nullable(),
    recommendations: z.array(savedRecommendationSchema),
    meterCheck: meterCheckSchema.nullable().meta({ description: 'The meter\'s usage over the service period when Green Button data of this property covers it' }),
  })
  .meta({ id: 'BillDetail' });
export type BillDetail = z.infer<typeof billDetailSchema>;

export const billFiltersSchema = z.object({
  propertyId: z.uuid().optional(),
  propertyType: propertyTypeSchema.optional(),
});
export type BillFilters = z.infer<typeof billFiltersSchema>;

export const listBillsQuerySchema = billFiltersSchema.extend(pageQuerySchema.shape);
export type ListBillsQuery = z.input<typeof listBillsQuerySchema>;

export const billListSchema = pageSchema(billSummarySchema).meta({ id: 'BillList' });
export type BillList = z.infer<typeof billListSchema>;

export const billFiguresListSchema = z.object({ items: z.array(billFiguresSchema) }).meta({ id: 'BillFiguresList' });

export const billEnvelopeSchema = z.object({ bill: billSummarySchema });
export const billDetailEnvelopeSchema = z.object({ bill: billDetailSchema });

/** The multipart upload form (`bill` is the file). */
export const uploadBillFormSchema = z.object({
  bill: z.any().meta({ type: 'string', format: 'binary', description: 'PDF, JPEG, PNG or HEIC, at most 10 MB' }),
  propertyType: propertyTypeSchema.optional().meta({ description: 'residential (default) or commercial' }),
  billType: billTypeSchema.optional().meta({ description: 'electricity (default), natural_gas, water, internet, other' }),
  propertyId: z.uuid().optional(),
});

export const billCorrectionSchema = z.object({ field: billFieldSchema, value: fieldValueSchema });
export type BillCorrection = z.infer<typeof billCorrectionSchema>;

export const correctBillFieldsSchema = z
  .object({
    corrections: z.array(billCorrectionSchema).min(1, 'Please provide a correction'),
    notes: z.string().max(2000).optional(),
  })
  .meta({ id: 'BillCorrections' });
export type CorrectBillFieldsInput = z.infer<typeof correctBillFieldsSchema>;

export const DUPLICATE_ACTIONS = ['replace', 'keep_both'] as const;
export const duplicateDecisionSchema = z.object({ action: z.enum(DUPLICATE_ACTIONS) }).meta({ id: 'DuplicateDecision' });
export type DuplicateAction = z.infer<typeof duplicateDecisionSchema>['action'];

export const billPageSchema = z
  .object({ number: z.number().int(), url: z.string(), width: z.number().meta({ description: 'points; 0 for a photo' }), height: z.number() })
  .meta({ id: 'BillPage' });
export type BillPage = z.infer<typeof billPageSchema>;
export const billPagesSchema = z.object({ pages: z.array(billPageSchema) });

/** What a bill's live channel carries (SSE `progress`; `done` carries `{ bill }`, `failed` `{ reason }`). */
export const billEventSchema = z.object({
  status: billStatusSchema,
  progress: z.number(),
  /** Step id, e.g. 'reading_bill' (the web app turns it into 'Reading bill'). */
  step: z.string(),
  reason: z.string().nullable().optional(),
});
export type BillEvent = z.infer<typeof billEventSchema>;

/** A stored bill type outside the list (never written by this code) reads as 'other'. */
export function toBillType(value: string): BillType {
  return billTypeSchema.catch('other').parse(value);
}

/**
 * What `POST /api/bill-readings` read off a bill file that was not kept (the payment form's
 * 'Read from bill'): each field's value, null when the reader did not find it.
 */
export const billReadingSchema = z
  .object({
    billType: billTypeSchema.nullable(),
    utilityProvider: z.string().nullable(),
    accountNumber: z.string().nullable(),
    totalAmount: z.number().nullable(),
    dueDate: z.string().nullable(),
    customerName: z.string().nullable(),
    serviceAddress: z.string().nullable(),
  })
  .meta({ id: 'BillReading' });
export type BillReading = z.infer<typeof billReadingSchema>;
export const billReadingEnvelopeSchema = z.object({ reading: billReadingSchema });
