import { compress } from 'hono/compress';
import { type Config, REPO_ROOT, type Secrets } from './config.ts';
import type { Database } from './db/client.ts';
import path from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { createAnalysisRoutes } from './features/analysis/analysis.routes.ts';
import { createAuthRoutes } from './features/auth/auth.routes.ts';
import { createBillRoutes } from './features/bills/bills.routes.ts';
import type { BillsDeps } from './features/bills/bills.service.ts';
import { createFeedbackAnalysisRoutes } from './features/feedback/feedback-analysis.routes.ts';
import { createFeedbackRoutes } from './features/feedback/feedback.routes.ts';
import { createProcessingRoutes } from './features/processing/processing.routes.ts';
import { createPropertyRoutes } from './features/properties/properties.routes.ts';
import { createAdminRoutes } from './features/admin/admin.routes.ts';
import { createAuth, getSession, isAdmin } from './features/auth/auth.service.ts';
import { createMlAnalyticsRoutes } from './features/ml-analytics/ml-analytics.routes.ts';
import { createSearchRoutes } from './features/search/search.routes.ts';
import { createPlatformStatusRoutes } from './features/platform-status/platform-status.routes.ts';
import { createPlatformStatus } from './features/platform-status/platform-status.service.ts';
import { createRebateRoutes, IMPORT_PATH } from './features/rebates/rebates.routes.ts';
import { createDevMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes.ts';
import { createSystemRoutes } from './features/system/system.routes.ts';
import { mountApiDocs } from './http/docs.ts';
import { errorBody, handleError } from './http/errors.ts';
import { createMetrics, registerWorkMetrics, requestContext } from './http/observability.ts';
import { listProcessedSince } from './features/bills/bills.service.ts';
import { createRouter } from './http/openapi.ts';
import { limitRequestBodies, requireSameOriginWrites } from './http/request-guards.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createAdminOnly, createSignedIn } from './http/session.ts';
import { sessionCache } from './http/session-cache.ts';
import { mountSeoRoutes } from './http/seo.ts';
import { serveWebApp } from './http/static.ts';
import { descriptionForPath, isBuiltScreen, titleForPath } from '@wattwise/shared/web-routes';
import { type AiProvider, createAiProvider } from './platform/ai.ts';
import { type CaptchaVerifier, createCaptchaVerifier } from './platform/captcha.ts';
import type { Logger } from './platform/logger.ts';
import type { Mailer } from './platform/mail.ts';
import type { Queue } from './platform/queue.ts';
import { createRealtime, type Realtime } from './platform/realtime.ts';
import { createLocalStorage, type Storage } from './platform/storage.ts';

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
  realtime?: Realtime;
  /** Tests may swap the AI provider; by default it follows the config (null: offline engines). */
  ai?: AiProvider | null;
  /** The demo account shown on the sign-in dialog in demo mode (DEMO_DATA). */
  demoAccount?: { email: string; password: string } | null;
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
  app.use('*', securityHeaders({ isHttps: config.isHttps, captchaProvider: config.captcha.provider }));
  // The upload and catalogue-import routes limit their own bodies once they know who is asking.
  app.use('*', limitRequestBodies({ exempt: (method, path) => method === 'POST' && (path === '/api/bills' || path === IMPORT_PATH) }));
  app.use('*', requireSameOriginWrites({ origins: [config.publicUrl, ...config.trustedOrigins] }));
  app.use('/api/*', compress());
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
  app.route('/', createSystemRoutes({ database, captcha, devMailbox: devMailbox && !config.isProduction, demoAccount }));
  app.route('/', createAuthRoutes({ auth, captcha, config }));
  const bills: BillsDeps = {
    db,
    storage: deps.storage ?? createLocalStorage(path.join(config.dataDir, 'uploads')),
    realtime: deps.realtime ?? createRealtime(database, logger),
    queue: deps.queue,
    logger,
  };
  // The one sign-in check of the feature routes (http/session.ts).
  const signedIn = createSignedIn({ db, lookup: async (headers) => {
    const session = await getSession(auth, headers);
    return session ? { userId: session.user.id } : null;
  } });
  // The one admin check (01-core §6): the role is read fresh from the database on every call.
  const adminOnly = createAdminOnly({ db, lookup: async (headers) => {
    const session = await getSession(auth, headers, { fresh: true });
    return session ? { userId: session.user.id, isAdmin: isAdmin(session.user) } : null;
  } });
  // Bill search honours a user id filter for admins only (decision 100).
  const isAdminCaller = async (headers: Headers) => isAdmin((await getSession(auth, headers, { fresh: true }))?.user);
  app.route('/', createPropertyRoutes({ signedIn }));
  app.route('/', createBillRoutes({ ...bills, signedIn, uploadLimits: config.uploadLimits }));
  app.route('/', createAnalysisRoutes({ signedIn }));
  app.route('/', createFeedbackRoutes({ signedIn }));
  app.route('/', createProcessingRoutes({ signedIn }));
  app.route('/', createAdminRoutes({ adminOnly, captcha }));
  app.route('/', createSearchRoutes({ db, signedIn, isAdminCaller }));
  app.route('/', createMlAnalyticsRoutes({ db, signedIn }));
  const ai = deps.ai ?? createAiProvider(config.ai);
  const platformStatus = createPlatformStatus({ database, storage: bills.storage, realtime: bills.realtime, captcha, mailKind: deps.mailer.kind, aiName: ai?.name ?? null, version: APP_VERSION });
  app.route('/', createPlatformStatusRoutes({ status: platformStatus, adminOnly, database }));
  app.route('/', createFeedbackAnalysisRoutes({ db, storage: bills.storage, adminOnly, heldoutDir: path.join(REPO_ROOT, HELDOUT_BILLS) }));
  app.route('/', createRebateRoutes({ db, auth, ai, rewiringAmerica: config.rewiringAmerica }));
  if (devMailbox) app.route('/', createDevMailboxRoutes({ db, auth, allowLoopback: !config.isProduction }));
  mountApiDocs(app, { publicUrl: config.publicUrl, version: APP_VERSION });
  registerWorkMetrics(
    metrics,
    {
      queueDepth: async () =>
        (await database.execute("select name, state, count(*)::int as count from pgboss.job where state in ('created', 'retry', 'active') group by name, state")).rows.map((r) => ({
          queue: String(r.name),
          state: String(r.state),
          count: Number(r.count),
        })),
      processedSince: (since) => listProcessedSince(db, since),
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
  mountSeoRoutes(app, { publicUrl: config.publicUrl });
  app.use('*', serveWebApp({
      distDir: config.webDistDir,
      logger,
      isAppPath: isBuiltScreen,
      pageMeta: (pathname) => ({ title: titleForPath(pathname), description: descriptionForPath(pathname) }),
    }),);

  return { app, auth, captcha, metrics, bills };
}

export type App = ReturnType<typeof createApp>['app'];

/** Constant-time check of an `Authorization: Bearer …` header against the expected token. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
