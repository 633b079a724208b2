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

export function handleError(logger: Logger) {
  return (err: Error, c: Context) => {
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
