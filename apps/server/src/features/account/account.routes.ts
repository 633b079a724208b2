import { createRoute } from '@hono/zod-openapi';
import {
  ACCOUNT_MESSAGES,
  accountSessionListSchema,
  accountSummarySchema,
  auditEventListSchema,
  auditListQuerySchema,
  dataExportListSchema,
  dataExportSchema,
  deleteAccountResultSchema,
  deleteAccountSchema,
  exportDownloadQuerySchema,
  sessionIdParamsSchema,
} from '@wattwise/shared/contract/account';
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { Config } from '../../config.ts';
import { getClientIp } from '../../http/client-ip.ts';
import { createRouter, errorResponse as err, idParams, jsonBody, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { type AdminOnly, ADMIN_REQUIRED, type SignedIn, signedInUser } from '../../http/session.ts';
import type { AppEnv } from '../../http/types.ts';
import { getSession } from '../auth/auth.service.ts';
import {
  type AccountDeps,
  deleteAccount,
  getAccountSummary,
  listExports,
  listSessions,
  openExportDownload,
  type RequestMeta,
  requestExport,
  revokeSession,
} from './account.service.ts';
import { listAuditEvents } from './audit.ts';

export type AccountRoutesDeps = AccountDeps & { signedIn: SignedIn; adminOnly: AdminOnly; config: Pick<Config, 'trustProxy' | 'isHttps'> };

const forbidden = err(ADMIN_REQUIRED);

/**
 * Account settings and privacy rights (issue 18): the account summary, sessions with revoke,
 * the user's own security log, 'Download my data' and 'Delete my account'; admins read the
 * whole audit log. Name, password, address and two-factor changes go through better-auth
 * (features/auth/auth.routes.ts).
 */
export function createAccountRoutes(deps: AccountRoutesDeps) {
  const { db, signedIn, adminOnly } = deps;
  const metaOf = (c: Context<AppEnv>): RequestMeta => ({ ip: getClientIp(c, deps.config.trustProxy) ?? null, userAgent: c.req.header('user-agent') ?? null });
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/account',
        middleware: [signedIn] as const,
        tags: ['Account'],
        summary: "The caller's account: name, address, whether two-factor authentication is on",
        responses: { 200: json(accountSummarySchema, 'Account'), 401: unauthorized },
      }),
      async (c) => c.json(await getAccountSummary(db, signedInUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/account/sessions',
        middleware: [signedIn] as const,
        tags: ['Account'],
        summary: "The caller's active sessions (devices), the current one marked",
        responses: { 200: json(accountSessionListSchema, 'Sessions'), 401: unauthorized },
      }),
      async (c) => {
        const current = await getSession(deps.auth, c.req.raw.headers);
        return c.json({ sessions: await listSessions(db, signedInUser(c).id, current?.session.id ?? null) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/account/sessions/{id}',
        middleware: [signedIn] as const,
        tags: ['Account'],
        summary: "Signs one of the caller's sessions out (another device, or this one)",
        request: { params: sessionIdParamsSchema },
        responses: { 204: { description: 'Revoked' }, 401: unauthorized, 404: err(ACCOUNT_MESSAGES.sessionNotFound), 422: err('Invalid id') },
      }),
      async (c) => {
        await revokeSession(deps, signedInUser(c).id, c.req.valid('param').id, metaOf(c));
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/account/audit-events',
        middleware: [signedIn] as const,
        tags: ['Account'],
        summary: "Security events of the caller's account (sign-ins, failed sign-ins, password, email and 2FA changes, exports), newest first",
        request: { query: auditListQuerySchema },
        responses: { 200: json(auditEventListSchema, 'Events'), 401: unauthorized, 422: err('Invalid limit') },
      }),
      async (c) => c.json({ events: await signedInUser(c).inScope((scoped, userId) => listAuditEvents(scoped, { userId, limit: c.req.valid('query').limit })) }, 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/admin/audit-events',
        middleware: [adminOnly] as const,
        tags: ['Account', 'Admin'],
        summary: 'Security events of every account, newest first (admin)',
        request: { query: auditListQuerySchema },
        responses: { 200: json(auditEventListSchema, 'Events'), 401: unauthorized, 403: forbidden, 422: err('Invalid limit') },
      }),
      async (c) => c.json({ events: await listAuditEvents(db, { limit: c.req.valid('query').limit }) }, 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/account/exports',
        middleware: [signedIn] as const,
        tags: ['Account'],
        summary: "The caller's data exports with a signed download link while each may be downloaded",
        responses: { 200: json(dataExportListSchema, 'Exports'), 401: unauthorized },
      }),
      async (c) => c.json({ exports: await listExports(deps, signedInUser(c).id) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/account/exports',
        middleware: [signedIn] as const,
        tags: ['Account'],
        summary: "'Download my data': queues an archive of every row the caller owns and their bill files; a notification follows",
        responses: { 202: json(dataExportSchema, 'Queued'), 401: unauthorized, 409: err(ACCOUNT_MESSAGES.exportInProgress) },
      }),
      async (c) => c.json(await requestExport(deps, signedInUser(c).id, metaOf(c)), 202),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/account/exports/{id}/download',
        middleware: [signedIn] as const,
        tags: ['Account'],
        summary: 'The zip archive behind a signed, expiring link; only its owner may download it',
        request: { params: idParams, query: exportDownloadQuerySchema },
        responses: {
          200: { description: 'The archive', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } },
          401: unauthorized,
          404: err(ACCOUNT_MESSAGES.exportLinkInvalid),
          422: err('Invalid link'),
        },
      }),
      async (c) => {
        const { bytes, fileName } = await openExportDownload(deps, signedInUser(c).id, c.req.valid('param').id, c.req.valid('query'), metaOf(c));
        return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="${fileName}"`,
          'cache-control': 'private, no-store',
        });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/account/delete',
        middleware: [signedIn] as const,
        tags: ['Account'],
        summary: "'Delete my account': with the password, cancels any subscription, deletes every row and file of the caller (payment records kept anonymised) and signs out",
        request: { body: jsonBody(deleteAccountSchema) },
        responses: { 200: json(deleteAccountResultSchema, 'Deleted; session cookies cleared'), 400: err(ACCOUNT_MESSAGES.wrongPassword), 401: unauthorized, 422: err('Password missing') },
      }),
      async (c) => {
        await deleteAccount(deps, signedInUser(c).id, c.req.valid('json').password, metaOf(c));
        // The sessions went with the account; the browser forgets their cookies too.
        for (const name of Object.keys(getCookieNames(c))) deleteCookie(c, name, { path: '/', secure: name.startsWith('__Secure-') });
        return c.json({ deleted: true as const, message: ACCOUNT_MESSAGES.accountDeleted }, 200);
      },
    );
}

/** better-auth's cookies the request carries (session token, cached session data, 2FA). */
function getCookieNames(c: Context<AppEnv>): Record<string, true> {
  const names: Record<string, true> = {};
  for (const part of (c.req.header('cookie') ?? '').split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name && /better-auth\./.test(name)) names[name] = true;
  }
  return names;
}
