import { boolean, doublePrecision, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// The bills feature's reader model versions (issue 17, decision 101): the layout hints learned
// from admin-accepted corrections, shared by every user's bills of the same provider, with the
// accuracy each version measured on the held-out bills. Not user-owned: admins only.

export const readerModelVersion = pgTable('reader_model_versions', {
  id: uuid('id').primaryKey().defaultRandom(),
  version: integer('version').notNull().unique(),
  /** Provider (as read) → layout hints (`LayoutHint[]` of packages/extractor). */
  hints: jsonb('hints').notNull(),
  /** Share of held-out fields read right with these hints, and with the version active when it was trained. */
  accuracy: doublePrecision('accuracy').notNull(),
  baselineAccuracy: doublePrecision('baseline_accuracy').notNull(),
  heldoutBills: integer('heldout_bills').notNull(),
  fieldsChecked: integer('fields_checked').notNull(),
  correctionsUsed: integer('corrections_used').notNull(),
  /** Promoted when not worse than the baseline; the newest promoted version is the one the reader uses. */
  promoted: boolean('promoted').notNull(),
  trainedBy: text('trained_by'),
  trainedAt: timestamp('trained_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});
