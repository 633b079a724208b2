import { z } from 'zod';

/** The admin ML feedback analytics contract (02-tools §2.17, issue 17): `/api/admin/feedback-analysis`, review, export, train. */

export const FEEDBACK_ANALYSIS_MESSAGES = {
  exported: 'Feedback data exported successfully',
  trainingStarted: 'Model training initiated',
  notFound: 'Feedback not found',
  alreadyProcessed: 'This feedback has already been processed',
} as const;

const accuracyRow = z.object({ fields: z.number().int(), misses: z.number().int(), accuracy: z.number().nullable() });

export const feedbackItemSchema = z
  .object({
    id: z.string(),
    description: z.string(),
    date: z.string(),
    type: z.string(),
    category: z.string(),
    status: z.enum(['pending', 'processed']),
    review: z.enum(['accepted', 'rejected']).nullable(),
    provider: z.string().nullable(),
    field: z.string().nullable(),
    originalValue: z.string().nullable(),
    correctedValue: z.string().nullable(),
  })
  .meta({ id: 'FeedbackItem' });
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const modelVersionSchema = z
  .object({
    version: z.number().int(),
    accuracy: z.number(),
    baselineAccuracy: z.number(),
    promoted: z.boolean(),
    active: z.boolean(),
    heldoutBills: z.number().int(),
    fieldsChecked: z.number().int(),
    correctionsUsed: z.number().int(),
    trainedAt: z.string(),
  })
  .meta({ id: 'ReaderModelVersion' });
export type ModelVersion = z.infer<typeof modelVersionSchema>;

export const feedbackAnalysisSchema = z
  .object({
    totalFeedback: z.number().int(),
    thisMonth: z.number().int(),
    lastMonth: z.number().int(),
    /** Percent change of this month's feedback count from last month's; null without feedback last month. */
    changeFromLastMonth: z.number().nullable(),
    /** Percent of feedback processed. */
    processingRate: z.number().nullable(),
    /** Held-out accuracy of the active version minus the rules alone (points); null before any training. */
    accuracyImprovement: z.number().nullable(),
    accuracyByMonth: z.array(accuracyRow.extend({ month: z.string() })),
    accuracyByProvider: z.array(accuracyRow.extend({ provider: z.string() })),
    byType: z.array(z.object({ type: z.string(), count: z.number().int() })),
    byCategory: z.array(z.object({ category: z.string(), count: z.number().int() })),
    status: z.object({ pending: z.number().int(), processed: z.number().int(), accepted: z.number().int(), rejected: z.number().int(), readyForTraining: z.number().int(), incorporated: z.number().int() }),
    recent: z.array(feedbackItemSchema),
    versions: z.array(modelVersionSchema),
  })
  .meta({ id: 'FeedbackAnalysis' });
export type FeedbackAnalysis = z.infer<typeof feedbackAnalysisSchema>;

export const reviewFeedbackSchema = z.object({ decision: z.enum(['accept', 'reject']) }).meta({ id: 'ReviewFeedback' });
export type ReviewFeedbackInput = z.infer<typeof reviewFeedbackSchema>;

export const trainingResultSchema = z
  .object({ version: modelVersionSchema, baselineAccuracy: z.number(), accuracy: z.number(), promoted: z.boolean(), correctionsUsed: z.number().int() })
  .meta({ id: 'TrainingResult' });
export type TrainingResult = z.infer<typeof trainingResultSchema>;
