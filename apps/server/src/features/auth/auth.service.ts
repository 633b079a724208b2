import { randomBytes } from 'node:crypto';
import { checkSignUpPassword } from '@wattwise/shared/auth';
import { betterAuth } from 'better-auth';
import { and, count, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin, twoFactor } from 'better-auth/plugins';
import type { Config, Secrets } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { account, rateLimit, session, twoFactor as twoFactorTable, user, verification } from '../../db/schema/auth.ts';
import type { Logger } from '../../platform/logger.ts';
import { type MailMessage, SEND_EMAIL_JOB } from '../../platform/mail.ts';
import type { Queue } from '../../platform/queue.ts';
import { signUnsubscribeToken, unsubscribeKey } from '../../platform/unsubscribe-token.ts';
import { accountExistsEmail, resetPasswordEmail, verificationEmail, welcomeEmail } from './auth.emails.ts';
import { AppError } from '../../http/errors.ts';
import { keepRenewedSessionCookies, mustReadSessionFresh } from '../../http/session-cache.ts';
import { ADMIN_REQUIRED } from '../../http/session.ts';

/** Header our HTTP layer sets to the client address it trusts; better-auth rate-limits on it. */
export const CLIENT_IP_HEADER = 'x-wattwise-client-ip';
/** Header our HTTP layer sets (and strips from clients) when the request passed a human check. */
export const HUMAN_CHECKED_HEADER = 'x-wattwise-human-checked';

export type AuthDeps = {
  config: Pick<Config, 'publicUrl' | 'trustedOrigins' | 'signInRateLimit' | 'isHttps' | 'sessionCacheSeconds'>;
  secrets: Pick<Secrets, 'authSecret'>;
  db: Db;
  queue: Pick<Queue, 'send'>;
  logger: Logger;
};

function originOf(request: Request | undefined): string | undefined {
  const host = request?.headers.get('host');
  if (!request || !host) return undefined;
  return `${new URL(request.url).protocol}//${host}`;
}

/**
 * better-auth configured for Wattwise: email + password with required verification,
 * DB sessions in http-only cookies refreshed daily, an admin role on the user, rate
 * limits stored in the database (shared by every process), and the spec's password rule.
 */
export function createAuth(deps: AuthDeps) {
  const auth = createBetterAuth(deps);
  // Reads may reuse a verified copy of the session for a few seconds (see getSession).
  if (deps.config.sessionCacheSeconds > 0) verifiedReads.set(auth, createVerifiedReads(Math.min(VERIFIED_READ_MS, deps.config.sessionCacheSeconds * 1000)));
  return auth;
}

/** Runs `work` after the current request has been answered (a macrotask later), logging its failure. */
function afterAnswer(work: () => Promise<unknown>, onError: (error: unknown) => void): void {
  setTimeout(() => void work().catch(onError), 0);
}

function createBetterAuth(deps: AuthDeps) {
  const { config, db, queue, logger } = deps;
  const enqueue = async (message: MailMessage) => {
    await queue.send(SEND_EMAIL_JOB, message);
  };

  // Verification links that change an account's address (not a sign-up): no welcome mail for them.
  const emailChanges = new WeakSet<Request>();
  return betterAuth({
    appName: 'Wattwise',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: deps.secrets.authSecret,
    // Same-origin requests are always trusted; so are configured origins (e.g. the Vite dev server).
    trustedOrigins: (request) => [config.publicUrl, ...config.trustedOrigins, originOf(request)],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, rateLimit, twoFactor: twoFactorTable } }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // The answer must not wait for the mail: rendering it takes longer than the lookup for an
      // unknown address, so the time of the answer would tell whether an account exists (issue 27;
      // bench/reset-timing.ts measures it). The mail is rendered and queued once the answer is out.
      // Sign-up with a registered address answers exactly like a new one (auth.routes.ts gives
      // both the same body); the owner gets a mail saying so instead (issue 27: no enumeration).
      onExistingUserSignUp: ({ user: u }) => {
        afterAnswer(() => accountExistsEmail(u.email, config.publicUrl, u.id).then(enqueue), (error) => logger.error({ err: error }, 'account-exists mail not queued'));
        return Promise.resolve();
      },
      sendResetPassword: ({ user: u, url }) => {
        afterAnswer(() => resetPasswordEmail(u.email, u.name, url, u.id).then(enqueue), (error) => logger.error({ err: error }, 'password reset mail not queued'));
        return Promise.resolve();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      // Like the reset mail: rendered after the answer, so a sign-up takes no longer for a new address.
      sendVerificationEmail: ({ user: u, url }) => {
        afterAnswer(() => verificationEmail(u.email, u.name, url, u.id).then(enqueue), (error) => logger.error({ err: error }, 'verification mail not queued'));
        return Promise.resolve();
      },
      // Spec 01-core §7: a welcome mail follows sign-up; failures are only logged.
      afterEmailVerification: async (u, request) => {
        if (request && emailChanges.has(request)) return;
        await welcomeEmail({ email: u.email, name: u.name, userId: u.id }, config.publicUrl, signUnsubscribeToken(unsubscribeKey(deps.secrets.authSecret), u.id))
          .then(enqueue)
          .catch((error: unknown) =>
          logger.warn({ err: error }, 'welcome mail not queued'),
        );
      },
    },
    // Settings page: a new address must be confirmed from a link mailed to it before it counts.
    user: { changeEmail: { enabled: true } },
    session: {
      expiresIn: 30 * 24 * 60 * 60,
      // Sliding sessions: a session used after a day gets its expiry pushed out.
      updateAge: 24 * 60 * 60,
      // Reads trust a signed copy of the session in a cookie for this long instead of a query per
      // request; writes always check the database (docs/decisions/030-session-cookie-cache.md).
      cookieCache: { enabled: config.sessionCacheSeconds > 0, maxAge: config.sessionCacheSeconds },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        // Every page reads the session; behind a proxy without TRUST_PROXY all users share one
        // address, so limiting these reads would sign everyone out at once. Sign-in attempts stay limited.
        '/get-session': false,
        '/sign-in/email': config.signInRateLimit,
        '/sign-up/email': { window: 60, max: 10 },
        '/send-verification-email': { window: 60, max: 3 },
        '/request-password-reset': { window: 60, max: 3 },
        '/change-password': { window: 60, max: 5 },
        '/change-email': { window: 60, max: 3 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.isHttps,
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        const target = level === 'error' ? logger.error.bind(logger) : level === 'warn' ? logger.warn.bind(logger) : logger.debug.bind(logger);
        target({ auth: true, args: args.length > 0 ? args : undefined }, message);
      },
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      // TOTP with backup codes (settings page); sign-in then answers twoFactorRedirect and the
      // session starts only after /two-factor/verify-totp or /two-factor/verify-backup-code.
      twoFactor({ issuer: 'Wattwise', backupCodeOptions: { amount: 10, length: 10 } }),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/sign-up/email' || ctx.path === '/reset-password' || ctx.path === '/change-password') {
          const password = ctx.path === '/sign-up/email' ? body.password : body.newPassword;
          const problem = checkSignUpPassword(typeof password === 'string' ? password : '');
          if (problem) throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_WEAK', message: problem });
        }
        // The settings page changes the name only; better-auth would also take an image URL.
        if (ctx.path === '/update-user' && (Object.keys(body).some((k) => k !== 'name') || typeof body.name !== 'string' || body.name.trim() === '' || body.name.length > 100)) {
          throw new APIError('BAD_REQUEST', { code: 'INVALID_NAME', message: 'Enter a name of up to 100 characters.' });
        }
        if (ctx.path === '/verify-email' && ctx.request && typeof ctx.query?.token === 'string' && tokenChangesEmail(ctx.query.token)) {
          emailChanges.add(ctx.request);
        }
        // Only a request that passed a human check learns that an address is verified; the
        // others get better-auth's answer, the same for every address.
        if (ctx.path === '/send-verification-email' && typeof body.email === 'string' && ctx.headers?.get(HUMAN_CHECKED_HEADER) === '1') {
          const existing = await ctx.context.internalAdapter.findUserByEmail(body.email.toLowerCase());
          if (existing?.user.emailVerified) {
            throw new APIError('BAD_REQUEST', { code: 'EMAIL_ALREADY_VERIFIED', message: 'Email is already verified' });
          }
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createBetterAuth>;

/**
 * The claims of an email-verification link, read without checking its signature (better-auth
 * checks it): `updateTo` is set when the link changes an account's address.
 */
export function verificationTokenClaims(token: string): { email?: string; updateTo?: string; userId?: string; requestType?: string } {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null ? payload : {};
  } catch {
    return {};
  }
}

function tokenChangesEmail(token: string): boolean {
  return typeof verificationTokenClaims(token).updateTo === 'string';
}

/** The pricing dialog's sign-up mail, for the payments feature. */
export { planSignUpEmail } from './auth.emails.ts';
export type SessionData = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
export type SessionUser = SessionData['user'];

/** Admin is a role on the user, checked on the server (spec: is_admin). */
export function isAdmin(u: Pick<SessionUser, 'role'> | null | undefined): boolean {
  return u?.role === 'admin';
}

/** How many accounts exist (demo mode only creates its account on a database without users). */
export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(user);
  return row?.n ?? 0;
}

/** Where to write to a user (notification and support emails); null when the account is gone. Reads with the shared connection. */
export async function getUserContact(db: Db, userId: string): Promise<{ email: string; name: string; emailVerified: boolean; role: string | null } | null> {
  const [row] = await db.select({ email: user.email, name: user.name, emailVerified: user.emailVerified, role: user.role }).from(user).where(eq(user.id, userId));
  return row ?? null;
}

/** Name and address of several accounts at once (staff lists), by id; gone accounts are absent. */
export async function getUserContacts(db: Db, userIds: string[]): Promise<Map<string, { email: string; name: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: user.id, email: user.email, name: user.name }).from(user).where(inArray(user.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, { email: r.email, name: r.name }]));
}

/** The ids of every admin account (staff alerts reach each of them in the app). Shared connection. */
export async function listAdminIds(db: Db): Promise<string[]> {
  return (await db.select({ id: user.id }).from(user).where(eq(user.role, 'admin'))).map((r) => r.id);
}

/** The user with this address (stored lower-cased), or null. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase()));
  return row?.id ?? null;
}

/**
 * The session of a request, or null. A read (GET) may be answered from the session cookie cache;
 * a write, or a caller passing `fresh` (admin checks), reads the session from the database, so a
 * revoked session or a changed role counts at once. Cookies the lookup renews go out with the
 * response (http/session-cache.ts).
 */
export async function getSession(auth: Auth, headers: Headers, options: { fresh?: boolean } = {}): Promise<SessionData | null> {
  const fresh = options.fresh === true || mustReadSessionFresh(headers);
  const reads = fresh ? undefined : verifiedReads.get(auth);
  const cookie = headers.get('cookie');
  const known = reads && cookie ? reads.get(cookie) : undefined;
  if (known) return known;
  const result = await auth.api.getSession({ headers, query: fresh ? { disableCookieCache: true } : {}, returnHeaders: true });
  const renewedCookies = result.headers.getSetCookie();
  keepRenewedSessionCookies(headers, renewedCookies);
  if (reads && cookie && result.response && renewedCookies.length === 0) reads.set(cookie, result.response);
  return result.response;
}

/** How long a read may reuse a session verified for the same Cookie header (at most SESSION_CACHE_SECONDS). */
const VERIFIED_READ_MS = 5_000;
const VERIFIED_READS_MAX = 10_000;
const verifiedReads = new WeakMap<Auth, ReturnType<typeof createVerifiedReads>>();

/**
 * Sessions a read verified, by the request's whole Cookie header, for a few seconds: checking
 * the signed cookie copy costs a key import and an HMAC per request, and a page's burst of reads
 * (or a busy client) sends the same header many times. Never longer than the session lasts or
 * than the cookie copy may be trusted anyway (decision 030); writes and admin checks never use it.
 */
function createVerifiedReads(ttlMs: number) {
  const entries = new Map<string, { session: SessionData; until: number }>();
  return {
    get(cookie: string): SessionData | undefined {
      const entry = entries.get(cookie);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.session;
      entries.delete(cookie);
      return undefined;
    },
    set(cookie: string, session: SessionData): void {
      const until = Math.min(Date.now() + ttlMs, new Date(session.session.expiresAt).getTime());
      entries.delete(cookie);
      entries.set(cookie, { session, until });
      // Oldest first out.
      if (entries.size > VERIFIED_READS_MAX) entries.delete(entries.keys().next().value as string);
    },
  };
}

/** The signed-in user of a request; 401 otherwise. Features start their service calls here. */
export async function requireUser(auth: Auth, headers: Headers, options: { fresh?: boolean } = {}): Promise<SessionUser> {
  const session = await getSession(auth, headers, options);
  if (!session) throw new AppError('UNAUTHORIZED', 401, 'Please sign in to continue.');
  return session.user;
}

/** The signed-in admin of a request; 401 when signed out, 403 for other users (spec 01-core §6). */
export async function requireAdmin(auth: Auth, headers: Headers): Promise<SessionUser> {
  // The role is read from the database: a cached copy could still say 'admin' after a demotion.
  const user = await requireUser(auth, headers, { fresh: true });
  if (!isAdmin(user)) throw new AppError('FORBIDDEN', 403, ADMIN_REQUIRED);
  return user;
}

export type CreateAdminResult = { userId: string; created: boolean; password: string | null };

/**
 * Makes the account with this email an admin. Without such an account, creates a verified
 * one with a generated password, returned once so the operator can sign in.
 */
export async function createAdmin(auth: Auth, email: string): Promise<CreateAdminResult> {
  const ctx = await auth.$context;
  const normalized = email.trim().toLowerCase();
  const existing = await ctx.internalAdapter.findUserByEmail(normalized);
  if (existing) {
    await ctx.internalAdapter.updateUser(existing.user.id, { role: 'admin' });
    return { userId: existing.user.id, created: false, password: null };
  }
  const password = `${randomBytes(12).toString('base64url')}aA1!`;
  const created = await ctx.internalAdapter.createUser({
    email: normalized,
    name: normalized.split('@')[0] ?? normalized,
    emailVerified: true,
    role: 'admin',
  }, { method: 'email-password' });
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await ctx.password.hash(password),
  });
  return { userId: created.id, created: true, password };
}

/** One page of accounts for the admin lists, newest first; `after` is the last row of the page before. */
export async function listUsersPage(db: Db, limit: number, after: { createdAt: Date; id: string } | null): Promise<{ rows: { id: string; email: string; createdAt: Date }[]; total: number }> {
  const where = after ? sql`(${user.createdAt}, ${user.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined;
  const rows = await db.select({ id: user.id, email: user.email, createdAt: user.createdAt }).from(user).where(where).orderBy(desc(user.createdAt), desc(user.id)).limit(limit);
  return { rows, total: await countUsers(db) };
}

/** What a better-auth endpoint answered, as the auth routes saw it. */
export type AuthOutcome = {
  path: string;
  status: number;
  /** The request's JSON body (POST) or {}. */
  requestBody: Record<string, unknown>;
  /** The response's JSON body, or null (redirects). */
  responseBody: Record<string, unknown> | null;
  query: URLSearchParams;
  /** Where a redirect answer sends the browser. */
  location: string | null;
  /** The signed-in user before the call, for the endpoints that need a session. */
  sessionUser: { id: string; twoFactorEnabled: boolean } | null;
  ip: string | null;
  userAgent: string | null;
};

// ---- account settings (features/account reads the auth tables through these) ----

export async function findProfile(db: Db, userId: string) {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  return row ?? null;
}

export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential'), isNotNull(account.password)));
  return row?.password ?? null;
}

export function findActiveSessions(db: Db, userId: string) {
  return db
    .select({ id: session.id, createdAt: session.createdAt, updatedAt: session.updatedAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt));
}

/** Deletes one of the user's sessions; false when the user has no session with that id. */
export async function deleteSession(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(session).where(and(eq(session.id, id), eq(session.userId, userId))).returning({ id: session.id });
  return rows.length > 0;
}

/** Deletes the user row (account deletion, after their other rows; better-auth's tables cascade). */
export async function deleteUserRow(db: Db, userId: string): Promise<void> {
  await db.delete(user).where(eq(user.id, userId));
}
