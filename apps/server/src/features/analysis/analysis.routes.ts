import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse as err, idParams, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import { ANALYSIS_MESSAGES, analyzeUserBill, detectBillAnomalies, listRecommendationCards } from './analysis.service.ts';
const notFound = err("Not the caller's bill, or no such bill");

const recommendationSchema = z
  .object({
    id: z.string(),
    billId: z.string(),
    recommendationType: z.string(),
    title: z.string(),
    description: z.string(),
    estimatedSavings: z.number(),
    savingsPeriod: z.string(),
    implementationEffort: z.string(),
    upfrontCost: z.number(),
    paybackPeriodMonths: z.number(),
    environmentalImpact: z.unknown(),
    implementationSteps: z.array(z.string()),
    priority: z.string(),
    calculation: z.string().nullable(),
    trigger: z.string().nullable(),
    costReduced: z.number().nullable(),
    createdAt: z.string(),
  })
  .openapi('SavingRecommendation');
const cardSchema = z
  .object({
    id: z.string(),
    billId: z.string(),
    recommendationType: z.string().openapi({ description: 'Kind of advice, e.g. usage_investigation, led_lighting, billing_dispute' }),
    title: z.string(),
    description: z.string(),
    savings: z.number(),
    costReduced: z.number().nullable().openapi({ description: 'The cost the saving comes out of (savings never exceed it)' }),
    savingsPeriod: z.string(),
    difficulty: z.string(),
    implemented: z.literal(false),
    propertyType: z.string(),
    billType: z.string(),
    upfrontCost: z.number(),
    paybackPeriodMonths: z.number(),
    priority: z.string(),
    steps: z.array(z.string()),
  })
  .openapi('RecommendationCard');
const anomalySchema = z
  .object({
    kind: z.enum(['usage', 'billing']),
    code: z.string(),
    severity: z.enum(['high', 'medium', 'low']),
    title: z.string(),
    explanation: z.string(),
    confidence: z.number().nullable(),
    amount: z.number().nullable(),
  })
  .openapi('BillAnomaly');

export function createAnalysisRoutes({ signedIn }: { signedIn: SignedIn }) {
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
          200: json(
            z.object({ success: z.literal(true), analysis: z.unknown().openapi({ description: 'BillAnalysis with id and createdAt' }), recommendations: z.array(recommendationSchema) }),
            'Analysis saved',
          ),
          401: unauthorized,
          404: notFound,
          409: err(`${ANALYSIS_MESSAGES.alreadyAnalyzed} (ALREADY_ANALYZED) / still processing (NOT_PROCESSED)`),
        },
      }),
      async (c) => c.json(await signedInUser(c).inScope((db, userId) => analyzeUserBill(db, userId, c.req.valid('param').id)), 200),
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
          200: json(z.object({ hasAnomalies: z.boolean(), anomalies: z.array(anomalySchema) }), 'Anomalies'),
          401: unauthorized,
          404: notFound,
          409: err('Still processing (NOT_PROCESSED)'),
        },
      }),
      async (c) => c.json(await signedInUser(c).inScope((db, userId) => detectBillAnomalies(db, userId, c.req.valid('param').id)), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/recommendations',
        middleware: [signedIn] as const,
        tags: ['Analysis'],
        summary: "Recommendation cards of the caller's analysed bills",
        request: { query: z.object({ propertyType: z.enum(['residential', 'commercial']).optional(), propertyId: z.uuid().optional() }) },
        responses: { 200: json(z.object({ recommendations: z.array(cardSchema) }), 'Cards'), 401: unauthorized },
      }),
      async (c) => c.json({ recommendations: await signedInUser(c).inScope((db, userId) => listRecommendationCards(db, userId, c.req.valid('query'))) }, 200),
    );
}
