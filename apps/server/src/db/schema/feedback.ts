import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { utilityBill } from './bills.ts';
import { createdAt, owner } from './columns.ts';

// The feedback feature's table: the user's corrections and comments on a bill, an analysis or
// a recommendation. Each row names the bill it is about (directly, or through the analysis or
// recommendation), so deleting the bill deletes its feedback.

export const mlFeedback = pgTable(
  'ml_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    feedbackType: text('feedback_type', { enum: ['correction', 'improvement', 'inaccuracy'] }).notNull(),
    entityType: text('entity_type', { enum: ['recommendation', 'bill_analysis', 'bill'] }).notNull(),
    entityId: text('entity_id').notNull(),
    /** The bill the entity belongs to; null only on rows older than migration 0004 whose entity was already gone. */
    billId: uuid('bill_id').references(() => utilityBill.id, { onDelete: 'cascade' }),
    /** For corrections of a bill: the field corrected. */
    field: text('field'),
    originalValue: text('original_value'),
    correctedValue: text('corrected_value'),
    userNotes: text('user_notes'),
    modelVersion: text('model_version').notNull().default('current'),
    /** 02-tools §4: pending until an admin reviews it ('Process Now'), then processed. */
    status: text('status', { enum: ['pending', 'processed'] }).notNull().default('pending'),
    /** The admin's decision on a processed item: an accepted correction teaches the reader; a rejected one was not a miss. */
    review: text('review', { enum: ['accepted', 'rejected'] }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    createdAt: createdAt(),
  },
  (t) => [index('ml_feedback_user_id_idx').on(t.userId), index('ml_feedback_entity_idx').on(t.entityType, t.entityId), index('ml_feedback_bill_id_idx').on(t.billId), index('ml_feedback_status_created_idx').on(t.status, t.createdAt)],
);
