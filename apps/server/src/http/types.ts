import type { Logger } from '../platform/logger.ts';

/** Variables every request carries through the middleware chain. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
  };
};
