import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
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
    // On the answer's own headers: `c.header` after the answer is made would rebuild it around its body as a stream.
    c.res.headers.set('x-request-id', requestId);
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

/** What the work metrics read at scrape time (app.ts wires them to the queue tables and the bills). */
export type WorkMetricsSource = {
  /** Jobs per queue and state (created, retry, active). */
  queueDepth: () => Promise<{ queue: string; state: string; count: number }[]>;
  /** Bills finished since a moment, with their processing time and the reader's confidence. */
  processedSince: (since: Date) => Promise<{ processingTimeMs: number | null; confidence: number; finishedAt: Date }[]>;
};

/**
 * Adds the work metrics (issue 17): job queue depth as a gauge read at scrape time, and bill
 * processing time and extraction confidence as histograms. The histograms observe each bill
 * once, at the first scrape after it finished (the newest finish seen is kept), so they count
 * bills processed by every worker process; scrape one server process for them, or sum
 * per-process series knowing each bill appears once per scraped process.
 */
export function registerWorkMetrics(metrics: Metrics, source: WorkMetricsSource, logger: Logger): void {
  const { registry } = metrics;
  // prom-client collects every metric at once: the three share one read per scrape.
  let pending: Promise<void> | null = null;
  const refresh = () =>
    (pending ??= read().finally(() => {
      pending = null;
    }));
  const depth = new Gauge({
    name: 'wattwise_job_queue_depth',
    help: 'Jobs waiting or running, by queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    collect: () => refresh(),
  });
  const processing = new Histogram({
    name: 'wattwise_bill_processing_seconds',
    help: 'Time from reading start to saved fields per bill, in seconds',
    buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
    registers: [registry],
    collect: () => refresh(),
  });
  const confidence = new Histogram({
    name: 'wattwise_extraction_confidence',
    help: "The bill reader's overall confidence per processed bill (0..1)",
    buckets: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1],
    registers: [registry],
    collect: () => refresh(),
  });
  let since = new Date(0);
  async function read(): Promise<void> {
    try {
      const rows = await source.queueDepth();
      depth.reset();
      for (const row of rows) depth.set({ queue: row.queue, state: row.state }, row.count);
      for (const bill of await source.processedSince(since)) {
        if (bill.processingTimeMs !== null) processing.observe(bill.processingTimeMs / 1000);
        confidence.observe(bill.confidence);
        if (bill.finishedAt > since) since = bill.finishedAt;
      }
    } catch (error) {
      logger.warn({ err: error }, 'work metrics not read');
    }
  }
}
