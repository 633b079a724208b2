import { OpenAPIHono, type z } from '@hono/zod-openapi';
import { errorBodySchema } from '@wattwise/shared/contract/common';
import { validationError } from './errors.ts';
import type { AppEnv } from './types.ts';

/** A router whose zod validation failures become our 422 error shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}

/** A JSON response of the contract's `schema`, for `createRoute({ responses })`. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** An error response (`{ error: { code, message, details? } }`) described by the message users read. */
export function errorResponse(description: string) {
  return jsonResponse(errorBodySchema, description);
}

/** A required JSON request body of the contract's `schema`. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true };
}
