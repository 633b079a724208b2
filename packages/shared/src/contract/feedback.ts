import { z } from 'zod';

/** The feedback API contract: `POST /api/feedback` (ml_feedback). */

export const FEEDBACK_TYPES = ['correction', 'improvement', 'inaccuracy'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_ENTITY_TYPES = ['recommendation', 'bill_analysis', 'bill'] as const;
export type FeedbackEntityType = (typeof FEEDBACK_ENTITY_TYPES)[number];

const feedbackText = z.string().max(5000).nullable().optional();

export const feedbackInputSchema = z
  .object({
    feedbackType: z.enum(FEEDBACK_TYPES),
    entityType: z.enum(FEEDBACK_ENTITY_TYPES),
    entityId: z.string().min(1).max(100).meta({ description: 'For bill_analysis, the analysis id or its bill id' }),
    originalValue: feedbackText,
    correctedValue: feedbackText,
    userNotes: feedbackText,
  })
  .meta({ id: 'FeedbackInput' });
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

export const feedbackSchema = z
  .object({
    id: z.string(),
    feedbackType: z.string(),
    entityType: z.string(),
    entityId: z.string(),
    field: z.string().nullable(),
    originalValue: z.string().nullable(),
    correctedValue: z.string().nullable(),
    userNotes: z.string().nullable(),
    modelVersion: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Feedback' });
export type Feedback = z.infer<typeof feedbackSchema>;
export const feedbackEnvelopeSchema = z.object({ feedback: feedbackSchema });
