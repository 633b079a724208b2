import { z } from 'zod';
import { PROVENANCE_FIELDS } from './provenance.ts';
import type { AnalysisBill } from './types.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD');

/** One itemised line of a bill: what the bill prints (units × rate = amount) and whether it is fixed or variable. */
export const chargeLineSchema = z.object({
  label: z.string(),
  amount: z.number(),
  kind: z.enum(['fixed', 'variable', 'tax', 'credit', 'other']).nullish(),
  quantity: z.number().nullish(),
  unit: z.string().nullish(),
  rate: z.number().nullish(),
  /** The service the line belongs to on a multi-service bill (water, wastewater, trash…). */
  service: z.string().nullish(),
});
export type ChargeLineInput = z.infer<typeof chargeLineSchema>;

/**
 * The parts of the amount due as printed: this period's charges, the balance carried from
 * earlier bills, payments and credits received since, late fees. Null when not printed.
 */
export const amountPartsSchema = z.object({
  currentCharges: z.number().nullable(),
  previousBalance: z.number().nullable(),
  paymentsReceived: z.number().nullable(),
  lateFees: z.number().nullable(),
  rate: z.number().nullable(),
});
export type AmountParts = z.infer<typeof amountPartsSchema>;

/**
 * Parses an `AnalysisBill` at a boundary (job payload, stored row mapped by the server).
 * Amounts must be finite numbers; dates ISO `YYYY-MM-DD` or null.
 */
export const analysisBillSchema: z.ZodType<AnalysisBill> = z.object({
  id: z.string().min(1),
  billType: z.enum(['electricity', 'natural_gas', 'water', 'internet', 'other']),
  propertyType: z.enum(['residential', 'commercial']),
  totalAmount: z.number().nullable(),
  currentCharges: z.number().nullish(),
  previousBalance: z.number().nullish(),
  payments: z.number().nullish(),
  lateFees: z.number().nullish(),
  usageAmount: z.number().nonnegative().nullable(),
  usageUnit: z.enum(['kWh', 'therms', 'CCF', 'gallons', 'GB', 'm3']).nullable(),
  servicePeriodStart: isoDate.nullable(),
  servicePeriodEnd: isoDate.nullable(),
  dueDate: isoDate.nullable(),
  charges: z.array(chargeLineSchema),
  meterReadings: z
    .array(z.object({ previous: z.number().optional(), current: z.number().optional(), estimated: z.boolean().optional() }))
    .optional(),
  rate: z.number().nullish(),
  stateCode: z.string().length(2).nullish(),
  accountKey: z.string().min(1).nullish(),
  fieldStatus: z.partialRecord(z.enum(PROVENANCE_FIELDS), z.enum(['confirmed', 'read', 'unsure', 'missing'])).optional(),
});
