import { createRoute } from '@hono/zod-openapi';
import {
  EMAIL_MESSAGES,
  emailEventListSchema,
  emailPreferencesResponseSchema,
  emailPreferencesUpdateSchema,
  providerEventBatchSchema,
  sendResultSchema,
  SUBSCRIBE_RATE_LIMIT,
  subscribeRequestSchema,
  subscribeResultSchema,
  testEmailRequestSchema,
  webhookResultSchema,
} from '@wattwise/shared/contract/email';
import { AppError } from '../../http/errors.ts';
import { getClientIp } from '../../http/client-ip.ts';
import { createRouter, errorResponse as err, jsonBody, jsonResponse as json } from '../../http/openapi.ts';
import { type SessionLookup, type SignedIn, signedInUser, withSignInMessage } from '../../http/session.ts';
import {
  createTestEmailSender,
  type EmailDeps,
  getEmailPreferences,
  handleProviderEvents,
  listEmailEvents,
  saveEmailPreferences,
  subscribe,
  verifyEmailWebhook,
} from './email.service.ts';

export const EMAIL_WEBHOOK_PATH = '/api/email/webhook';
export const EMAIL_SIGNATURE_HEADER = 'x-wattwise-signature';

export type EmailRoutesDeps = EmailDeps & { signedIn: SignedIn; lookup: SessionLookup; webhookSecret: string | undefined; trustProxy: boolean };

const unauthorized = err(EMAIL_MESSAGES.notAuthenticated);

export function createEmailRoutes(deps: EmailRoutesDeps) {
  const signedIn = withSignInMessage(deps.signedIn, EMAIL_MESSAGES.notAuthenticated);
  const sendTest = createTestEmailSender(deps);
  const signupRule = { name: 'email-subscribe', max: SUBSCRIBE_RATE_LIMIT.max, windowSeconds: SUBSCRIBE_RATE_LIMIT.windowMs / 1000, message: EMAIL_MESSAGES.tooManySignups };
  const router = createRouter();

  router.openAPIRegistry.registerPath({
    method: 'post',
    path: EMAIL_WEBHOOK_PATH,
    tags: ['Email'],
    summary: 'Provider email events (bounce, open, click, spam report, unsubscribe…), signed',
    description: `A JSON array of events in SendGrid's Event Webhook shape (email, event, timestamp, sg_event_id, reason, type). Header \`${EMAIL_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with EMAIL_WEBHOOK_SECRET>\`, at most 5 minutes old. Bounces suppress every further send to the address, spam reports every non-essential one.`,
    request: { body: jsonBody(providerEventBatchSchema) },
    responses: { 200: json(webhookResultSchema, 'Recorded'), 400: err('Not a list of events'), 401: err(EMAIL_MESSAGES.webhookSignature), 503: err(EMAIL_MESSAGES.webhookNotConfigured) },
  });
  router.post(EMAIL_WEBHOOK_PATH, async (c) => {
    if (!deps.webhookSecret) throw new AppError('NOT_CONFIGURED', 503, EMAIL_MESSAGES.webhookNotConfigured);
    const body = await c.req.text();
    if (!verifyEmailWebhook(body, c.req.header(EMAIL_SIGNATURE_HEADER), deps.webhookSecret)) throw new AppError('INVALID_SIGNATURE', 401, EMAIL_MESSAGES.webhookSignature);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new AppError('INVALID_BODY', 400, 'Not a list of events');
    }
    const events = providerEventBatchSchema.safeParse(parsed);
    if (!events.success) throw new AppError('INVALID_BODY', 400, 'Not a list of events');
    return c.json(await handleProviderEvents(deps.db, events.data), 200);
  });

  return router
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/email/preferences',
        middleware: [signedIn] as const,
        tags: ['Email'],
        summary: "The caller's email preferences (defaults until first saved)",
        responses: { 200: json(emailPreferencesResponseSchema, 'Preferences'), 401: unauthorized },
      }),
      async (c) => c.json(await signedInUser(c).inScope(getEmailPreferences), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/email/preferences',
        middleware: [signedIn] as const,
        tags: ['Email'],
        summary: "Saves the changed flags of the caller's email preferences",
        description: 'billing_notifications is also the Email Notifications switch of the notification preferences (one stored value).',
        request: { body: jsonBody(emailPreferencesUpdateSchema) },
        responses: { 200: json(emailPreferencesResponseSchema, 'Saved preferences'), 401: unauthorized, 422: err(EMAIL_MESSAGES.savePreferencesFailed) },
      }),
      async (c) => c.json(await signedInUser(c).inScope((db, userId) => saveEmailPreferences(db, userId, c.req.valid('json'))), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/email/events',
        middleware: [signedIn] as const,
        tags: ['Email'],
        summary: "The newest 20 events of mail sent to the caller or by the caller's test sends",
        responses: { 200: json(emailEventListSchema, 'Events'), 401: unauthorized },
      }),
      async (c) => c.json({ events: await signedInUser(c).inScope(listEmailEvents) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/email/test',
        middleware: [signedIn] as const,
        tags: ['Email'],
        summary: "Sends one template with example data to the caller's own verified address, through the real mail adapter (5 per 10 minutes)",
        request: { body: jsonBody(testEmailRequestSchema) },
        responses: { 200: json(sendResultSchema, 'Queued'), 401: unauthorized, 403: err(`${EMAIL_MESSAGES.testOwnAddressOnly} / ${EMAIL_MESSAGES.testNeedsVerifiedAddress}`), 422: err(EMAIL_MESSAGES.addressInvalid), 429: err(EMAIL_MESSAGES.tooManyTests) },
      }),
      async (c) => {
        await sendTest(signedInUser(c).id, c.req.valid('json'));
        return c.json({ success: true as const, queued: true as const }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/email/subscribe',
        tags: ['Email'],
        summary: 'The Stay Updated sign-up (visitors too): stores it and sends the welcome email with a signed unsubscribe link',
        description: "A signed-in caller's email preferences all turn on (02-tools §7 email_preferences upsert on subscribe).",
        request: { body: jsonBody(subscribeRequestSchema) },
        responses: { 200: json(subscribeResultSchema, 'Subscribed'), 422: err(EMAIL_MESSAGES.addressInvalid), 429: err(EMAIL_MESSAGES.tooManySignups), 502: err(EMAIL_MESSAGES.welcomeFailed) },
      }),
      async (c) => {
        const session = await deps.lookup(c.req.raw.headers);
        await deps.rateLimiter(signupRule, session ? `user:${session.userId}` : `ip:${getClientIp(c, deps.trustProxy) ?? 'unknown'}`);
        return c.json(await subscribe(deps, session?.userId ?? null, c.req.valid('json')), 200);
      },
    );
}
