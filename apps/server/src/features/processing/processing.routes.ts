import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client.ts';
import { createRouter, errorResponse as err, jsonResponse as json } from '../../http/openapi.ts';
import { costSummarySchema } from '@wattwise/shared/contract/processing';
import type { AppEnv } from '../../http/types.ts';
import type { Auth } from '../auth/auth.service.ts';
import { requireBillsUser } from '../bills/bills.service.ts';
import { getCostSummary } from './processing.service.ts';
import { userScopeRunner } from '../../db/user-scope.ts';

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
        200: json(costSummarySchema, 'Summary'),
        401: err('Authentication required for bill processing'),
      },
    }),
    async (c) => c.json(await scoped(await requireBillsUser(deps.auth, c.req.raw.headers), (db, userId) => getCostSummary(db, userId)), 200, { 'cache-control': 'no-store' }),
  );
}
