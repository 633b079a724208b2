import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client.ts';
import { createRouter, errorResponse as err, jsonBody, jsonResponse as json } from '../../http/openapi.ts';
import { feedbackEnvelopeSchema, feedbackInputSchema } from '@wattwise/shared/contract/feedback';
import type { AppEnv } from '../../http/types.ts';
import type { Auth } from '../auth/auth.service.ts';
import { requireBillsUser } from '../bills/bills.service.ts';
import { FEEDBACK_MESSAGES, submitFeedback } from './feedback.service.ts';
import { userScopeRunner } from '../../db/user-scope.ts';

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
      request: { body: jsonBody(feedbackInputSchema) },
      responses: {
        201: json(feedbackEnvelopeSchema, 'Saved'),
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
