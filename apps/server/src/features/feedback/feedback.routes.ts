import { createRoute } from '@hono/zod-openapi';
import { feedbackEnvelopeSchema, feedbackInputSchema } from '@wattwise/shared/contract/feedback';
import { createRouter, errorResponse as err, jsonBody, jsonResponse, unauthorizedResponse } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import { FEEDBACK_MESSAGES, submitFeedback } from './feedback.service.ts';

export function createFeedbackRoutes({ signedIn }: { signedIn: SignedIn }) {
  return createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/api/feedback',
      middleware: [signedIn] as const,
      tags: ['Feedback'],
      summary: 'Feedback for model improvement on a bill, analysis or recommendation (ml_feedback)',
      request: { body: jsonBody(feedbackInputSchema) },
      responses: {
        201: jsonResponse(feedbackEnvelopeSchema, 'Saved'),
        401: unauthorizedResponse,
        404: err(FEEDBACK_MESSAGES.notFound),
        422: err(`${FEEDBACK_MESSAGES.correctionRequired} / ${FEEDBACK_MESSAGES.correctionOrExplanation}`),
      },
    }),
    async (c) => c.json({ feedback: await signedInUser(c).inScope((db, userId) => submitFeedback(db, userId, c.req.valid('json'))) }, 201),
  );
}
