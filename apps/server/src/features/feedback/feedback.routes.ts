import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/types.ts';
import type { Auth } from '../auth/auth.service.ts';
import { requireBillsUser } from '../bills/bills.service.ts';
import { FEEDBACK_MESSAGES, submitFeedback } from './feedback.service.ts';
import { userScopeRunner } from '../../db/user-scope.ts';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) }).openapi('Error');
const err = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });
const text = z.string().max(5000).nullable().optional();

export const feedbackBody = z
  .object({
    feedbackType: z.enum(['correction', 'improvement', 'inaccuracy']),
    entityType: z.enum(['recommendation', 'bill_analysis', 'bill']),
    entityId: z.string().min(1).max(100).openapi({ description: 'For bill_analysis, the analysis id or its bill id' }),
    originalValue: text,
    correctedValue: text,
    userNotes: text,
  })
  .openapi('FeedbackInput');
const feedbackSchema = z
  .object({
    id: z.string(),
    feedbackType: z.string(),
    entityType: z.string(),
    entityId: z.string(),
    field: z.string().nullable(),
    originalValue: z.string().nullable(),
    correctedValue: z.string().nullable(),
    userNotes: z.string().nullable(),
    modelVersion: z.string(),
    createdAt: z.string(),
  })
  .openapi('Feedback');

export function createFeedbackRoutes(deps: { db: Db; auth: Auth }) {
  const scoped = userScopeRunner(deps.db);
  const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
    await requireBillsUser(deps.auth, c.req.raw.headers);
    await next();
  };
  return createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/api/feedback',
      middleware: [signedIn] as const,
      tags: ['Feedback'],
      summary: 'Feedback for model improvement on a bill, analysis or recommendation (ml_feedback)',
      request: { body: { content: { 'application/json': { schema: feedbackBody } }, required: true } },
      responses: {
        201: { description: 'Saved', content: { 'application/json': { schema: z.object({ feedback: feedbackSchema }) } } },
        401: err('Authentication required for bill processing'),
        404: err(FEEDBACK_MESSAGES.notFound),
        422: err(`${FEEDBACK_MESSAGES.correctionRequired} / ${FEEDBACK_MESSAGES.correctionOrExplanation}`),
      },
    }),
    async (c) => {
      const userId = await requireBillsUser(deps.auth, c.req.raw.headers);
      return c.json({ feedback: await scoped(userId, (db, id) => submitFeedback(db, id, c.req.valid('json'))) }, 201);
    },
  );
}
