import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { mountMetrics } from './app.ts';
import { errorBody, handleError } from './http/errors.ts';
import { createMetrics, requestContext } from './http/observability.ts';
import { createRouter } from './http/openapi.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { Logger } from './platform/logger.ts';

/**
 * The HTTP side of a worker process (ROLE=worker): liveness, readiness and metrics for the
 * orchestrator and Prometheus, nothing a user calls. Everything else answers 404.
 */
export function createWorkerApp({ config, database, logger }: { config: Config; database: Database; logger: Logger }) {
  const app = createRouter();
  const metrics = createMetrics();
  app.use('*', requestContext(logger, metrics));
  app.use('*', securityHeaders({ isHttps: config.isHttps, captchaProvider: config.captcha.provider }));
  app.onError(handleError(logger));
  app.get('/api/health', (c) => c.json({ status: 'ok' as const, role: 'worker' as const }, 200, { 'cache-control': 'no-store' }));
  app.get('/api/ready', async (c) => {
    const ok = await database.isReady().catch(() => false);
    return ok
      ? c.json({ status: 'ready' as const, database: 'ok' as const }, 200, { 'cache-control': 'no-store' })
      : c.json({ status: 'not_ready' as const, database: 'unavailable' as const }, 503, { 'cache-control': 'no-store' });
  });
  mountMetrics(app, { config, database, metrics, logger });
  app.notFound((c) => c.json(errorBody('NOT_FOUND', `A worker process serves only /api/health, /api/ready and /metrics (${c.req.method} ${c.req.path}).`), 404));
  return app;
}
