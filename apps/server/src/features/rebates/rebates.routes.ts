import { createRoute, z } from '@hono/zod-openapi';
import {
  APPLICATION_MESSAGES,
  applicationSchema,
  createApplicationSchema,
  eligibilityRequestSchema,
  eligibilityResultSchema,
  explanationSchema,
  importResultSchema,
  insightsRequestSchema,
  insightsSchema,
  rebateListSchema,
  recommendationsQuerySchema,
  type Rebate,
  recommendationsSchema,
  type StateCode,
  stateCodeSchema,
  updateApplicationSchema,
} from '@wattwise/shared/contract/rebates';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client.ts';
import { userScopeRunner } from '../../db/user-scope.ts';
import { bodyLimit } from 'hono/body-limit';
import { AppError, errorBody } from '../../http/errors.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { type AdminOnly, type SignedIn, signedInUser, withSignInMessage } from '../../http/session.ts';
import type { AppEnv } from '../../http/types.ts';
import type { AiProvider } from '../../platform/ai.ts';
import { AI_MESSAGES, eligibilityWithAi, explainWithAi, insightsWithAi } from './ai-engine.ts';
import { locationOfCoordinates, locationOfZip } from './location.ts';
import { fetchRewiringAmericaRebates, type RewiringAmericaConfig } from './rewiring-america.ts';
import {
  checkRebateEligibility,
  createApplication,
  deleteApplication,
  ensureCatalogue,
  explainOpenRebate,
  exportCatalogue,
  loadPicksInput,
  rankPicks,
  getSmartHomeInsights,
  importCatalogue,
  listApplications,
  listOpenRebates,
  REBATE_MESSAGES,
  updateApplication,
} from './rebates.service.ts';

const err = errorResponse;
const json = jsonResponse;
const body = jsonBody;
const unauthorized = err(REBATE_MESSAGES.signInRequired);
const invalid = err('Invalid input');
const rebateParams = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' } }) });
const applicationParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const coordinatesQuery = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});

export const IMPORT_PATH = '/api/admin/rebates/import';
/** A catalogue CSV may be large (5,000 programmes are about 4.6 MB); read only for admins. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
const importBodyLimit = bodyLimit({
  maxSize: MAX_IMPORT_BYTES,
  onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE', 'The catalogue file is too large (at most 8 MB).'), 413),
});

export type RebateRoutesDeps = {
  db: Db;
  /** The API's sign-in check (http/session.ts); this feature words its 401 its own way. */
  signedIn: SignedIn;
  adminOnly: AdminOnly;
  ai?: AiProvider | null;
  rewiringAmerica?: RewiringAmericaConfig | null;
  fetch?: typeof fetch;
};

export function createRebateRoutes(deps: RebateRoutesDeps) {
  const scoped = userScopeRunner(deps.db);
  /** Rewiring America's programmes for the state when configured; a failure leaves the picks to our catalogue. */
  const externalRebates = async (c: Context<AppEnv>, state: StateCode): Promise<Rebate[]> => {
    if (!deps.rewiringAmerica) return [];
    try {
      return await fetchRewiringAmericaRebates(deps.rewiringAmerica, state, deps.fetch);
    } catch (error) {
      c.var.logger.warn({ err: error, state }, 'Rewiring America incentives not merged');
      return [];
    }
  };
  const signedInCheck = withSignInMessage(deps.signedIn, REBATE_MESSAGES.signInRequired);
  const user = (c: Context<AppEnv>) => signedInUser(c).id;
  // Anonymous calls get 401 before their input is validated; the catalogue is seeded (by the
  // owner connection) before a scoped transaction reads it.
  const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
    await signedInCheck(c, async () => {
      await ensureCatalogue(deps.db);
      await next();
    });
  };
  const admin = deps.adminOnly;

  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/rebates',
        tags: ['Rebates'],
        summary: 'Programmes open today (expired ones are never offered); public',
        responses: { 200: json(rebateListSchema, 'Open programmes') },
      }),
      async (c) => {
        const rebates = await listOpenRebates(deps.db);
        return c.json({ rebates, total: rebates.length }, 200, { 'cache-control': 'public, max-age=300' });
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/rebates/location',
        tags: ['Rebates'],
        summary: "The nearest US ZIP to the browser's coordinates (offline lookup); public",
        request: { query: coordinatesQuery },
        responses: { 200: json(z.object({ location: z.object({ city: z.string(), state: stateCodeSchema, zip: z.string() }) }), 'Location'), 404: err('No US ZIP near these coordinates'), 422: invalid },
      }),
      (c) => {
        const { latitude, longitude } = c.req.valid('query');
        const found = locationOfCoordinates(latitude, longitude);
        if (!found?.city || !found.zip) throw new AppError('NOT_FOUND', 404, 'No US ZIP near these coordinates');
        return c.json({ location: { city: found.city, state: found.state, zip: found.zip } }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/rebates/recommendations',
        middleware: [signedIn] as const,
        tags: ['Rebates'],
        summary: "Top 6 picks from the caller's own bills, at the location given or read from the bills",
        request: { query: recommendationsQuerySchema },
        responses: { 200: json(recommendationsSchema, 'Ranked picks'), 401: unauthorized, 422: invalid },
      }),
      async (c) => {
        const query = c.req.valid('query');
        const location = query.zip
          ? locationOfZip(query.zip)
          : query.state
            ? { city: query.city ?? null, state: query.state, zip: null, source: 'geolocation' as const }
            : null;
        const input = await scoped(user(c), (db, userId) => loadPicksInput(db, userId, location));
        // Outside the scoped transaction: an external call must not hold the database.
        const external = await externalRebates(c, input.situation.location.state);
        return c.json(rankPicks({ ...input, rebates: [...input.rebates, ...external] }, { interests: query.interests }), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/rebates/{id}/eligibility',
        middleware: [signedIn] as const,
        tags: ['Rebates'],
        summary: "Eligibility Check: the programme's rules against the caller's bills, answers and scenario",
        request: { params: rebateParams, body: body(eligibilityRequestSchema) },
        responses: { 200: json(eligibilityResultSchema, 'Result'), 401: unauthorized, 404: err(REBATE_MESSAGES.notFound), 422: invalid, 502: err(AI_MESSAGES.eligibility) },
      }),
      async (c) => {
        const input = c.req.valid('json');
        const { rebate, result } = await scoped(user(c), (db, userId) => checkRebateEligibility(db, userId, c.req.valid('param').id, input));
        // AI calls happen after the user's transaction ends, so they never hold the database.
        return c.json(deps.ai ? await eligibilityWithAi(deps.ai, rebate, input.scenario, result) : result, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/rebates/{id}/explain',
        middleware: [signedIn] as const,
        tags: ['Rebates'],
        summary: 'Simplified Details of a programme',
        request: { params: rebateParams },
        responses: { 200: json(explanationSchema, 'Summary and original'), 401: unauthorized, 404: err(REBATE_MESSAGES.notFound), 502: err(AI_MESSAGES.explain) },
      }),
      async (c) => {
        const { rebate, usage, result } = await scoped(user(c), (db, userId) => explainOpenRebate(db, userId, c.req.valid('param').id));
        return c.json(deps.ai ? await explainWithAi(deps.ai, rebate, usage, result) : result, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/rebates/insights',
        middleware: [signedIn] as const,
        tags: ['Rebates'],
        summary: 'Smart Home Energy Insights from a description of devices and usage',
        request: { body: body(insightsRequestSchema) },
        responses: { 200: json(insightsSchema, 'Insights'), 401: unauthorized, 422: invalid, 502: err(AI_MESSAGES.insights) },
      }),
      async (c) => {
        const { description } = c.req.valid('json');
        const { rebates, usage, result } = await scoped(user(c), (db, userId) => getSmartHomeInsights(db, userId, description));
        return c.json(deps.ai ? await insightsWithAi(deps.ai, description, rebates, usage) : result, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/applications',
        middleware: [signedIn] as const,
        tags: ['Applications'],
        summary: "The caller's rebate applications, newest first",
        responses: { 200: json(z.object({ applications: z.array(applicationSchema) }), 'Applications'), 401: unauthorized },
      }),
      async (c) => c.json({ applications: await scoped(user(c), (db, userId) => listApplications(db, userId)) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/applications',
        middleware: [signedIn] as const,
        tags: ['Applications'],
        summary: 'Track a rebate application',
        request: { body: body(createApplicationSchema) },
        responses: { 201: json(z.object({ application: applicationSchema }), APPLICATION_MESSAGES.added), 401: unauthorized, 422: err(APPLICATION_MESSAGES.required) },
      }),
      async (c) => {
        const input = c.req.valid('json');
        return c.json({ application: await scoped(user(c), (db, userId) => createApplication(db, userId, input)) }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/applications/{id}',
        middleware: [signedIn] as const,
        tags: ['Applications'],
        summary: 'Change an application (any status may follow any other)',
        request: { params: applicationParams, body: body(updateApplicationSchema) },
        responses: {
          200: json(z.object({ application: applicationSchema }), APPLICATION_MESSAGES.updated),
          401: unauthorized,
          404: err(APPLICATION_MESSAGES.notFound),
          422: invalid,
        },
      }),
      async (c) => {
        const input = c.req.valid('json');
        return c.json({ application: await scoped(user(c), (db, userId) => updateApplication(db, userId, c.req.valid('param').id, input)) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/applications/{id}',
        middleware: [signedIn] as const,
        tags: ['Applications'],
        summary: 'Delete an application',
        request: { params: applicationParams },
        responses: { 204: { description: APPLICATION_MESSAGES.deleted }, 401: unauthorized, 404: err(APPLICATION_MESSAGES.notFound) },
      }),
      async (c) => {
        await scoped(user(c), (db, userId) => deleteApplication(db, userId, c.req.valid('param').id));
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/admin/rebates/export',
        middleware: [admin] as const,
        tags: ['Rebates admin'],
        summary: 'The whole catalogue, expired history included, as CSV (admins)',
        responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, 401: err('Sign in required'), 403: err('Admins only') },
      }),
      async (c) =>
        c.body(await exportCatalogue(deps.db), 200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="rebates-catalogue.csv"',
        }),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: IMPORT_PATH,
        middleware: [admin, importBodyLimit] as const,
        tags: ['Rebates admin'],
        summary: 'Add or replace programmes by id from a CSV (the export format); any bad line rejects the whole file',
        request: { body: { content: { 'text/csv': { schema: z.string() } }, required: true } },
        responses: {
          200: json(importResultSchema, 'Imported'),
          401: err('Sign in required'),
          403: err('Admins only'),
          413: err('The catalogue file is too large (at most 8 MB).'),
          415: err('Send the CSV as text/csv'),
          422: err(REBATE_MESSAGES.importRejected),
        },
      }),
      async (c) => {
        if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('text/csv')) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the CSV as text/csv');
        }
        return c.json(await importCatalogue(deps.db, await c.req.text()), 200);
      },
    );
}
