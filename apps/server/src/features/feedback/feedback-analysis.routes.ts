import { createRoute, z } from '@hono/zod-openapi';
import { ADMIN_MESSAGES } from '@wattwise/shared/contract/admin';
import { FEEDBACK_ANALYSIS_MESSAGES, feedbackAnalysisSchema, reviewFeedbackSchema, trainingResultSchema } from '@wattwise/shared/contract/feedback-analysis';
import type { Db } from '../../db/client.ts';
import { createRouter, errorResponse as err, idParams, jsonBody, jsonResponse, unauthorizedResponse } from '../../http/openapi.ts';
import { type AdminOnly, signedInUser } from '../../http/session.ts';
import type { Storage } from '../../platform/storage.ts';
import { exportFeedbackCsv, getFeedbackAnalysis, processFeedback, trainReaderModel } from './feedback-analysis.service.ts';

const forbidden = err(ADMIN_MESSAGES.accessDenied);

/** /feedback-analysis's API (02-tools §2.17): admins only, every route behind the one admin check. */
export function createFeedbackAnalysisRoutes(deps: { db: Db; storage: Storage; adminOnly: AdminOnly; heldoutDir: string }) {
  const { db, adminOnly } = deps;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/admin/feedback-analysis',
        middleware: [adminOnly] as const,
        tags: ['Admin'],
        summary: 'Feedback totals, accuracy by month and provider, feedback by type and category, review status, model versions',
        responses: { 200: jsonResponse(feedbackAnalysisSchema, 'The figures'), 401: unauthorizedResponse, 403: forbidden },
      }),
      async (c) => c.json(await getFeedbackAnalysis(db), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/admin/feedback/{id}/review',
        middleware: [adminOnly] as const,
        tags: ['Admin'],
        summary: "'Process Now': accept or reject a pending item (an accepted correction feeds the next training)",
        request: { params: idParams, body: jsonBody(reviewFeedbackSchema) },
        responses: {
          204: { description: 'Processed' },
          401: unauthorizedResponse,
          403: forbidden,
          404: err(FEEDBACK_ANALYSIS_MESSAGES.notFound),
          409: err(FEEDBACK_ANALYSIS_MESSAGES.alreadyProcessed),
        },
      }),
      async (c) => {
        await processFeedback(db, signedInUser(c).id, c.req.valid('param').id, c.req.valid('json').decision);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/admin/feedback/export',
        middleware: [adminOnly] as const,
        tags: ['Admin'],
        summary: "'Export Data': every feedback item as CSV",
        responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, 401: unauthorizedResponse, 403: forbidden },
      }),
      async (c) =>
        c.body(await exportFeedbackCsv(db), 200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="ml-feedback-${new Date().toISOString().slice(0, 10)}.csv"`,
        }),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/admin/reader-model/train',
        middleware: [adminOnly] as const,
        tags: ['Admin'],
        summary: "'Train Model': rebuild the reader's hints from accepted corrections, measure on held-out bills, promote only if not worse",
        responses: { 200: jsonResponse(trainingResultSchema, 'The new version and whether it was promoted'), 401: unauthorizedResponse, 403: forbidden },
      }),
      async (c) => c.json(await trainReaderModel(deps, signedInUser(c).id), 200),
    );
}
