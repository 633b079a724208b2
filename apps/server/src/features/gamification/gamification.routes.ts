import { createRoute, z } from '@hono/zod-openapi';
import { awardSchema, gamificationSummarySchema, implementedSchema, referralSchema, setGoalSchema } from '@wattwise/shared/contract/gamification';
import type { Db } from '../../db/client.ts';
import { createRouter, errorResponse as err, idParams, jsonBody, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import {
  acceptReferral,
  claimAchievement,
  claimMilestone,
  completeChallenge,
  completeTip,
  getGamificationSummary,
  implementRecommendation,
  recordShare,
  setMonthlyGoal,
} from './gamification.service.ts';

const slugParams = z.object({ id: z.string().min(1).max(60).openapi({ param: { name: 'id', in: 'path' } }) });
const daysParams = z.object({ days: z.coerce.number().int().openapi({ param: { name: 'days', in: 'path' } }) });
const notReady = err('Not finished yet, or already claimed (NOT_CLAIMABLE / ALREADY_DONE)');
const summaryResponse = json(gamificationSummarySchema, 'Summary');

/** Points, levels, achievements, challenges, streaks, goals and referrals of the signed-in user. */
export function createGamificationRoutes({ signedIn, db }: { signedIn: SignedIn; db: Db }) {
  const tags = ['Gamification'];
  return createRouter()
    .openapi(
      createRoute({ method: 'get', path: '/api/gamification', middleware: [signedIn] as const, tags, summary: 'Points, level, streak, achievements, challenges, goal and referral', responses: { 200: summaryResponse, 401: unauthorized } }),
      async (c) => c.json(await signedInUser(c).inScope((scoped, userId) => getGamificationSummary(scoped, userId)), 200),
    )
    .openapi(
      createRoute({ method: 'post', path: '/api/gamification/achievements/{id}/claim', middleware: [signedIn] as const, tags, summary: 'Claim a finished achievement', request: { params: slugParams }, responses: { 200: json(awardSchema, 'Unlocked'), 401: unauthorized, 404: err('No such achievement'), 409: notReady } }),
      async (c) => c.json(await signedInUser(c).inScope((scoped, userId) => claimAchievement(scoped, userId, c.req.valid('param').id)), 200),
    )
    .openapi(
      createRoute({ method: 'post', path: '/api/gamification/challenges/{id}/complete', middleware: [signedIn] as const, tags, summary: "Complete one of this month's challenges", request: { params: slugParams }, responses: { 200: json(awardSchema, 'Completed'), 401: unauthorized, 404: err('No such challenge'), 409: notReady } }),
      async (c) => c.json(await signedInUser(c).inScope((scoped, userId) => completeChallenge(scoped, userId, c.req.valid('param').id)), 200),
    )
    .openapi(
      createRoute({ method: 'post', path: '/api/gamification/milestones/{days}/claim', middleware: [signedIn] as const, tags, summary: 'Claim a reached streak milestone (3, 7, 14, 30 days)', request: { params: daysParams }, responses: { 200: json(awardSchema, 'Claimed'), 401: unauthorized, 404: err('No such milestone'), 409: notReady } }),
      async (c) => c.json(await signedInUser(c).inScope((scoped, userId) => claimMilestone(scoped, userId, c.req.valid('param').days)), 200),
    )
    .openapi(
      createRoute({ method: 'post', path: '/api/gamification/tips/{id}/complete', middleware: [signedIn] as const, tags, summary: 'Complete an energy tip (+15)', request: { params: slugParams }, responses: { 200: json(awardSchema, 'Completed'), 401: unauthorized, 404: err('No such tip'), 409: notReady } }),
      async (c) => c.json(await signedInUser(c).inScope((scoped, userId) => completeTip(scoped, userId, c.req.valid('param').id)), 200),
    )
    .openapi(
      createRoute({ method: 'post', path: '/api/gamification/shares', middleware: [signedIn] as const, tags, summary: 'Record a share (Share Win / Share Progress, +5)', responses: { 200: json(awardSchema, 'Recorded'), 401: unauthorized } }),
      async (c) => c.json(await signedInUser(c).inScope((scoped, userId) => recordShare(scoped, userId)), 200),
    )
    .openapi(
      createRoute({ method: 'post', path: '/api/gamification/recommendations/{id}/implement', middleware: [signedIn] as const, tags, summary: 'Mark one of your recommendations as implemented', request: { params: idParams }, responses: { 200: json(implementedSchema, 'Implemented'), 401: unauthorized, 404: err('Not your recommendation'), 409: notReady } }),
      async (c) => c.json(await signedInUser(c).inScope((scoped, userId) => implementRecommendation(scoped, userId, c.req.valid('param').id)), 200),
    )
    .openapi(
      createRoute({ method: 'put', path: '/api/gamification/goal', middleware: [signedIn] as const, tags, summary: 'Set Goals: the monthly savings goal', request: { body: jsonBody(setGoalSchema) }, responses: { 200: summaryResponse, 401: unauthorized } }),
      async (c) =>
        c.json(
          await signedInUser(c).inScope(async (scoped, userId) => {
            await setMonthlyGoal(scoped, userId, c.req.valid('json').monthlyGoal);
            return getGamificationSummary(scoped, userId);
          }),
          200,
        ),
    )
    .openapi(
      createRoute({ method: 'post', path: '/api/gamification/referral', middleware: [signedIn] as const, tags, summary: 'Say who referred you (once); credits follow your first subscription', request: { body: jsonBody(referralSchema) }, responses: { 204: { description: 'Recorded' }, 401: unauthorized, 404: err('Unknown code'), 409: notReady } }),
      async (c) => {
        // The code belongs to another user: looked up outside the caller's row scope, written only to the caller's row.
        await acceptReferral(db, signedInUser(c).id, c.req.valid('json').code);
        return c.body(null, 204);
      },
    );
}
