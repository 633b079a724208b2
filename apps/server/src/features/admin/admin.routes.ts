import { createRoute } from '@hono/zod-openapi';
import { ADMIN_MESSAGES, adminStatusSchema, VERIFICATION_MESSAGES, verificationResultSchema, verifyTokenSchema } from '@wattwise/shared/contract/admin';
import { createRouter, errorResponse as err, jsonBody, jsonResponse, unauthorizedResponse } from '../../http/openapi.ts';
import type { CaptchaVerifier } from '../../platform/captcha.ts';
import { type AdminOnly, signedInUser } from '../../http/session.ts';

/** The admin shell's server check (01-core §6 is_admin): 200 for an admin, 403 for anyone else signed in. */
export function createAdminRoutes({ adminOnly, captcha }: { adminOnly: AdminOnly; captcha: CaptchaVerifier }) {
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
  ).openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/captcha/verify',
      middleware: [adminOnly] as const,
      tags: ['Admin'],
      summary: "The human-verification dashboard's check of a token with the active provider (02-tools §2.14, recaptcha-verify)",
      request: { body: jsonBody(verifyTokenSchema) },
      responses: { 200: jsonResponse(verificationResultSchema, 'What the provider said'), 401: unauthorizedResponse, 403: err(ADMIN_MESSAGES.accessDenied) },
    }),
    async (c) => {
      const { token, expectedAction } = c.req.valid('json');
      // The verifiers know sign-in actions only; ALTCHA tokens carry no action at all.
      const assessment = await captcha.assess(token, { action: expectedAction === 'signup' ? 'signup' : 'login' });
      const { valid } = assessment;
      return c.json(
        {
          provider: captcha.provider,
          success: valid,
          // The provider's score as it gave it; none is invented for a provider without one.
          score: assessment.score,
          action: assessment.action,
          expectedAction,
          actionMatch: assessment.action === null ? null : assessment.action === expectedAction,
          valid,
          timestamp: new Date().toISOString(),
          error: valid ? null : VERIFICATION_MESSAGES.notVerified,
        },
        200,
      );
    },
  );
}
