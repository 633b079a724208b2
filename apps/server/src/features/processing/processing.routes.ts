import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/types.ts';
import type { Auth } from '../auth/auth.service.ts';
import { requireBillsUser } from '../bills/bills.service.ts';
import { getCostSummary } from './processing.service.ts';
import { userScopeRunner } from '../../db/user-scope.ts';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) }).openapi('Error');
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

export function createProcessingRoutes(deps: { db: Db; auth: Auth }) {
  const scoped = userScopeRunner(deps.db);
  const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
    await requireBillsUser(deps.auth, c.req.raw.headers);
    await next();
  };
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/api/processing/costs',
      middleware: [signedIn] as const,
      tags: ['Processing'],
      summary: "Cost summary of the caller's bill processing over the last 30 days, with score and badge",
      responses: {
        200: { description: 'Summary', content: { 'application/json': { schema: costSummarySchema } } },
        401: { description: 'Authentication required for bill processing', content: { 'application/json': { schema: errorSchema } } },
      },
    }),
    async (c) => c.json(await scoped(await requireBillsUser(deps.auth, c.req.raw.headers), (db, userId) => getCostSummary(db, userId)), 200, { 'cache-control': 'no-store' }),
  );
}
