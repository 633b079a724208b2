import { OpenAPIHono, z } from '@hono/zod-openapi';
import { validationError } from './errors.ts';
import { SIGN_IN_REQUIRED } from './session.ts';
import type { AppEnv } from './types.ts';

/** A router whose zod validation failures become our 422 error shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}

/** The error body every API route answers with (http/errors.ts builds it), as documented. */
export const errorSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) })
  .openapi('Error');

/** An error response of a route's OpenAPI description. */
export const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });

/** A JSON response of a route's OpenAPI description. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

/** The 401 of every route behind the sign-in middleware. */
export const unauthorizedResponse = errorResponse(SIGN_IN_REQUIRED);

/** `{id}` path parameter: a uuid (anything else is 422 before any lookup). */
export const idParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
