import { doublePrecision, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { utilityBill } from './bills.ts';
import { createdAt, owner } from './columns.ts';

// The processing feature's table: the cost and time of each bill reading.

/** One row per bill reading, for the cost dashboard (the spec's usage record, persisted). */
export const processingRun = pgTable(
  'processing_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    billId: uuid('bill_id').references(() => utilityBill.id, { onDelete: 'set null' }),
    documentType: text('document_type').notNull(),
    textractApi: text('textract_api'),
    claudeModel: text('claude_model'),
    extractionCost: doublePrecision('extraction_cost').notNull().default(0),
    aiCost: doublePrecision('ai_cost').notNull().default(0),
    totalCost: doublePrecision('total_cost').notNull().default(0),
    tokensUsed: integer('tokens_used').notNull().default(0),
    processingTimeMs: integer('processing_time_ms').notNull().default(0),
    createdAt: createdAt(),
  },
  // bill_id: deleting a bill sets null on its runs.
  (t) => [index('processing_runs_user_created_idx').on(t.userId, t.createdAt), index('processing_runs_bill_id_idx').on(t.billId)],
);
