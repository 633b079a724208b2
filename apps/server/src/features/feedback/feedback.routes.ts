import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse as err, jsonBody, jsonResponse, unauthorizedResponse } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import { FEEDBACK_MESSAGES, submitFeedback } from './feedback.service.ts';
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

export function createFeedbackRoutes({ signedIn }: { signedIn: SignedIn }) {
  return createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/api/feedback',
      middleware: [signedIn] as const,
      tags: ['Feedback'],
      summary: 'Feedback for model improvement on a bill, analysis or recommendation (ml_feedback)',
      request: { body: jsonBody(feedbackBody) },
      responses: {
        201: jsonResponse(z.object({ feedback: feedbackSchema }), 'Saved'),
        401: unauthorizedResponse,
        404: err(FEEDBACK_MESSAGES.notFound),
        422: err(`${FEEDBACK_MESSAGES.correctionRequired} / ${FEEDBACK_MESSAGES.correctionOrExplanation}`),
      },
    }),
    async (c) => c.json({ feedback: await signedInUser(c).inScope((db, userId) => submitFeedback(db, userId, c.req.valid('json'))) }, 201),
  );
}
