import { z } from 'zod';
import { billTypeSchema, savedAnalysisSchema, savedRecommendationSchema } from './bills.ts';
import { propertyTypeSchema } from './common.ts';

/** The analysis API contract: analyse a bill, its anomalies, the recommendation cards. */

export const analyzeBillResultSchema = z
  .object({ success: z.literal(true), analysis: savedAnalysisSchema, recommendations: z.array(savedRecommendationSchema) })
  .meta({ id: 'AnalyzeBillResult' });
export type AnalyzeBillResult = z.infer<typeof analyzeBillResultSchema>;

export const SAVINGS_PERIODS = ['annual', 'one_time'] as const;
export const PRIORITIES = ['high', 'medium', 'low'] as const;

/** A recommendation as the dashboard shows it. */
export const recommendationCardSchema = z
  .object({
    id: z.string(),
    billId: z.string(),
    recommendationType: z.string().meta({ description: 'Kind of advice, e.g. usage_investigation, led_lighting, billing_dispute' }),
    title: z.string(),
    description: z.string(),
    savings: z.number(),
    costReduced: z.number().nullable().meta({ description: 'The cost the saving comes out of (savings never exceed it); null on older rows' }),
    savingsPeriod: z.enum(SAVINGS_PERIODS).meta({ description: 'A refund is counted once, other savings per year' }),
    difficulty: z.string(),
    implemented: z.literal(false),
    propertyType: propertyTypeSchema,
    billType: billTypeSchema,
    upfrontCost: z.number(),
    paybackPeriodMonths: z.number(),
    priority: z.enum(PRIORITIES),
    steps: z.array(z.string()),
    /** Set when the bill's usage (or amount) was read unsure: the card is an estimate, left out of savings totals until the user confirms it. */
    needsConfirmation: z.enum(['usage', 'amount']).nullable().default(null),
  })
  .meta({ id: 'RecommendationCard' });
export type RecommendationCard = z.infer<typeof recommendationCardSchema>;

export const recommendationsQuerySchema = z.object({
  propertyType: propertyTypeSchema.optional(),
  propertyId: z.uuid().optional(),
  billId: z.uuid().optional().meta({ description: "Every card of this bill; without it, the overview's cards: one per advice and utility account, from its latest bill" }),
});
export type RecommendationsQuery = z.infer<typeof recommendationsQuerySchema>;
export const recommendationCardListSchema = z.object({ recommendations: z.array(recommendationCardSchema) });

/** What 'Unusual activity' is built on: usage/cost anomalies, and billing problems of high severity. */
export const anomalySchema = z
  .object({
    kind: z.enum(['usage', 'billing']),
    code: z.string(),
    severity: z.enum(PRIORITIES),
    title: z.string(),
    explanation: z.string(),
    confidence: z.number().nullable(),
    amount: z.number().nullable(),
  })
  .meta({ id: 'BillAnomaly' });
export type Anomaly = z.infer<typeof anomalySchema>;

export const anomalyResultSchema = z.object({ hasAnomalies: z.boolean(), anomalies: z.array(anomalySchema) });
export type AnomalyResult = z.infer<typeof anomalyResultSchema>;
