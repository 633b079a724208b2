import { type Config, REPO_ROOT, type Secrets } from './config.ts';
import type { Database } from './db/client.ts';
import path from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { createAnalysisRoutes } from './features/analysis/analysis.routes.ts';
import { createAssistantRoutes } from './features/assistant/assistant.routes.ts';
import { createAuthRoutes } from './features/auth/auth.routes.ts';
import { createAccountRoutes } from './features/account/account.routes.ts';
import { AUDITED_AUTH_PATHS, auditAuthOutcome, type AuditRecorder, createAuditRecorder, SESSION_AUTH_PATHS } from './features/account/audit.ts';
import type { MiddlewareHandler } from 'hono';
import { getClientIp } from './http/client-ip.ts';
import type { AppEnv } from './http/types.ts';
import { createBillListVersions } from './features/bills/bill-list-cache.ts';
import { createCalculatorRoutes } from './features/calculators/calculators.routes.ts';
import { createGamificationRoutes } from './features/gamification/gamification.routes.ts';
import { BILL_READINGS_PATH, createBillRoutes } from './features/bills/bills.routes.ts';
import type { DocumentReader } from '@wattwise/extractor/extract';
import type { BillsDeps } from './features/bills/bills.service.ts';
import { createFeedbackAnalysisRoutes } from './features/feedback/feedback-analysis.routes.ts';
import { createFeedbackRoutes } from './features/feedback/feedback.routes.ts';
import { createProcessingRoutes } from './features/processing/processing.routes.ts';
import { createPropertyRoutes } from './features/properties/properties.routes.ts';
import { createPaymentRoutes, PLAN_SIGN_UP_PATH, WEBHOOK_PATH } from './features/payments/payments.routes.ts';
import { createTestCheckoutRoutes } from './features/payments/test-checkout.routes.ts';
import { createAuth, getSession, isAdmin } from './features/auth/auth.service.ts';
import { createAdminRoutes } from './features/admin/admin.routes.ts';
import { createMlAnalyticsRoutes } from './features/ml-analytics/ml-analytics.routes.ts';
import { createSearchRoutes } from './features/search/search.routes.ts';
import { createPlatformStatusRoutes } from './features/platform-status/platform-status.routes.ts';
import { createPlatformStatus } from './features/platform-status/platform-status.service.ts';
import { createRebateRoutes, IMPORT_PATH } from './features/rebates/rebates.routes.ts';
import { createMeterDataRoutes, METER_UPLOAD_PATH } from './features/meter-data/meter-data.routes.ts';
import { createDevMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes.ts';
import { createSystemRoutes } from './features/system/system.routes.ts';
import { createSmartHomeRoutes } from './features/smart-home/smart-home.routes.ts';
import { createSmartHomeDeps } from './features/smart-home/smart-home.setup.ts';
import { deviceTokenKey } from './features/iot/device-token.ts';
import { createIotRoutes } from './features/iot/iot.routes.ts';
import { createAppointmentRoutes } from './features/appointments/appointments.routes.ts';
import { describeBusinessHours } from '@wattwise/shared/contract/appointments';
import { createSupportRoutes } from './features/support/support.routes.ts';
import { createEmailRoutes } from './features/email/email.routes.ts';
import { createTicketMirror } from './features/support/support.jobs.ts';
import { createNotificationRoutes } from './features/notifications/notifications.routes.ts';
import { createNotifier, createStaffAlerts, type Notifier } from './features/notifications/notifications.service.ts';
import { unsubscribeKey } from './platform/unsubscribe-token.ts';
import { mountApiDocs } from './http/docs.ts';
import { errorBody, handleError } from './http/errors.ts';
import { answerDatabaseOutagesWith503 } from './http/database-outage.ts';
import { compressApiAnswers } from './http/compression.ts';
import { createMetrics, registerWorkMetrics, requestContext } from './http/observability.ts';
import { listProcessedSince } from './features/bills/bills.service.ts';
import { createRouter } from './http/openapi.ts';
import { appRateLimits, createRateLimiter, limitRoutes } from './http/rate-limit.ts';
import { limitRequestBodies, requireSameOriginWrites } from './http/request-guards.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createAdminOnly, createSignedIn } from './http/session.ts';
import { sessionCache } from './http/session-cache.ts';
import { mountSeoRoutes } from './http/seo.ts';
import { serveWebApp } from './http/static.ts';
import { descriptionForPath } from '@wattwise/shared/web-route-descriptions';
import { isBuiltScreen, titleForPath } from '@wattwise/shared/web-routes';
import { type AiProvider, createAiProvider } from './platform/ai.ts';
import { type CaptchaVerifier, createCaptchaVerifier } from './platform/captcha.ts';
import { createHelpdesk } from './platform/helpdesk/create-helpdesk.ts';
import type { Helpdesk } from './platform/helpdesk/helpdesk.ts';
import type { Logger } from './platform/logger.ts';
import type { Mailer } from './platform/mail.ts';
import { type AdjustableClock, type Clock, createAdjustableClock, systemClock } from './platform/clock.ts';
import type { Queue } from './platform/queue.ts';
import { createPaymentsProvider, type PaymentsProvider, signPaymentEvent } from './platform/payments/payments.ts';
import { createRealtime, type Realtime } from './platform/realtime.ts';
import type { Storage } from './platform/storage.ts';
import { createStorageFromConfig } from './platform/s3-storage.ts';
import { createEncryptedStorage, isEncryptedStorage } from './platform/encrypted-storage.ts';

export const APP_VERSION = '0.1.0';
/** The held-out bills 'Train Model' measures a reader version on (generated, never trained on; decision 101). */
const HELDOUT_BILLS = 'packages/extractor/test-fixtures/generated';

export type AppDeps = {
  config: Config;
  secrets: Secrets;
  database: Database;
  queue: Pick<Queue, 'send'>;
  mailer: Pick<Mailer, 'kind'>;
  logger: Logger;
  /** Tests may swap the captcha verifier; by default it follows the config. */
  captcha?: CaptchaVerifier;
  /** Bill files and live events; built from the config and database when not given. */
  storage?: Storage;
  /** 'Download my data' archives (DATA_DIR/exports when not given). */
  exportStorage?: Storage;
  /** Where imported Green Button files are kept (default: {dataDir}/meter-data). */
  meterStorage?: Storage;
  realtime?: Realtime;
  /** The one notification service (built from the database, queue and realtime when not given). */
  notifier?: Notifier;
  /** Tests may swap the AI provider; by default it follows the config (null: offline engines). */
  ai?: AiProvider | null;
  /** The clock of automation rules and simulated devices (system time unless a test sets one). */
  clock?: Clock;
  /** TEST_CLOCK: the clock POST /api/dev/clock moves (never in production). */
  clockControl?: AdjustableClock | null;
  /** Tests may swap the fetch the smart-home platforms call (Home Assistant). */
  fetch?: typeof fetch;
  /** Tests may swap the payments provider; by default it follows the config (Stripe or the built-in checkout). */
  payments?: PaymentsProvider;
  /** The outside helpdesk (Zendesk) or null; by default it follows the config. */
  helpdesk?: Helpdesk | null;
  /** The demo account shown on the sign-in dialog in demo mode (DEMO_DATA). */
  demoAccount?: { email: string; password: string } | null;
  /** The reader pool 'Read from bill' (POST /api/bill-readings) reads in; unset, it reads in this thread (tests). */
  read?: DocumentReader;
};

/** Builds the whole HTTP app from its parts; main.ts serves it and tests call `app.request`. */
export function createApp(deps: AppDeps) {
  const { config, database, logger } = deps;
  const db = database.db;
  const auth = createAuth({ config, secrets: deps.secrets, db, queue: deps.queue, logger });
  const captcha = deps.captcha ?? createCaptchaVerifier(config.captcha, { altchaHmacKey: deps.secrets.altchaHmacKey, db, logger });
  const metrics = createMetrics();
  const devMailbox = deps.mailer.kind === 'outbox';

  const app = createRouter();
  app.use('*', requestContext(logger, metrics));
  app.use('*', answerDatabaseOutagesWith503(database));
  app.use('*', securityHeaders({ isHttps: config.isHttps, captchaProvider: config.captcha.provider }));
  // The upload and catalogue-import routes limit their own bodies once they know who is asking.
  app.use('*', limitRequestBodies({ exempt: (method, path) => method === 'POST' && (path === '/api/bills' || path === BILL_READINGS_PATH || path === IMPORT_PATH || path === METER_UPLOAD_PATH) }));
  // The payments webhook is signature-checked and never acts on a cookie (docs/decisions/125-csrf-csp-and-proof-of-access.md).
  app.use('*', requireSameOriginWrites({
    origins: [config.publicUrl, ...config.trustedOrigins],
    exempt: (p) => p === WEBHOOK_PATH,
    signsIn: (p) => p.startsWith('/api/auth/') || p === PLAN_SIGN_UP_PATH,
  }));
  app.use('/api/*', compressApiAnswers());
  app.use('/api/*', sessionCache());
  app.onError(handleError(logger));
  app.notFound((c) =>
    c.req.path.startsWith('/api/') || c.req.path.startsWith('/dev/')
      ? c.json(errorBody('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`), 404)
      : c.text('Not found', 404),
  );

  // The demo password goes to browsers only in development; a production demo shows the address only.
  const demoAccount = deps.demoAccount ? { email: deps.demoAccount.email, password: config.isProduction ? null : deps.demoAccount.password } : null;
  // The mailbox link is shown to visitors only where they may open it without being an admin.
  const storage = deps.storage ?? createEncryptedStorage(createStorageFromConfig(config, 'uploads'), deps.secrets.fileEncryption);
  const security = { https: config.isHttps, filesEncrypted: isEncryptedStorage(storage), complianceStatement: config.complianceStatement };
  app.route('/', createSystemRoutes({ database, captcha, devMailbox: devMailbox && !config.isProduction, demoAccount, security, operator: { ...config.operator, hours: describeBusinessHours(config.businessCalendar) } }));
  const audit = createAuditRecorder({ db, logger });
  app.route('/', createAuthRoutes({ auth, captcha, config, audit: { paths: AUDITED_AUTH_PATHS, sessionPaths: SESSION_AUTH_PATHS, record: (outcome) => auditAuthOutcome({ db, record: audit }, outcome) } }));
  const realtime = deps.realtime ?? createRealtime(database, logger);
  const emailUnsubscribeKey = unsubscribeKey(deps.secrets.authSecret);
  const notifier = deps.notifier ?? createNotifier({ db, queue: deps.queue, realtime, logger, publicUrl: config.publicUrl, unsubscribeKey: emailUnsubscribeKey });
  const bills: BillsDeps = {
    db,
    storage,
    realtime,
    queue: deps.queue,
    logger,
    notifier,
  };
  // The one sign-in check of the feature routes (http/session.ts).
  const sessionLookup = async (headers: Headers) => {
    const session = await getSession(auth, headers);
    return session ? { userId: session.user.id } : null;
  };
  const signedIn = createSignedIn({ db, lookup: sessionLookup });
  // Mail-sending and AI endpoints: per user when signed in, else per client address (http/rate-limit.ts).
  const rateLimiter = createRateLimiter(database);
  app.use('/api/*', limitRoutes({
    limiter: rateLimiter,
    routes: appRateLimits(config.contactRateLimit),
    subjectOf: async (c) => {
      const session = await sessionLookup(c.req.raw.headers);
      return session ? `user:${session.userId}` : `ip:${getClientIp(c, config.trustProxy) ?? 'unknown'}`;
    },
  }));
  // The one admin check (01-core §6): the role is read fresh from the database on every call.
  const adminOnly = createAdminOnly({ db, lookup: async (headers) => {
    const session = await getSession(auth, headers, { fresh: true });
    return session ? { userId: session.user.id, isAdmin: isAdmin(session.user) } : null;
  } });
  // Every admin write (ticket replies, reviews, role changes…) goes to the audit log with the admin as actor.
  app.use('/api/admin/*', auditAdminWrites(audit, config.trustProxy));
  // Bill search honours a user id filter for admins only (decision 100).
  const isAdminCaller = async (headers: Headers) => isAdmin((await getSession(auth, headers, { fresh: true }))?.user);
  app.route('/', createPropertyRoutes({ signedIn }));
  // The built-in checkout posts its signed events to the same webhook route Stripe would call.
  const deliver = (payload: string) =>
    Promise.resolve(app.request(WEBHOOK_PATH, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signPaymentEvent(payload, payments.webhookSecret) }, body: payload }));
  const payments: PaymentsProvider = deps.payments ?? createPaymentsProvider(config.payments, { publicUrl: config.publicUrl, authSecret: deps.secrets.authSecret, deliver });
  const exportStorage = deps.exportStorage ?? createEncryptedStorage(createStorageFromConfig(config, 'exports'), deps.secrets.fileEncryption);
  const account = { db, auth, storage: bills.storage, exportStorage, queue: deps.queue, payments, audit, logger, secret: deps.secrets.authSecret };
  app.route('/', createAccountRoutes({ ...account, signedIn, adminOnly, config }));
  app.route('/', createPaymentRoutes({ db, auth, provider: payments, publicUrl: config.publicUrl, queue: deps.queue, logger, signedIn, adminOnly, captcha, trustProxy: config.trustProxy, notifier }));
  if (payments.kind === 'test') app.route('/', createTestCheckoutRoutes({ db, deliver }));
  // One count of changes per user's bills and recommendations, read by both kinds of kept answers.
  const billVersions = createBillListVersions(database);
  app.route('/', createBillRoutes({ ...bills, signedIn, uploadLimits: config.uploadLimits, clientIp: (c) => getClientIp(c, config.trustProxy), billListCacheBytes: config.billListCacheBytes, billListVersions: billVersions, planLimits: config.planLimits, read: deps.read }));
  const meterStorage = deps.meterStorage ?? createEncryptedStorage(createStorageFromConfig(config, 'meter-data'), deps.secrets.fileEncryption);
  app.route('/', createMeterDataRoutes({ db, storage: meterStorage, logger, signedIn }));
  app.route('/', createAnalysisRoutes({ signedIn, notifier, logger, answerCacheBytes: config.billListCacheBytes, versions: billVersions }));
  app.route('/', createEmailRoutes({ db, queue: deps.queue, logger, publicUrl: config.publicUrl, unsubscribeKey: emailUnsubscribeKey, signedIn, lookup: sessionLookup, webhookSecret: config.emailWebhookSecret, trustProxy: config.trustProxy, rateLimiter }));
  app.route('/', createNotificationRoutes({ db, unsubscribeKey: emailUnsubscribeKey, signedIn, notifier, realtime }));
  const staffAlerts = createStaffAlerts({ db, queue: deps.queue, notifier, supportEmail: config.operator.supportEmail });
  app.route('/', createAppointmentRoutes({ db, signedIn, adminOnly, queue: deps.queue, staff: staffAlerts, logger, calendar: config.businessCalendar, organizer: { name: config.operator.name, email: config.operator.supportEmail } }));
  const helpdesk = deps.helpdesk === undefined ? createHelpdesk(config.helpdesk, { logger }) : deps.helpdesk;
  app.route(
    '/',
    createSupportRoutes({
      db,
      signedIn,
      adminOnly,
      notifier,
      sessionOf: sessionLookup,
      isAdminCaller,
      mirror: createTicketMirror({ db, helpdesk, notifier, logger }, deps.queue),
      captcha,
      trustProxy: config.trustProxy,
      logger,
      staff: staffAlerts,
      queue: deps.queue,
      operator: config.operator,
    }),
  );
  app.route('/', createFeedbackRoutes({ signedIn }));
  app.route('/', createProcessingRoutes({ signedIn }));
  const ai = deps.ai === undefined ? createAiProvider(config.ai) : deps.ai;
  app.route('/', createRebateRoutes({ db, signedIn, adminOnly, ai, rewiringAmerica: config.rewiringAmerica }));
  app.route('/', createAssistantRoutes({ db, signedIn, ai, trustProxy: config.trustProxy, logger, lookup: sessionLookup, rateLimiter }));
  app.route('/', createCalculatorRoutes({ signedIn, db }));
  app.route('/', createGamificationRoutes({ signedIn, db }));
  const clockControl = config.smartHome.testClock ? (deps.clockControl ?? createAdjustableClock()) : null;
  const smartHome = createSmartHomeDeps({
    db,
    logger,
    clock: clockControl ?? deps.clock ?? systemClock,
    config: config.smartHome,
    authSecret: deps.secrets.authSecret,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  app.route('/', createSmartHomeRoutes({ ...smartHome, signedIn, clockControl, isAdminCaller, publicUrl: config.publicUrl }));
  const iot = { db, realtime: bills.realtime, clock: smartHome.clock, logger };
  app.route('/', createIotRoutes({ ...iot, signedIn, deviceTokens: { key: deviceTokenKey(deps.secrets.authSecret), mqttEnabled: Boolean(config.smartHome.mqttUrl) } }));
  app.route('/', createAdminRoutes({ adminOnly, captcha }));
  app.route('/', createSearchRoutes({ db, signedIn, isAdminCaller }));
  app.route('/', createMlAnalyticsRoutes({ db, signedIn }));
  const platformStatus = createPlatformStatus({ database, storage: bills.storage, realtime: bills.realtime, captcha, mailKind: deps.mailer.kind, aiName: ai?.name ?? null, helpdesk, version: APP_VERSION });
  app.route('/', createPlatformStatusRoutes({ status: platformStatus, adminOnly, database }));
  app.route('/', createFeedbackAnalysisRoutes({ db, storage: bills.storage, adminOnly, heldoutDir: path.join(REPO_ROOT, HELDOUT_BILLS) }));
  if (devMailbox) app.route('/', createDevMailboxRoutes({ db, auth, allowLoopback: !config.isProduction, publicUrl: config.publicUrl }));
  // Production: the API reference is for admins unless API_DOCS_PUBLIC says otherwise.
  mountApiDocs(app, { publicUrl: config.publicUrl, version: APP_VERSION, ...(config.apiDocsPublic ? {} : { guard: adminOnly }) });
  mountMetrics(app, { config, database, metrics, logger });
  mountSeoRoutes(app, { publicUrl: config.publicUrl });
  app.use('*', serveWebApp({
      distDir: config.webDistDir,
      logger,
      isAppPath: isBuiltScreen,
      pageMeta: (pathname) => ({ title: titleForPath(pathname), description: descriptionForPath(pathname) }),
    }),);

  return { app, auth, captcha, metrics, bills, smartHome, iot, clockControl, notifier, realtime, payments, account, helpdesk };
}

export type App = ReturnType<typeof createApp>['app'];

/**
 * Records each admin write once the admin check has passed (the middleware put the admin on the
 * context): method, path and answer, with the admin as actor.
 */
function auditAdminWrites(audit: AuditRecorder, trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const admin = c.get('user');
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || !admin) return;
    await audit({ event: 'admin_action', userId: null, actorId: admin.id, ip: getClientIp(c, trustProxy) ?? null, userAgent: c.req.header('user-agent') ?? null, detail: { method: c.req.method, path: c.req.path, status: c.res.status } });
  };
}

/** GET /metrics: request and work metrics (queue depth read at scrape time); behind METRICS_TOKEN, off in production without one. */
export function mountMetrics(
  app: ReturnType<typeof createRouter>,
  { config, database, metrics, logger }: { config: Pick<Config, 'isProduction' | 'metricsToken'>; database: Database; metrics: ReturnType<typeof createMetrics>; logger: Logger },
): void {
  registerWorkMetrics(
    metrics,
    {
      queueDepth: async () =>
        (await database.execute("select name, state, count(*)::int as count from pgboss.job where state in ('created', 'retry', 'active') group by name, state")).rows.map((r) => ({
          queue: String(r.name),
          state: String(r.state),
          count: Number(r.count),
        })),
      processedSince: (since) => listProcessedSince(database.db, since),
    },
    logger,
  );
  app.get('/metrics', async (c) => {
    // Production: metrics exist only once a token guards them.
    if (config.isProduction && !config.metricsToken) return c.json(errorBody('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`), 404);
    if (config.metricsToken && !bearerMatches(c.req.header('authorization'), config.metricsToken)) {
      return c.json(errorBody('UNAUTHORIZED', 'A metrics token is required.'), 401, { 'www-authenticate': 'Bearer' });
    }
    return c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
  });
}

/** Constant-time check of an `Authorization: Bearer …` header against the expected token. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
