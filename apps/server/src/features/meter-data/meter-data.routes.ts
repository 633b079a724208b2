import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import {
  loadProfileSchema,
  meterImportSchema,
  meterListSchema,
  meterSeriesQuerySchema,
  meterSeriesSchema,
  touScheduleSchema,
  touWhatIfSchema,
} from '@wattwise/shared/contract/meter-data';
import { AppError } from '../../http/errors.ts';
import { createRouter, errorResponse as err, idParams, jsonBody as body, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import { readUploadForm } from '../../http/upload-form.ts';
import { withUserScope } from '../../db/user-scope.ts';
import {
  exportHomeAssistantCsv,
  getLoadProfile,
  getMeterSeries,
  getTouWhatIf,
  importMeterData,
  listMeters,
  MAX_METER_FILE_BYTES,
  METER_MESSAGES,
  type MeterDataDeps,
} from './meter-data.service.ts';

/** The upload path: exempt from the app's small body limit, it sets its own once it knows who asks. */
export const METER_UPLOAD_PATH = '/api/meter-data';

const notFound = err(METER_MESSAGES.notFound);
const tooLarge = () => new AppError('FILE_TOO_LARGE', 413, `A Green Button file may be up to ${MAX_METER_FILE_BYTES / 1024 / 1024} MB.`);

export function createMeterDataRoutes(deps: MeterDataDeps & { signedIn: SignedIn }) {
  const { signedIn } = deps;
  const router = createRouter();

  router.openAPIRegistry.registerPath({
    method: 'post',
    path: METER_UPLOAD_PATH,
    tags: ['Meter data'],
    summary: 'Import a Green Button file (multipart field `file`: ESPI XML or a utility usage CSV) into a property',
    request: {
      body: {
        content: { 'multipart/form-data': { schema: z.object({ file: z.any(), propertyId: z.uuid().optional(), timeZone: z.string().optional() }) } },
        required: true,
      },
    },
    responses: {
      201: json(meterImportSchema, 'Imported: meters and how many readings were new'),
      401: unauthorized,
      413: err('File too large'),
      415: err(METER_MESSAGES.notGreenButton),
      422: err('The file is Green Button data that cannot be read (no ReadingType, unknown unit…): the reason is in the message'),
    },
  });
  router.post(
    METER_UPLOAD_PATH,
    signedIn,
    bodyLimit({ maxSize: MAX_METER_FILE_BYTES + 64 * 1024, onError: () => { throw tooLarge(); } }),
    async (c) => {
      const userId = signedInUser(c).id;
      const { form, file } = await readUploadForm(c, 'file', 'Choose a Green Button file to upload.');
      const fields = z
        .object({ propertyId: z.uuid().optional(), timeZone: z.string().max(64).optional() })
        .parse({ propertyId: form.get('propertyId') || undefined, timeZone: form.get('timeZone') || undefined });
      const timeZone = fields.timeZone && isZone(fields.timeZone) ? fields.timeZone : undefined;
      const result = await importMeterData(
        deps,
        userId,
        { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name, propertyId: fields.propertyId, timeZone },
        (work) => withUserScope(deps.db, userId, work),
      );
      return c.json(result, 201);
    },
  );

  router.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/meters/{id}/home-assistant.csv',
    tags: ['Meter data'],
    summary: "Hourly statistics as a CSV Home Assistant's statistics import accepts (docs/home-assistant-meter-data.md)",
    request: { params: idParams },
    responses: { 200: { description: 'text/csv: statistic_id,unit,start,state,sum' }, 401: unauthorized, 404: notFound },
  });
  router.get('/api/meters/:id/home-assistant.csv', signedIn, async (c) => {
    const { id } = idParams.parse(c.req.param());
    const { fileName, csv } = await signedInUser(c).inScope((db, userId) => exportHomeAssistantCsv(db, userId, id));
    return c.body(csv, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'private, no-store' });
  });

  return router
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/meters',
        middleware: [signedIn] as const,
        tags: ['Meter data'],
        summary: "The caller's meters (from Green Button imports) with their reading counts and spans",
        request: { query: z.object({ propertyId: z.uuid().optional() }) },
        responses: { 200: json(meterListSchema, 'Meters'), 401: unauthorized },
      }),
      async (c) => c.json({ meters: await signedInUser(c).inScope((db, userId) => listMeters(db, userId, c.req.valid('query').propertyId)) }, 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/meters/{id}/readings',
        middleware: [signedIn] as const,
        tags: ['Meter data'],
        summary: 'Readings summed by hour or by local day, delivered and received (solar export) apart, for charts',
        request: { params: idParams, query: meterSeriesQuerySchema },
        responses: { 200: json(meterSeriesSchema, 'Series'), 401: unauthorized, 404: notFound },
      }),
      async (c) => c.json(await signedInUser(c).inScope((db, userId) => getMeterSeries(db, userId, c.req.valid('param').id, c.req.valid('query'))), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/meters/{id}/load-profile',
        middleware: [signedIn] as const,
        tags: ['Meter data'],
        summary: 'Base load (night-time minimum), daily shape, weekday vs weekend and top 10 hours of the latest year',
        request: { params: idParams },
        responses: { 200: json(loadProfileSchema, 'Load profile'), 401: unauthorized, 404: notFound, 422: err(METER_MESSAGES.needsHourly) },
      }),
      async (c) => c.json(await signedInUser(c).inScope((db, userId) => getLoadProfile(db, userId, c.req.valid('param').id)), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/meters/{id}/tou-what-if',
        middleware: [signedIn] as const,
        tags: ['Meter data'],
        summary: "The latest year of readings priced at the bills' rate and under a time-of-use schedule, with the difference",
        request: { params: idParams, body: body(touScheduleSchema) },
        responses: { 200: json(touWhatIfSchema, 'Comparison'), 401: unauthorized, 404: notFound, 422: err(METER_MESSAGES.needsHourly) },
      }),
      async (c) => c.json(await signedInUser(c).inScope((db, userId) => getTouWhatIf(db, userId, c.req.valid('param').id, c.req.valid('json'))), 200),
    );
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
