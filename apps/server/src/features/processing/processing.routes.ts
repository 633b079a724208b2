import { createRoute } from '@hono/zod-openapi';
import { costSummarySchema } from '@wattwise/shared/contract/processing';
import { createRouter, jsonResponse, unauthorizedResponse } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import { getCostSummary } from './processing.service.ts';

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
