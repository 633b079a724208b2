import { z } from 'zod';

/** The processing API contract: `GET /api/processing/costs`. */

export const COST_BADGES = ['Excellent', 'Good', 'Needs Improvement'] as const;

export const costSummarySchema = z
  .object({
    totalCost: z.number(),
    documentsProcessed: z.number(),
    averageCostPerDocument: z.number(),
    textractCosts: z.number(),
    claudeCosts: z.number(),
    monthlyCost: z.number(),
    projectedMonthlyCost: z.number(),
    score: z.number(),
    badge: z.enum(COST_BADGES),
    recommendations: z.array(z.string()),
  })
  .meta({ id: 'ProcessingCostSummary' });
export type ProcessingCostSummary = z.infer<typeof costSummarySchema>;
