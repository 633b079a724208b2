import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import { withUserScope } from '../db/user-scope.ts';
import { AppError } from './errors.ts';
import type { AppEnv, RequestUser } from './types.ts';

/** 01-core §5: what a signed-out visitor reads from every bill, property and analysis call. */
export const SIGN_IN_REQUIRED = 'Authentication required for bill processing';

/** Who is signed in for a request's headers (the session cookie), or null. */
export type SessionLookup = (headers: Headers) => Promise<{ userId: string } | null>;

/**
 * The one sign-in check of the API: looks the session up (once per request), answers 401 with
 * the spec's message without one, and puts the user on the context for the handler. Routes put
 * it first, before validation, so an anonymous call learns nothing about the request's shape.
 */
export function createSignedIn(deps: { db: Db; lookup: SessionLookup }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('user')) {
      const session = await deps.lookup(c.req.raw.headers);
      if (!session) throw new AppError('UNAUTHORIZED', 401, SIGN_IN_REQUIRED);
      const { userId } = session;
      c.set('user', {
        id: userId,
        inScope: (work) => withUserScope(deps.db, userId, (scoped) => work(scoped, userId)),
      } satisfies RequestUser);
    }
    await next();
  };
}

/**
 * The user the sign-in middleware found. A route that forgot the middleware fails closed with
 * the same 401 instead of running without a user.
 */
export function signedInUser(c: Context<AppEnv>): RequestUser {
  const user = c.get('user');
  if (!user) throw new AppError('UNAUTHORIZED', 401, SIGN_IN_REQUIRED);
  return user;
}

/** The sign-in middleware feature routers receive from app.ts. */
export type SignedIn = MiddlewareHandler<AppEnv>;
