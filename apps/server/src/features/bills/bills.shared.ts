import { z } from 'zod';

export const BILL_TYPES = ['electricity', 'natural_gas', 'water', 'internet', 'other'] as const;
export type BillType = (typeof BILL_TYPES)[number];

/** What a bill's live channel carries (SSE `progress` / `done` / `failed`). */
export type BillEvent = {
  status: 'queued' | 'processing' | 'processed' | 'failed';
  progress: number;
  /** Step id, e.g. 'reading_bill' (the web app turns it into 'Reading bill'). */
  step: string;
  reason?: string | null;
};

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
