import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { AppError } from '../../http/errors.ts';
import { createRouter, errorResponse as err, idParams, jsonBody, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import type { AppEnv } from '../../http/types.ts';
import { correctBill } from '../../use-cases/correct-bill.ts';
import { getBillDetailAnswer } from '../../use-cases/bill-detail.ts';
import { MAX_FILE_BYTES } from './bill-file.ts';
import { BILL_MESSAGES } from './bills.messages.ts';
import {
  billDetailEnvelopeSchema,
  billEnvelopeSchema,
  billFiguresListSchema,
  billFiltersSchema,
  billListSchema,
  billPagesSchema,
  billReadingEnvelopeSchema,
  billTypeSchema,
  correctBillFieldsSchema,
  duplicateDecisionSchema,
  listBillsQuerySchema,
  uploadBillFormSchema,
} from '@wattwise/shared/contract/bills';
import { propertyTypeSchema } from '@wattwise/shared/contract/common';
import {
  type BillEvent,
  billTopic,
  type BillsDeps,
  deleteBill,
  getBillFile,
  getBillSummary,
  listBillFigures,
  listBillPage,
  resolveDuplicate,
  retryBill,
  uploadBill,
} from './bills.service.ts';
import { assertNotSendingRejectedUploads, assertUploadAllowed, recordAcceptedUpload, recordRejectedUpload, type UploadLimits } from './upload-limits.ts';
import { readBillOnce, type ReadOnceDeps } from './bill-reading.ts';
import { assertWithinPlan, getBillAllowance } from './plan-allowance.ts';
import { billAllowanceSchema } from '@wattwise/shared/contract/payments';
import { listBillPages, renderBillPage } from './bill-pages.ts';
import { openSseInbox, perUserStream } from '../../http/sse-inbox.ts';
import { readUploadForm } from '../../http/upload-form.ts';
import { createVersionedAnswers, notKept, sendVersionedAnswer, type UserVersions } from '../../http/versioned-answers.ts';
import { readBillListVersion } from './bills.queries.ts';

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;
const HEARTBEAT_MS = 15_000;
/** 'Read from bill': a bill read and not kept (multipart, so outside the JSON body limit like uploads). */
export const BILL_READINGS_PATH = '/api/bill-readings';
const notFound = err('Not the caller\'s bill, or no such bill');

const pageParams = idParams.extend({ page: z.coerce.number().int().min(1).max(100).openapi({ param: { name: 'page', in: 'path' } }) });
const pageQuery = z.object({ scale: z.enum(['1', '2']).default('1').transform((v) => v === '2' ? 2 : 1) });

const tooLarge = () => new AppError('FILE_TOO_LARGE', 413, BILL_MESSAGES.fileTooLarge);
/** Upload refusals that are about the file itself (uploadErrorFor in bill-file.ts). */
const REJECTED_FILE_CODES = new Set(['FILE_TOO_LARGE', 'UNSUPPORTED_TYPE', 'UNREADABLE_FILE']);

export type BillRoutesDeps = BillsDeps & ReadOnceDeps & {
  signedIn: SignedIn;
  heartbeatMs?: number;
  uploadLimits?: UploadLimits;
  planLimits?: boolean;
  /** The caller's address (behind TRUST_PROXY, the forwarded one): rejected uploads are also counted per address. */
  clientIp?: (c: Context) => string | undefined;
  /** Bytes of bill-list answers kept in memory (http/versioned-answers.ts); 0 builds every answer. */
  billListCacheBytes?: number;
  /** Where that cache learns whether the user's bills changed; by default it asks the database each time. */
  billListVersions?: UserVersions;
};

export function createBillRoutes(deps: BillRoutesDeps) {
  // Reads run in the user's row-level-security scope (`inScope`); work that also queues jobs or
  // touches files keeps the shared connection (see db/user-scope.ts) and relies on its own filters.
  const { signedIn } = deps;
  const router = createRouter();
  const listCache = createVersionedAnswers({
    maxBytes: deps.billListCacheBytes ?? 0,
    versions: deps.billListVersions ?? { read: (userId) => readBillListVersion(deps.db, userId) },
  });

  // ---- upload: multipart, so registered for the docs and handled without the JSON validator ----
  router.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/bills',
    tags: ['Bills'],
    summary: 'Upload a bill (multipart field `bill`); it is queued for processing',
    request: { body: { content: { 'multipart/form-data': { schema: uploadBillFormSchema } }, required: true } },
    responses: {
      202: json(billEnvelopeSchema, 'Stored and queued'),
      401: unauthorized,
      413: err(BILL_MESSAGES.fileTooLarge),
      415: err(BILL_MESSAGES.unsupportedType),
      422: err("'Bill processing failed: {reason}' for corrupt, encrypted or oversized files"),
      429: err(`${BILL_MESSAGES.tooManyUploads} (too many uploads in the window, or too many bills still being read); see Retry-After`),
    },
  });
  /**
   * Sign-in and the user's upload limits first: the body of a visitor who may not upload is never
   * read. `plan`: also the plan's bills for the month (a reading that keeps nothing spends none).
   */
  const uploadGuards = (plan: boolean) => [
    signedIn,
    async (c: Context<AppEnv>, next: () => Promise<void>) => {
      const userId = signedInUser(c).id;
      const limits = deps.uploadLimits;
      const address = deps.clientIp?.(c);
      if (limits) await assertNotSendingRejectedUploads(deps.db, userId, address, limits);
      if (limits) await assertUploadAllowed(deps.db, userId, limits);
      if (plan && deps.planLimits) await assertWithinPlan(deps.db, userId);
      // Refused for its file (too large, wrong type, unreadable or over the decode budget): counted toward the abuse limit.
      const countIfRejected = async (error: unknown) => {
        if (limits && error instanceof AppError && REJECTED_FILE_CODES.has(error.code)) await recordRejectedUpload(deps.db, userId, address, limits);
      };
      const declared = Number(c.req.header('content-length') ?? NaN);
      if (Number.isFinite(declared) && declared > MAX_FILE_BYTES + MULTIPART_OVERHEAD) {
        await countIfRejected(tooLarge());
        throw tooLarge();
      }
      try {
        await next();
      } catch (error) {
        await countIfRejected(error);
        throw error;
      }
      // Hono hands an error thrown further down to the app's error handler and sets it here.
      if (c.error) await countIfRejected(c.error);
    },
    bodyLimit({ maxSize: MAX_FILE_BYTES + MULTIPART_OVERHEAD, onError: () => { throw tooLarge(); } }),
  ] as const;

  /** The multipart field `bill`: 422 without it, 413 past the size limit. */
  const readBillFile = async (c: Context<AppEnv>): Promise<{ form: FormData; file: File }> => {
    const upload = await readUploadForm(c, 'bill', BILL_MESSAGES.noFile);
    if (upload.file.size > MAX_FILE_BYTES) throw tooLarge();
    return upload;
  };

  router.post(
    '/api/bills',
    ...uploadGuards(true),
    async (c) => {
      const userId = signedInUser(c).id;
      const { form, file } = await readBillFile(c);
      const fields = z
        .object({ propertyType: propertyTypeSchema.default('residential'), billType: billTypeSchema.default('electricity'), propertyId: z.uuid().optional() })
        .parse({
          propertyType: form.get('propertyType') ?? undefined,
          billType: form.get('billType') ?? undefined,
          propertyId: form.get('propertyId') || undefined,
        });
      const bill = await uploadBill(deps, userId, {
        bytes: new Uint8Array(await file.arrayBuffer()),
        fileName: file.name,
        propertyType: fields.propertyType,
        propertyTypeChosen: form.get('propertyType') !== null,
        billType: fields.billType,
        propertyId: fields.propertyId,
      }, deps.uploadLimits && { ...deps.uploadLimits, planLimits: deps.planLimits === true });
      return c.json({ bill }, 202);
    },
  );

  // ---- reading without keeping (the payment form's 'Read from bill', decision 232) ----
  router.openAPIRegistry.registerPath({
    method: 'post',
    path: BILL_READINGS_PATH,
    tags: ['Bills'],
    summary: 'Read a bill file (multipart field `bill`) and return its fields; nothing is stored',
    description:
      'No bill is created, no file is kept and the month\'s allowance is not used; the upload rate limits apply. To keep the bill, upload it to `POST /api/bills`.',
    request: { body: { content: { 'multipart/form-data': { schema: uploadBillFormSchema.pick({ bill: true }) } }, required: true } },
    responses: {
      200: json(billReadingEnvelopeSchema, 'What was read'),
      401: unauthorized,
      413: err(BILL_MESSAGES.fileTooLarge),
      415: err(BILL_MESSAGES.unsupportedType),
      422: err("'Bill processing failed: {reason}' for corrupt, encrypted, oversized or unreadable files"),
      429: err(`${BILL_MESSAGES.tooManyUploads}; see Retry-After`),
    },
  });
  router.post(BILL_READINGS_PATH, ...uploadGuards(false), async (c) => {
    const userId = signedInUser(c).id;
    const { file } = await readBillFile(c);
    // Counted like an upload in the rate window when accepted: reading costs the same work, even if nothing is kept.
    if (deps.uploadLimits) await recordAcceptedUpload(deps.db, userId, deps.uploadLimits);
    const reading = await readBillOnce(deps, new Uint8Array(await file.arrayBuffer()), c.req.raw.signal);
    return c.json({ reading }, 200, { 'cache-control': 'private, no-store' });
  });

  // ---- the original file and live progress: not JSON, registered for the docs ----
  router.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/bills/{id}/file',
    tags: ['Bills'],
    summary: 'The original uploaded file',
    request: { params: idParams },
    responses: { 200: { description: "The file with its content type: a photo inline, a PDF as a download (the browser's PDF viewer would run its scripts)" }, 401: unauthorized, 404: notFound },
  });
  router.get('/api/bills/:id/file', signedIn, async (c) => {
    const userId = signedInUser(c).id;
    const { id } = idParams.parse(c.req.param());
    const file = await getBillFile(deps, userId, id);
    const isPdf = file.mimeType === 'application/pdf';
    return c.body(Buffer.from(file.bytes), 200, {
      'content-type': file.mimeType,
      // A PDF may carry JavaScript that the browser's viewer would run: it is only ever
      // downloaded (the bill page shows rendered page images). Photos show inline.
      'content-disposition': `${isPdf ? 'attachment' : 'inline'}; filename="${file.fileName.replace(/[^\w.-]+/g, '_')}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      // Opened on its own, the file is a sandboxed document: no scripts, no plugins, no frames.
      'content-security-policy': "default-src 'none'; img-src 'self' data: blob:; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
    });
  });

  router.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/bills/{id}/pages',
    tags: ['Bills'],
    summary: 'The pages of the original file, as images the browser can show',
    description: 'A PDF lists one rendered PNG per page (`/api/bills/{id}/pages/{page}`) with its size in points; a photo lists the file itself.',
    request: { params: idParams },
    responses: { 200: json(billPagesSchema, 'Pages'), 401: unauthorized, 404: notFound },
  });
  router.get('/api/bills/:id/pages', signedIn, async (c) => {
    const userId = signedInUser(c).id;
    const { id } = idParams.parse(c.req.param());
    return c.json({ pages: await listBillPages(deps, userId, id) }, 200, { 'cache-control': 'private, no-store' });
  });

  router.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/bills/{id}/pages/{page}',
    tags: ['Bills'],
    summary: 'One page of a PDF bill rendered as a PNG (scale 1 fits a screen, 2 is for zooming in)',
    request: { params: pageParams, query: pageQuery },
    responses: { 200: { description: 'image/png', content: { 'image/png': { schema: z.string().openapi({ format: 'binary' }) } } }, 401: unauthorized, 404: notFound },
  });
  router.get('/api/bills/:id/pages/:page', signedIn, async (c) => {
    const userId = signedInUser(c).id;
    const { id, page } = pageParams.parse(c.req.param());
    const { scale } = pageQuery.parse(c.req.query());
    const png = await renderBillPage(deps, userId, id, page, scale);
    return c.body(Buffer.from(png), 200, {
      'content-type': 'image/png',
      // Not written to the browser's disk cache: on a shared computer a bill's pages must not
      // outlive the sign-out (issue 27). A page open in the tab keeps its image in memory.
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  });

  router.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/bills/{id}/events',
    tags: ['Bills'],
    summary: 'Processing progress as Server-Sent Events',
    description:
      '`event: progress` data `{status, progress, step}` (the current state first), then `event: done` data `{bill}` or `event: failed` data `{reason}`; the stream closes after either. Comments every 15 s keep it open.',
    request: { params: idParams },
    responses: { 200: { description: 'text/event-stream' }, 401: unauthorized, 404: notFound },
  });
  router.get('/api/bills/:id/events', signedIn, async (c) => {
    const user = signedInUser(c);
    const userId = user.id;
    const { id } = idParams.parse(c.req.param());
    await user.inScope((db) => getBillSummary(db, userId, id)); // 404 before the stream opens
    return streamSSE(c, perUserStream(userId, async (stream) => {
      const inbox = await openSseInbox<BillEvent>(stream, deps.realtime, billTopic(id), deps.heartbeatMs ?? HEARTBEAT_MS);
      try {
        // Subscribed first, then the current state: no update can fall between the two.
        const current = await user.inScope((db) => getBillSummary(db, userId, id));
        inbox.unshift({ status: current.status, progress: current.progress, step: current.status === 'queued' ? 'waiting' : current.status, reason: current.failureReason });
        for (let event = await inbox.next(); event !== null; event = await inbox.next()) {
          if (event.status === 'processed') {
            const bill = await user.inScope((db) => getBillSummary(db, userId, id));
            await stream.writeSSE({ event: 'progress', data: JSON.stringify({ status: 'processed', progress: 100, step: 'done' }) });
            await stream.writeSSE({ event: 'done', data: JSON.stringify({ bill }) });
            break;
          }
          if (event.status === 'failed') {
            const bill = await user.inScope((db) => getBillSummary(db, userId, id));
            await stream.writeSSE({ event: 'failed', data: JSON.stringify({ reason: bill.failureReason ?? event.reason ?? BILL_MESSAGES.processFailedFallback }) });
            break;
          }
          await stream.writeSSE({ event: 'progress', data: JSON.stringify({ status: event.status, progress: event.progress, step: event.step }) });
        }
      } catch {
        // The bill was deleted or the client went away: just end the stream.
      } finally {
        await inbox.close();
      }
    }));
  });

  return router
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/bills',
        middleware: [signedIn] as const,
        tags: ['Bills'],
        summary: "The caller's bills, a page at a time: bills being read first, then by the period they cover, newest first",
        description: 'Follow `nextCursor` with `?cursor=` for the next page; `total` counts the bills matching the filters. A cursor this server did not hand out answers 400.',
        request: { query: listBillsQuerySchema },
        responses: { 200: json(billListSchema, 'A page of bills'), 304: { description: 'The page is unchanged since the `ETag` sent in `If-None-Match`' }, 400: err(BILL_MESSAGES.invalidCursor), 401: unauthorized, 422: err('Invalid filter or limit') },
      }),
      async (c) => {
        const user = signedInUser(c);
        const query = c.req.valid('query');
        const queryKey = JSON.stringify(query);
        return sendVersionedAnswer(c, await listCache.read(user.id, queryKey, () => user.inScope((db, userId) => listBillPage(db, userId, query))));
      },
    )
    // Before /api/bills/{id}: 'allowance' is not an id.
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/bills/allowance',
        middleware: [signedIn] as const,
        tags: ['Bills'],
        summary: "The caller's bills this calendar month (in their time zone) and what their plan allows (no limit where this install enforces none)",
        responses: { 200: json(billAllowanceSchema, 'Allowance'), 401: unauthorized },
      }),
      async (c) => c.json(await signedInUser(c).inScope((db, userId) => getBillAllowance(db, userId, { enforced: deps.planLimits === true })), 200),
    )
    // Before /api/bills/{id}: 'figures' is not an id.
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/bills/figures',
        middleware: [signedIn] as const,
        tags: ['Bills'],
        summary: "The figures of all the caller's bills that the dashboard's overview and charts use (not paginated: a few fields a bill)",
        request: { query: billFiltersSchema },
        responses: { 200: json(billFiguresListSchema, 'Figures of every bill matching the filters, in list order'), 304: { description: 'The figures are unchanged since the `ETag` sent in `If-None-Match`' }, 401: unauthorized },
      }),
      async (c) => {
        const user = signedInUser(c);
        const query = c.req.valid('query');
        // Kept like the list (bill columns only), under its own key.
        const answer = await listCache.read(user.id, `figures ${JSON.stringify(query)}`, async () => ({ items: await user.inScope((db, userId) => listBillFigures(db, userId, query)) }));
        return sendVersionedAnswer(c, answer);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/bills/{id}',
        middleware: [signedIn] as const,
        tags: ['Bills'],
        summary: 'One bill with its read fields, processing, analysis and recommendations',
        request: { params: idParams },
        responses: { 200: json(billDetailEnvelopeSchema, 'Bill'), 304: { description: 'The bill is unchanged since the `ETag` sent in `If-None-Match`' }, 401: unauthorized, 404: notFound },
      }),
      async (c) => {
        const user = signedInUser(c);
        const id = c.req.valid('param').id;
        // Kept by the user's version like the list (decision 200), unless a meter's readings are part of it.
        const answer = await listCache.read(user.id, `detail ${id}`, async () => {
          const { detail, metered } = await user.inScope((db, userId) => getBillDetailAnswer(db, userId, id));
          return metered ? notKept({ bill: detail }) : { bill: detail };
        });
        return sendVersionedAnswer(c, answer);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/bills/{id}',
        middleware: [signedIn] as const,
        tags: ['Bills'],
        summary: 'Delete a bill with its file, analysis, recommendations and feedback',
        request: { params: idParams },
        responses: { 204: { description: 'Deleted' }, 401: unauthorized, 404: notFound },
      }),
      async (c) => {
        await deleteBill(deps, signedInUser(c).id, c.req.valid('param').id);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/bills/{id}/retry',
        middleware: [signedIn] as const,
        tags: ['Bills'],
        summary: 'Queue a failed bill again',
        request: { params: idParams },
        responses: { 202: json(billEnvelopeSchema, 'Queued'), 401: unauthorized, 403: err('The plan limit message, with the upgrade link'), 404: notFound, 409: err(BILL_MESSAGES.notFailed) },
      }),
      async (c) => {
        const userId = signedInUser(c).id;
        // A failed bill used no slot; reading it again takes one (decision 063).
        if (deps.planLimits) await assertWithinPlan(deps.db, userId);
        return c.json({ bill: await retryBill(deps, userId, c.req.valid('param').id) }, 202);
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/bills/{id}/fields',
        middleware: [signedIn] as const,
        tags: ['Bills'],
        summary: 'Correct read values; each correction is saved as ml_feedback and used by analysis',
        request: { params: idParams, body: jsonBody(correctBillFieldsSchema) },
        responses: {
          200: json(billDetailEnvelopeSchema, 'Corrected bill'),
          401: unauthorized,
          404: notFound,
          409: err(BILL_MESSAGES.notProcessed),
          422: err(BILL_MESSAGES.correctionRequired),
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        return c.json({ bill: await correctBill(deps, signedInUser(c).id, c.req.valid('param').id, body.corrections, body.notes) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/bills/{id}/duplicate',
        middleware: [signedIn] as const,
        tags: ['Bills'],
        summary: 'Answer the duplicate question: replace the earlier bill, or keep both',
        request: { params: idParams, body: jsonBody(duplicateDecisionSchema) },
        responses: { 200: json(billEnvelopeSchema, 'Bill'), 401: unauthorized, 404: notFound, 409: err(BILL_MESSAGES.notDuplicate) },
      }),
      async (c) => c.json({ bill: await resolveDuplicate(deps, signedInUser(c).id, c.req.valid('param').id, c.req.valid('json').action) }, 200),
    );
}
