import { createRoute } from '@hono/zod-openapi';
import { mlAnalyticsSchema } from '@wattwise/shared/contract/ml-analytics';
import type { Db } from '../../db/client.ts';
import { createRouter, jsonResponse, unauthorizedResponse } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import { getMlAnalytics } from './ml-analytics.service.ts';

export function createMlAnalyticsRoutes({ db, signedIn }: { db: Db; signedIn: SignedIn }) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/api/ml-analytics',
      middleware: [signedIn] as const,
      tags: ['ML analytics'],
      summary: "Next-bill forecast with its interval and backtest, feature weights, usage-profile clusters and anomalies, from the caller's bills",
      responses: { 200: jsonResponse(mlAnalyticsSchema, 'Computed now'), 401: unauthorizedResponse },
    }),
    async (c) => c.json(await getMlAnalytics(db, signedInUser(c)), 200),
  );
}
