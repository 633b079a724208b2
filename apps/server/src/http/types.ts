import type { Db } from '../db/client.ts';
import type { Logger } from '../platform/logger.ts';

/**
 * The signed-in user of a request (set by http/session.ts). `inScope` runs work in a transaction
 * limited to the user's rows by row-level security (db/user-scope.ts): the scope decision lives
 * here, once, and routes pass its `db` to the services they call. Work that queues jobs or
 * touches files uses the shared connection with the service's own user filters instead.
 */
export type RequestUser = {
  id: string;
  inScope: <T>(work: (db: Db, userId: string) => Promise<T>) => Promise<T>;
};

/** Variables every request carries through the middleware chain. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Present once http/session.ts's middleware has found the session. */
    user?: RequestUser;
  };
};
