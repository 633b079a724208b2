import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '../../db/client.ts';
import { createRouter } from '../../http/openapi.ts';
import type { CaptchaVerifier } from '../../platform/captcha.ts';
import { AppError } from '../../http/errors.ts';

const healthSchema = z.object({ status: z.literal('ok') }).openapi('Health');
const readySchema = z.object({ status: z.enum(['ready', 'not_ready']), database: z.enum(['ok', 'unavailable']) }).openapi('Ready');
const publicConfigSchema = z
  .object({
    captcha: z.object({ provider: z.enum(['altcha', 'turnstile', 'recaptcha']), siteKey: z.string().nullable() }),
    devMailbox: z.boolean(),
    demoAccount: z
      .object({ email: z.string(), password: z.string().nullable().openapi({ description: 'Only in development; null in production' }) })
      .nullable(),
    security: z.object({
      https: z.boolean().openapi({ description: 'PUBLIC_URL is https: browsers reach this server over TLS (terminated by the operator\'s proxy)' }),
      filesEncrypted: z.boolean().openapi({ description: 'Stored bill files are encrypted at rest (AES-256-GCM)' }),
      complianceStatement: z.string().nullable().openapi({ description: "The operator's own certification statement (COMPLIANCE_STATEMENT); null unless configured" }),
    }),
    operator: z
      .object({ name: z.string(), supportEmail: z.string(), phone: z.string().nullable(), address: z.array(z.string()), hours: z.string() })
      .openapi({ description: 'Who runs this server and how to reach them (contact page, FAQ, emails)' }),
  })
  .openapi('PublicConfig');
const challengeSchema = z
  .object({
    algorithm: z.string(),
    challenge: z.string(),
    maxnumber: z.number().optional(),
    salt: z.string(),
    signature: z.string(),
  })
  .openapi('AltchaChallenge');
const errorSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) })
  .openapi('Error');

const noStore = { 'cache-control': 'no-store' };

export type SystemDeps = {
  database: Pick<Database, 'isReady'>;
  captcha: CaptchaVerifier;
  devMailbox: boolean;
  /** The seeded demo account when DEMO_DATA is on; its password only in development. */
  demoAccount: { email: string; password: string | null } | null;
  /** What the trust copy may claim on this installation. */
  security: { https: boolean; filesEncrypted: boolean; complianceStatement: string | null };
  /** The operator's identity (OPERATOR_NAME, SUPPORT_EMAIL, SUPPORT_PHONE, OPERATOR_ADDRESS) and business hours. */
  operator: { name: string; supportEmail: string; phone: string | null; address: string[]; hours: string };
};

export function createSystemRoutes(deps: SystemDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/health',
        tags: ['System'],
        summary: 'Liveness: the process is up',
        responses: { 200: { description: 'Up', content: { 'application/json': { schema: healthSchema } } } },
      }),
      (c) => c.json({ status: 'ok' as const }, 200, noStore),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/ready',
        tags: ['System'],
        summary: 'Readiness: database reachable and every migration applied',
        responses: {
          200: { description: 'Ready', content: { 'application/json': { schema: readySchema } } },
          503: { description: 'Not ready', content: { 'application/json': { schema: readySchema } } },
        },
      }),
      async (c) => {
        const ok = await deps.database.isReady().catch(() => false);
        return ok
          ? c.json({ status: 'ready' as const, database: 'ok' as const }, 200, noStore)
          : c.json({ status: 'not_ready' as const, database: 'unavailable' as const }, 503, noStore);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/public-config',
        tags: ['System'],
        summary: 'Settings the web app needs before sign-in (captcha provider, dev mailbox, demo account)',
        responses: { 200: { description: 'Public configuration', content: { 'application/json': { schema: publicConfigSchema } } } },
      }),
      (c) =>
        c.json(
          {
            captcha: { provider: deps.captcha.provider, siteKey: deps.captcha.siteKey },
            devMailbox: deps.devMailbox,
            demoAccount: deps.demoAccount,
            security: deps.security,
            operator: deps.operator,
          },
          200,
          noStore,
        ),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/captcha/challenge',
        tags: ['Auth'],
        summary: 'A signed ALTCHA proof-of-work challenge',
        description:
          'Solve it (find `number` so that SHA-256(salt + number) = challenge) and send base64(JSON {algorithm, challenge, number, salt, signature}) in the `x-captcha-response` header of sign-up and sign-in. Each solution is accepted once.',
        responses: {
          200: { description: 'Challenge', content: { 'application/json': { schema: challengeSchema } } },
          404: { description: 'ALTCHA is not the configured provider', content: { 'application/json': { schema: errorSchema } } },
        },
      }),
      async (c) => {
        if (!deps.captcha.createChallenge) throw new AppError('NOT_FOUND', 404, 'ALTCHA is not the configured captcha provider');
        const challenge = await deps.captcha.createChallenge();
        return c.json(
          { algorithm: challenge.algorithm, challenge: challenge.challenge, maxnumber: challenge.maxnumber, salt: challenge.salt, signature: challenge.signature },
          200,
          noStore,
        );
      },
    );
}
