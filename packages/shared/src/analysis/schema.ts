import { z } from 'zod';
import type { AnalysisBill } from './types.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD');

/**
 * Parses an `AnalysisBill` at a boundary (job payload, stored row mapped by the server).
 * Amounts must be finite numbers; dates ISO `YYYY-MM-DD` or null.
 */
export const analysisBillSchema: z.ZodType<AnalysisBill> = z.object({
  id: z.string().min(1),
  billType: z.enum(['electricity', 'natural_gas', 'water', 'internet', 'other']),
  propertyType: z.enum(['residential', 'commercial']),
  totalAmount: z.number(),
  currentCharges: z.number().nullish(),
  previousBalance: z.number().nullish(),
  payments: z.number().nullish(),
  usageAmount: z.number().nonnegative().nullable(),
  usageUnit: z.enum(['kWh', 'therms', 'CCF', 'gallons', 'GB', 'm3']).nullable(),
  servicePeriodStart: isoDate.nullable(),
  servicePeriodEnd: isoDate.nullable(),
  dueDate: isoDate.nullable(),
  charges: z.array(z.object({ label: z.string(), amount: z.number() })),
  meterReadings: z
    .array(z.object({ previous: z.number().optional(), current: z.number().optional(), estimated: z.boolean().optional() }))
    .optional(),
  rate: z.number().nullish(),
  stateCode: z.string().length(2).nullish(),
});
