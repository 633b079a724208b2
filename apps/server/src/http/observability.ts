import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Logger } from '../platform/logger.ts';
import type { AppEnv } from './types.ts';

const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/dev/');

const REQUEST_ID_RE = /^[\w.-]{1,100}$/;

export type Metrics = { registry: Registry; httpDuration: Histogram };

/** One registry per app, so tests can build several apps in one process. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return { registry, httpDuration };
}

/**
 * Request id (kept from X-Request-Id when sane, else new), a child logger carrying it,
 * one JSON log line per request and the request-duration histogram.
 */
export function requestContext(logger: Logger, metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('logger', log);
    await next();
    c.header('x-request-id', requestId);
    const seconds = (performance.now() - started) / 1000;
    const status = c.res.status;
    // The matched pattern, not the raw path, keeps label cardinality bounded.
    const route = matchedRoutes(c).findLast((r) => r.method !== 'ALL')?.path ?? 'unmatched';
    metrics.httpDuration.observe({ method: c.req.method, route, status: String(status) }, seconds);
    if (c.req.path === '/api/health' || c.req.path === '/metrics') return;
    const line = { method: c.req.method, path: c.req.path, status, ms: Math.round(seconds * 10_000) / 10 };
    if (status >= 500) log.error(line, 'request');
    // The web app's files (everything outside /api and /dev) are noise at info level.
    else if (isApiPath(c.req.path)) log.info(line, 'request');
    else log.debug(line, 'request');
  };
}
