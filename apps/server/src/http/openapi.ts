import { OpenAPIHono } from '@hono/zod-openapi';
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
