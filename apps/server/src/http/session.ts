import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import { withUserScope } from '../db/user-scope.ts';
import { AppError } from './errors.ts';
import type { AppEnv, RequestUser } from './types.ts';

/** 01-core §5: what a signed-out visitor reads from every bill, property and analysis call. */
export const SIGN_IN_REQUIRED = 'Authentication required for bill processing';

/** 01-core §6: what a signed-in user who is not an admin reads from an admin endpoint. */
export const ADMIN_REQUIRED = 'Access denied: You do not have permission to view this page.';

/** Who is signed in for a request's headers (the session cookie), or null. */
export type SessionLookup = (headers: Headers) => Promise<{ userId: string } | null>;

/** As SessionLookup, with the user's role read fresh from the database (a demotion counts at once). */
export type AdminLookup = (headers: Headers) => Promise<{ userId: string; isAdmin: boolean } | null>;

function requestUser(db: Db, userId: string): RequestUser {
  return { id: userId, inScope: (work) => withUserScope(db, userId, (scoped) => work(scoped, userId)) };
}

/**
 * The one sign-in check of the API: looks the session up (once per request), answers 401 with
 * the spec's message without one (a feature whose spec words it differently wraps it in `withSignInMessage`), and puts the user on the context for the handler. Routes put
 * it first, before validation, so an anonymous call learns nothing about the request's shape.
 */
export function createSignedIn(deps: { db: Db; lookup: SessionLookup }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('user')) {
      const session = await deps.lookup(c.req.raw.headers);
      if (!session) throw new AppError('UNAUTHORIZED', 401, SIGN_IN_REQUIRED);
      c.set('user', requestUser(deps.db, session.userId));
    }
    await next();
  };
}

/**
 * The admin check of the API: 401 without a session, 403 with the spec's message for a user who
 * is not an admin, else the admin is on the context as with `createSignedIn`. Admin routes put it
 * first; the role is never taken from a cache.
 */
export function createAdminOnly(deps: { db: Db; lookup: AdminLookup }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await deps.lookup(c.req.raw.headers);
    if (!session) throw new AppError('UNAUTHORIZED', 401, SIGN_IN_REQUIRED);
    if (!session.isAdmin) throw new AppError('FORBIDDEN', 403, ADMIN_REQUIRED);
    c.set('user', requestUser(deps.db, session.userId));
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

/** The admin middleware feature routers receive from app.ts. */
export type AdminOnly = MiddlewareHandler<AppEnv>;

/**
 * The sign-in middleware answering a feature's own 401 message (the spec words it per feature,
 * e.g. smart home's 'User not authenticated'); everything else is `signedIn`'s.
 */
export function withSignInMessage(signedIn: SignedIn, message: string): SignedIn {
  return async (c, next) => {
    try {
      await signedIn(c, () => Promise.resolve());
    } catch (error) {
      if (error instanceof AppError && error.status === 401) throw new AppError('UNAUTHORIZED', 401, message);
      throw error;
    }
    await next();
  };
}
