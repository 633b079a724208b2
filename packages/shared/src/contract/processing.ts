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
    aiModels: z.array(z.string()).meta({ description: 'AI models that were asked in the window (bill checks, assistant); empty when no AI was used' }),
    aiTokens: z.number().meta({ description: 'Tokens the AI models reported in the window' }),
  })
  .meta({ id: 'ProcessingCostSummary' });
export type ProcessingCostSummary = z.infer<typeof costSummarySchema>;
