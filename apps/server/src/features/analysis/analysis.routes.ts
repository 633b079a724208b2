import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client.ts';
import { createRouter, errorResponse as err, jsonResponse as json } from '../../http/openapi.ts';
import { idParamsSchema as idParams } from '@wattwise/shared/contract/common';
import { analyzeBillResultSchema, anomalyResultSchema, recommendationCardListSchema, recommendationsQuerySchema } from '@wattwise/shared/contract/analysis';
import type { AppEnv } from '../../http/types.ts';
import type { Auth } from '../auth/auth.service.ts';
import { requireBillsUser } from '../bills/bills.service.ts';
import { ANALYSIS_MESSAGES, analyzeUserBill, detectBillAnomalies, listRecommendationCards } from './analysis.service.ts';
import { userScopeRunner } from '../../db/user-scope.ts';

const unauthorized = err('Authentication required for bill processing');
const notFound = err("Not the caller's bill, or no such bill");

export function createAnalysisRoutes(deps: { db: Db; auth: Auth }) {
  const { db } = deps;
  const scoped = userScopeRunner(db);
  const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
    await requireBillsUser(deps.auth, c.req.raw.headers);
    await next();
  };
  const user = (headers: Headers) => requireBillsUser(deps.auth, headers);
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/bills/{id}/analyze',
        middleware: [signedIn] as const,
        tags: ['Analysis'],
        summary: 'Analyse a processed bill against its account history; saves the analysis and recommendations',
        request: { params: idParams },
        responses: {
          200: json(analyzeBillResultSchema, 'Analysis saved'),
          401: unauthorized,
          404: notFound,
          409: err(`${ANALYSIS_MESSAGES.alreadyAnalyzed} (ALREADY_ANALYZED) / still processing (NOT_PROCESSED)`),
        },
      }),
      async (c) => c.json(await scoped(await user(c.req.raw.headers), (db, userId) => analyzeUserBill(db, userId, c.req.valid('param').id)), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/bills/{id}/anomalies',
        middleware: [signedIn] as const,
        tags: ['Analysis'],
        summary: 'detect-bill-anomalies: computed once per bill and stored',
        request: { params: idParams },
        responses: {
          200: json(anomalyResultSchema, 'Anomalies'),
          401: unauthorized,
          404: notFound,
          409: err('Still processing (NOT_PROCESSED)'),
        },
      }),
      async (c) => c.json(await scoped(await user(c.req.raw.headers), (db, userId) => detectBillAnomalies(db, userId, c.req.valid('param').id)), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/recommendations',
        middleware: [signedIn] as const,
        tags: ['Analysis'],
        summary: "Recommendation cards of the caller's analysed bills",
        request: { query: recommendationsQuerySchema },
        responses: { 200: json(recommendationCardListSchema, 'Cards'), 401: unauthorized },
      }),
      async (c) => c.json({ recommendations: await scoped(await user(c.req.raw.headers), (db, userId) => listRecommendationCards(db, userId, c.req.valid('query'))) }, 200),
    );
}
