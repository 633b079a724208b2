import { z } from 'zod';

export { BILL_TYPES, type BillEvent, type BillType } from '@wattwise/shared/contract/bills';

export const billTopic = (billId: string) => `bill:${billId}`;

export const processBillPayload = z.object({ billId: z.uuid(), userId: z.string().min(1) });
export type ProcessBillPayload = z.infer<typeof processBillPayload>;

/** The `process-bill` job: three retries with exponential backoff from 5 s. */
export const PROCESS_BILL_JOB = {
  name: 'process-bill',
  schema: processBillPayload,
  retryLimit: 3,
  retryDelaySeconds: 5,
} as const;

/**
 * The `analyse-bill` job: analyses a processed bill by itself, after reading and after every
 * correction. Stately with the bill id as key: one waiting and one running per bill (a
 * correction during a run queues one more run, which sees the corrected values).
 */
export const ANALYSE_BILL_JOB = {
  name: 'analyse-bill',
  schema: processBillPayload,
  retryLimit: 2,
  retryDelaySeconds: 5,
  policy: 'stately',
} as const;
