import { createRoute } from '@hono/zod-openapi';
import { ADMIN_MESSAGES } from '@wattwise/shared/contract/admin';
import { databaseStatusSchema, platformChecksSchema, platformStatusSchema } from '@wattwise/shared/contract/platform-status';
import type { Database } from '../../db/client.ts';
import { getDatabaseStatus } from './database-status.ts';
import { createRouter, errorResponse as err, jsonResponse, unauthorizedResponse } from '../../http/openapi.ts';
import type { AdminOnly } from '../../http/session.ts';
import type { PlatformStatusService } from './platform-status.service.ts';

const noStore = { 'cache-control': 'no-store' };

/** /backend-status for everyone (up or down only); the checks themselves for admins. */
export function createPlatformStatusRoutes({ status, adminOnly, database }: { status: PlatformStatusService; adminOnly: AdminOnly; database: Database }) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/platform/status',
        tags: ['Platform'],
        summary: 'Whether the platform is online (every integration check passes), as of the last check (at most 5 minutes old)',
        responses: { 200: jsonResponse(platformStatusSchema, 'Up or down') },
      }),
      async (c) => {
        const { isOnline, lastCheck, version } = await status.current();
        return c.json({ isOnline, lastCheck, version }, 200, noStore);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/admin/platform/checks',
        middleware: [adminOnly] as const,
        tags: ['Platform'],
        summary: 'Each adapter checked: embedded or configured, healthy or not, with details (admins)',
        responses: { 200: jsonResponse(platformChecksSchema, 'The last checks (at most 5 minutes old)'), 401: unauthorizedResponse, 403: err(ADMIN_MESSAGES.accessDenied) },
      }),
      async (c) => c.json(await status.current(), 200, noStore),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/admin/platform/checks',
        middleware: [adminOnly] as const,
        tags: ['Platform'],
        summary: 'Runs every check now (the diagnostic and the integration checker)',
        responses: { 200: jsonResponse(platformChecksSchema, 'Fresh checks'), 401: unauthorizedResponse, 403: err(ADMIN_MESSAGES.accessDenied) },
      }),
      async (c) => c.json(await status.current(true), 200, noStore),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/admin/database/status',
        middleware: [adminOnly] as const,
        tags: ['Platform'],
        summary: 'Migration status, table row counts and timings of common queries (admins)',
        responses: { 200: jsonResponse(databaseStatusSchema, 'Measured now'), 401: unauthorizedResponse, 403: err(ADMIN_MESSAGES.accessDenied) },
      }),
      async (c) => c.json(await getDatabaseStatus(database), 200, noStore),
    );
}
