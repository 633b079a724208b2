import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, jsonResponse, unauthorizedResponse } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import { getCostSummary } from './processing.service.ts';
const costSummarySchema = z
  .object({
    totalCost: z.number(),
    documentsProcessed: z.number(),
    averageCostPerDocument: z.number(),
    textractCosts: z.number(),
    claudeCosts: z.number(),
    monthlyCost: z.number(),
    projectedMonthlyCost: z.number(),
    score: z.number(),
    badge: z.enum(['Excellent', 'Good', 'Needs Improvement']),
    recommendations: z.array(z.string()),
  })
  .openapi('ProcessingCostSummary');

export function createProcessingRoutes({ signedIn }: { signedIn: SignedIn }) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/api/processing/costs',
      middleware: [signedIn] as const,
      tags: ['Processing'],
      summary: "Cost summary of the caller's bill processing over the last 30 days, with score and badge",
      responses: {
        200: jsonResponse(costSummarySchema, 'Summary'),
        401: unauthorizedResponse,
      },
    }),
    async (c) => c.json(await signedInUser(c).inScope((db, userId) => getCostSummary(db, userId)), 200, { 'cache-control': 'no-store' }),
  );
}
