import { createRoute } from '@hono/zod-openapi';
import { analyzeBillResultSchema, anomalyResultSchema, recommendationCardListSchema, recommendationsQuerySchema } from '@wattwise/shared/contract/analysis';
import { createRouter, errorResponse as err, idParams, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import { createVersionedAnswers, sendVersionedAnswer, type UserVersions } from '../../http/versioned-answers.ts';
import type { Logger } from '../../platform/logger.ts';
import { analyseBillAndNotify, detectAnomaliesAndNotify } from '../../use-cases/analyse-bill.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import { ANALYSIS_MESSAGES, listRecommendationCards } from './analysis.service.ts';
const notFound = err("Not the caller's bill, or no such bill");

export type AnalysisRoutesDeps = {
  signedIn: SignedIn;
  notifier: Notifier;
  logger: Logger;
  /** Bytes of recommendation answers kept in memory while the user's bills and recommendations are unchanged; 0 builds every answer. */
  answerCacheBytes: number;
  /** Each user's count of changes to their bills and recommendations (`bill_list_versions`): labels every answer and its tag. */
  versions: UserVersions;
};

export function createAnalysisRoutes({ signedIn, notifier, logger, answerCacheBytes, versions }: AnalysisRoutesDeps) {
  const cards = createVersionedAnswers({ maxBytes: answerCacheBytes, versions });
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
      async (c) => c.json(await analyseBillAndNotify({ notifier, logger }, signedInUser(c), c.req.valid('param').id), 200),
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
      async (c) => c.json(await detectAnomaliesAndNotify({ notifier, logger }, signedInUser(c), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/recommendations',
        middleware: [signedIn] as const,
        tags: ['Analysis'],
        summary: "Recommendation cards of the caller's analysed bills",
        request: { query: recommendationsQuerySchema },
        responses: { 200: json(recommendationCardListSchema, 'Cards'), 304: { description: 'The cards are unchanged since the `ETag` sent in `If-None-Match`' }, 401: unauthorized },
      }),
      async (c) => {
        const user = signedInUser(c);
        const query = c.req.valid('query');
        const answer = await cards.read(user.id, JSON.stringify(query), async () => ({ recommendations: await user.inScope((db, userId) => listRecommendationCards(db, userId, query)) }));
        return sendVersionedAnswer(c, answer);
      },
    );
}
