import { createRoute } from '@hono/zod-openapi';
import { billSearchRequestSchema, billSearchResponseSchema, SEARCH_MESSAGES } from '@wattwise/shared/contract/search';
import type { Db } from '../../db/client.ts';
import { createRouter, errorResponse as err, jsonBody, jsonResponse, unauthorizedResponse } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import { type AdminCheck, searchBills } from './search.service.ts';

export function createSearchRoutes({ db, signedIn, isAdminCaller }: { db: Db; signedIn: SignedIn; isAdminCaller: AdminCheck }) {
  return createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/api/search/bills',
      middleware: [signedIn] as const,
      tags: ['Search'],
      summary: "Full-text search of the caller's bills, ranked, with highlighted snippets (an admin may name another user)",
      request: { body: jsonBody(billSearchRequestSchema) },
      responses: {
        200: jsonResponse(billSearchResponseSchema, 'Matching bills, best first (at most 25)'),
        401: unauthorizedResponse,
        422: err(SEARCH_MESSAGES.termRequired),
      },
    }),
    async (c) => {
      const user = signedInUser(c);
      const result = await searchBills({ db, isAdmin: () => isAdminCaller(c.req.raw.headers) }, user, c.req.valid('json'));
      return c.json(result, 200);
    },
  );
}
