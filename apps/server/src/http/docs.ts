import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types.ts';

const require = createRequire(import.meta.url);
const SWAGGER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const json = (schema: object) => ({ 'application/json': { schema } });
const authError = { $ref: '#/components/schemas/AuthError' };
const captchaHeader = {
  name: 'x-captcha-response',
  in: 'header',
  required: true,
  description: 'ALTCHA: base64 of JSON {algorithm, challenge, number, salt, signature} solving GET /api/captcha/challenge. Turnstile or reCAPTCHA: the widget token.',
  schema: { type: 'string' },
};
const err = (description: string) => ({ description, content: json(authError) });

/**
 * better-auth serves these; they are written by hand here so the API reference is complete.
 * They are exactly the better-auth endpoints the product uses: the auth routes answer every
 * other one with 404 (features/auth/auth.routes.ts, AUTH_ENDPOINTS_IN_USE).
 * Errors under /api/auth have better-auth's shape `{ code, message }`.
 */
export const AUTH_PATHS = {
  '/api/auth/sign-up/email': {
    post: {
      tags: ['Auth'],
      summary: 'Create an account; sends a verification mail',
      parameters: [captchaHeader],
      requestBody: {
        content: json({
          type: 'object',
          required: ['email', 'password', 'name'],
          properties: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, callbackURL: { type: 'string' } },
        }),
      },
      responses: {
        200: { description: 'Always `{ token: null, user: null }`, for a new and for a registered address alike (a registered owner gets a mail instead); no session until the email is verified' },
        400: err('PASSWORD_TOO_WEAK, INVALID_EMAIL or CAPTCHA_FAILED'),
        429: { description: 'Too many requests' },
      },
    },
  },
  '/api/auth/sign-in/email': {
    post: {
      tags: ['Auth'],
      summary: 'Sign in; sets the session cookie',
      parameters: [captchaHeader],
      requestBody: {
        content: json({ type: 'object', required: ['email', 'password'], properties: { email: { type: 'string' }, password: { type: 'string' } } }),
      },
      responses: {
        200: { description: 'Signed in (Set-Cookie)' },
        400: err('CAPTCHA_FAILED'),
        401: err('INVALID_EMAIL_OR_PASSWORD'),
        403: err('EMAIL_NOT_VERIFIED'),
        429: { description: 'Too many attempts (per client address)' },
      },
    },
  },
  '/api/auth/sign-out': { post: { tags: ['Auth'], summary: 'End the session', responses: { 200: { description: 'Signed out' } } } },
  '/api/auth/get-session': {
    get: { tags: ['Auth'], summary: 'The current session and user (with role), or null', responses: { 200: { description: 'Session or null' } } },
  },
  '/api/auth/send-verification-email': {
    post: {
      tags: ['Auth'],
      summary: 'Send the verification mail again',
      description:
        'The answer is the same for an unknown, an unverified and a verified address, unless the request passed a human check (`x-captcha-response`): then a verified address gets 400 EMAIL_ALREADY_VERIFIED.',
      parameters: [{ ...captchaHeader, required: false }],
      requestBody: { content: json({ type: 'object', required: ['email'], properties: { email: { type: 'string' }, callbackURL: { type: 'string' } } }) },
      responses: {
        200: { description: 'Sent when the account exists and is unverified' },
        400: err('EMAIL_ALREADY_VERIFIED (only after a human check) or CAPTCHA_FAILED'),
        429: { description: 'Too many requests (Retry-After)' },
      },
    },
  },
  '/api/auth/verify-email': {
    get: {
      tags: ['Auth'],
      summary: 'Link from the verification mail; redirects to callbackURL (with ?error=... on failure)',
      parameters: [
        { name: 'token', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'callbackURL', in: 'query', required: false, schema: { type: 'string' } },
      ],
      responses: { 302: { description: 'Redirect to callbackURL' } },
    },
  },
  '/api/auth/request-password-reset': {
    post: {
      tags: ['Auth'],
      summary: 'Mail a password-reset link',
      requestBody: { content: json({ type: 'object', required: ['email'], properties: { email: { type: 'string' }, redirectTo: { type: 'string' } } }) },
      responses: { 200: { description: 'Sent when the account exists' }, 429: { description: 'Too many requests' } },
    },
  },
  '/api/auth/reset-password/{token}': {
    get: {
      tags: ['Auth'],
      summary: 'Link from the password-reset mail; redirects to callbackURL with ?token=... (or ?error=INVALID_TOKEN)',
      parameters: [
        { name: 'token', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'callbackURL', in: 'query', required: true, schema: { type: 'string' } },
      ],
      responses: { 302: { description: 'Redirect to callbackURL' } },
    },
  },
  '/api/auth/reset-password': {
    post: {
      tags: ['Auth'],
      summary: 'Set a new password with the token from the reset link',
      requestBody: {
        content: json({ type: 'object', required: ['newPassword', 'token'], properties: { newPassword: { type: 'string' }, token: { type: 'string' } } }),
      },
      responses: { 200: { description: 'Password changed; other sessions revoked' }, 400: err('PASSWORD_TOO_WEAK or INVALID_TOKEN') },
    },
  },
  '/api/auth/update-user': {
    post: {
      tags: ['Auth', 'Account'],
      summary: "Change the signed-in user's name",
      requestBody: { content: json({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }) },
      responses: { 200: { description: 'Updated' }, 400: err('Invalid fields'), 401: err('UNAUTHORIZED') },
    },
  },
  '/api/auth/change-password': {
    post: {
      tags: ['Auth', 'Account'],
      summary: 'Change the password (the current one is required); optionally sign out every other session',
      requestBody: {
        content: json({
          type: 'object',
          required: ['currentPassword', 'newPassword'],
          properties: { currentPassword: { type: 'string' }, newPassword: { type: 'string' }, revokeOtherSessions: { type: 'boolean' } },
        }),
      },
      responses: { 200: { description: 'Changed (audit log: password_changed)' }, 400: err('INVALID_PASSWORD or PASSWORD_TOO_WEAK'), 401: err('UNAUTHORIZED'), 429: { description: 'Too many requests' } },
    },
  },
  '/api/auth/change-email': {
    post: {
      tags: ['Auth', 'Account'],
      summary: 'Mail a confirmation link to a new address; the address changes only when that link is opened',
      requestBody: { content: json({ type: 'object', required: ['newEmail'], properties: { newEmail: { type: 'string' }, callbackURL: { type: 'string' } } }) },
      responses: { 200: { description: 'Link sent (the same answer when the address is taken)' }, 400: err('Email is the same'), 401: err('UNAUTHORIZED'), 429: { description: 'Too many requests' } },
    },
  },
  '/api/auth/two-factor/enable': {
    post: {
      tags: ['Auth', 'Account'],
      summary: 'Start two-factor setup (password required): answers the otpauth URI for an authenticator app and 10 backup codes; 2FA is on once verify-totp accepts a first code',
      requestBody: { content: json({ type: 'object', required: ['password'], properties: { password: { type: 'string' } } }) },
      responses: { 200: { description: '{ totpURI, backupCodes }' }, 400: err('INVALID_PASSWORD or TOTP_ALREADY_ENABLED'), 401: err('UNAUTHORIZED') },
    },
  },
  '/api/auth/two-factor/disable': {
    post: {
      tags: ['Auth', 'Account'],
      summary: 'Turn two-factor authentication off (password required)',
      requestBody: { content: json({ type: 'object', required: ['password'], properties: { password: { type: 'string' } } }) },
      responses: { 200: { description: 'Off' }, 400: err('INVALID_PASSWORD'), 401: err('UNAUTHORIZED') },
    },
  },
  '/api/auth/two-factor/verify-totp': {
    post: {
      tags: ['Auth', 'Account'],
      summary: "A code from the authenticator app: after a sign-in answered { twoFactorRedirect: true } it starts the session (trustDevice: skip the code on this browser for 30 days); signed in, it confirms the setup",
      requestBody: { content: json({ type: 'object', required: ['code'], properties: { code: { type: 'string' }, trustDevice: { type: 'boolean' } } }) },
      responses: { 200: { description: 'Signed in (Set-Cookie) or 2FA turned on' }, 401: err('INVALID_CODE or INVALID_TWO_FACTOR_COOKIE'), 429: { description: 'Too many attempts' } },
    },
  },
  '/api/auth/two-factor/verify-backup-code': {
    post: {
      tags: ['Auth', 'Account'],
      summary: 'A backup code instead of an app code after a sign-in answered { twoFactorRedirect: true }; each code works once',
      requestBody: { content: json({ type: 'object', required: ['code'], properties: { code: { type: 'string' }, trustDevice: { type: 'boolean' } } }) },
      responses: { 200: { description: 'Signed in (Set-Cookie)' }, 401: err('INVALID_BACKUP_CODE'), 429: { description: 'Too many attempts' } },
    },
  },
  '/api/auth/two-factor/generate-backup-codes': {
    post: {
      tags: ['Auth', 'Account'],
      summary: 'Replace the backup codes with 10 new ones (password required)',
      requestBody: { content: json({ type: 'object', required: ['password'], properties: { password: { type: 'string' } } }) },
      responses: { 200: { description: '{ backupCodes }' }, 400: err('INVALID_PASSWORD or TWO_FACTOR_NOT_ENABLED'), 401: err('UNAUTHORIZED') },
    },
  },
};

const DOCS_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Wattwise API reference</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><link rel="stylesheet" href="/api/docs/swagger-ui.css"><link rel="icon" href="/api/docs/favicon-32x32.png"></head>
<body><div id="swagger-ui"></div><script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body></html>`;
const INIT_JS = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** OpenAPI 3.1 document at /api/openapi.json and Swagger UI (served locally) at /api/docs. */
/**
 * The API reference. `guard` (production without API_DOCS_PUBLIC: admins only) stands before the
 * document and its page; the Swagger UI files themselves are generic and stay public.
 */
export function mountApiDocs(app: OpenAPIHono<AppEnv>, options: { publicUrl: string; version: string; guard?: MiddlewareHandler<AppEnv> }) {
  if (options.guard) {
    app.use('/api/openapi.json', options.guard);
    app.use('/api/docs', options.guard);
  }
  app.get('/api/openapi.json', (c) => {
    const generated = app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Wattwise API',
        version: options.version,
        description:
          'Errors have the shape `{ error: { code, message, details? } }`, except under /api/auth (better-auth), where they are `{ code, message }`. Sessions are http-only cookies set by sign-in.',
      },
      servers: [{ url: options.publicUrl }],
    });
    return c.json({
      ...generated,
      paths: { ...generated.paths, ...AUTH_PATHS },
      components: {
        ...generated.components,
        schemas: {
          ...generated.components?.schemas,
          AuthError: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['message'] },
        },
      },
    });
  });
  app.get('/api/docs', (c) => c.html(DOCS_HTML));
  app.get('/api/docs/init.js', (c) => c.body(INIT_JS, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  app.get('/api/docs/:file', async (c) => {
    const file = c.req.param('file');
    const type = SWAGGER_FILES[file];
    if (!type) return c.notFound();
    const body = await fs.readFile(path.join(SWAGGER_DIR, file));
    return c.body(new Uint8Array(body), 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
  });
}
