import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, owner } from './columns.ts';

// The feedback feature's table: the user's corrections and comments on a bill, an analysis or
// a recommendation.

export const mlFeedback = pgTable(
  'ml_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    feedbackType: text('feedback_type', { enum: ['correction', 'improvement', 'inaccuracy'] }).notNull(),
    entityType: text('entity_type', { enum: ['recommendation', 'bill_analysis', 'bill'] }).notNull(),
    entityId: text('entity_id').notNull(),
    /** For corrections of a bill: the field corrected. */
    field: text('field'),
    originalValue: text('original_value'),
    correctedValue: text('corrected_value'),
    userNotes: text('user_notes'),
    modelVersion: text('model_version').notNull().default('current'),
    createdAt: createdAt(),
  },
  (t) => [index('ml_feedback_user_id_idx').on(t.userId), index('ml_feedback_entity_idx').on(t.entityType, t.entityId)],
);
