import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { Logger } from '../platform/logger.ts';

/** Thrown by services; app.onError turns it into `{ error: { code, message, details? } }`. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 429: the client may try again after `retryAfterSeconds` (sent as Retry-After). */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('TOO_MANY_REQUESTS', 429, message, { retryAfterSeconds });
    this.name = 'RateLimitedError';
  }
}

export type ErrorBody = { error: { code: string; message: string; details?: unknown } };

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

export function validationError(error: z.ZodError): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    422,
    error.issues[0]?.message ?? 'Invalid request',
    error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message, code: i.code })),
  );
}

/** Not in the spec: the answer when the server's disk (files or the database) is full. */
export const DISK_FULL_MESSAGE = 'The server has run out of storage space, so nothing was saved. Please try again later.';

/**
 * A write that failed for want of space: a file (ENOSPC, EDQUOT) or the database (SQLSTATE
 * 53100 disk_full, or PostgreSQL's 'No space left on device' when it could not extend a file).
 */
export function isDiskFull(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT' || e.code === '53100') return true;
    if (typeof e.message === 'string' && /No space left on device|could not extend file/i.test(e.message)) return true;
  }
  return false;
}

/** Not in the spec: the answer while the database cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';
/** Seconds a client is asked to wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN', '57P01', '57P02', '57P03', '57014']);

/**
 * An error from not reaching the database: refused or dropped connections, a connection or
 * statement timeout (SQLSTATE 57014), a server shutting down (57P0x), connection exceptions (08xxx).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (CONNECTION_ERROR_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
    if (typeof e.message === 'string' && /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|Connection ended unexpectedly/i.test(e.message)) return true;
  }
  return false;
}

export function databaseUnavailableResponse(): Response {
  return new Response(JSON.stringify(errorBody('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE)), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS), 'cache-control': 'no-store' },
  });
}

export function handleError(logger: Logger) {
  return (err: Error, c: Context) => {
    if (isDatabaseUnavailable(err)) {
      logger.warn({ err, path: c.req.path }, 'database unavailable: answered 503');
      return databaseUnavailableResponse();
    }
    if (isDiskFull(err)) {
      logger.error({ err, path: c.req.path }, 'disk full: a write failed');
      return c.json(errorBody('INSUFFICIENT_STORAGE', DISK_FULL_MESSAGE), 507);
    }
    if (err instanceof RateLimitedError) {
      return c.json(errorBody(err.code, err.message, err.details), 429, { 'retry-after': String(err.retryAfterSeconds) });
    }
    if (err instanceof AppError) {
      return c.json(errorBody(err.code, err.message, err.details), err.status);
    }
    if (err instanceof z.ZodError) {
      const appError = validationError(err);
      return c.json(errorBody(appError.code, appError.message, appError.details), 422);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json(errorBody(httpCode(err.status), err.message || 'Request failed'), err.status);
    }
    const requestId = c.get('requestId' as never) as string | undefined;
    logger.error({ err, requestId, path: c.req.path }, 'unhandled error');
    return c.json(errorBody('INTERNAL_ERROR', 'An unexpected error occurred.'), 500);
  };
}

function httpCode(status: number): string {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    default:
      return 'REQUEST_FAILED';
  }
}
