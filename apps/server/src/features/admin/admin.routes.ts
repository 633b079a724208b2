import { createRoute } from '@hono/zod-openapi';
import { ADMIN_MESSAGES, adminStatusSchema } from '@wattwise/shared/contract/admin';
import { createRouter, errorResponse as err, jsonResponse, unauthorizedResponse } from '../../http/openapi.ts';
import { type AdminOnly, signedInUser } from '../../http/session.ts';

/** The admin shell's server check (01-core §6 is_admin): 200 for an admin, 403 for anyone else signed in. */
export function createAdminRoutes({ adminOnly }: { adminOnly: AdminOnly }) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/status',
      middleware: [adminOnly] as const,
      tags: ['Admin'],
      summary: 'Whether the caller is an admin (the role read fresh from the database)',
      responses: { 200: jsonResponse(adminStatusSchema, 'The caller is an admin'), 401: unauthorizedResponse, 403: err(ADMIN_MESSAGES.accessDenied) },
    }),
    (c) => c.json({ isAdmin: true as const, userId: signedInUser(c).id }, 200),
  );
}
