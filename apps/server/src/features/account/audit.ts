import type { AuditEvent, AuditEventType } from '@wattwise/shared/contract/account';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../platform/logger.ts';
import { type AuthOutcome, findUserIdByEmail, verificationTokenClaims } from '../auth/auth.service.ts';
import { type AuditEventRow, findAuditEvents, insertAuditEvent } from './account.queries.ts';

// The audit log of security events (issue 18). Written on the shared connection, never inside a
// user's scope; a failure to write is logged and never fails the request it describes.

export type AuditInput = {
  event: AuditEventType;
  /** The account the event is about; null for an unknown address or an account since deleted. */
  userId: string | null;
  /** Who did it when that is someone else (an admin). */
  actorId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  detail?: Record<string, unknown>;
};

export type AuditRecorder = (input: AuditInput) => Promise<void>;

export function createAuditRecorder(deps: { db: Db; logger: Logger }): AuditRecorder {
  return async (input) => {
    try {
      await insertAuditEvent(deps.db, {
        event: input.event,
        userId: input.userId,
        actorId: input.actorId ?? null,
        ipAddress: input.ip ?? null,
        userAgent: input.userAgent?.slice(0, 400) ?? null,
        detail: input.detail ?? {},
      });
    } catch (error) {
      deps.logger.error({ err: error, event: input.event }, 'audit event not written');
    }
  };
}

export function toAuditEventDto(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    event: row.event as AuditEventType,
    userId: row.userId,
    actorId: row.actorId,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    detail: (row.detail ?? {}) as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAuditEvents(db: Db, filter: { userId?: string; limit: number }): Promise<AuditEvent[]> {
  return (await findAuditEvents(db, filter)).map(toAuditEventDto);
}


/** Auth endpoints whose outcome is a security event; the others are not looked at. */
export const AUDITED_AUTH_PATHS: ReadonlySet<string> = new Set([
  '/sign-in/email',
  '/sign-out',
  '/change-password',
  '/change-email',
  '/verify-email',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/disable',
]);

/** Auth endpoints that run with a session: the routes look the user up before the call. */
export const SESSION_AUTH_PATHS: ReadonlySet<string> = new Set(['/sign-out', '/change-password', '/change-email', '/two-factor/verify-totp', '/two-factor/verify-backup-code', '/two-factor/disable']);

const userIdIn = (body: Record<string, unknown> | null): string | null => {
  const u = body?.user as { id?: unknown } | undefined;
  return typeof u?.id === 'string' ? u.id : null;
};

/** Turns an auth endpoint's outcome into the audit event it stands for (or none). */
export async function auditAuthOutcome(deps: { db: Db; record: AuditRecorder }, o: AuthOutcome): Promise<void> {
  const base = { ip: o.ip, userAgent: o.userAgent };
  const ok = o.status >= 200 && o.status < 300;
  const code = typeof o.responseBody?.code === 'string' ? o.responseBody.code : undefined;
  const emailUser = async () => (typeof o.requestBody.email === 'string' ? findUserIdByEmail(deps.db, o.requestBody.email) : null);
  switch (o.path) {
    case '/sign-in/email':
      if (ok && o.responseBody?.twoFactorRedirect === true) return deps.record({ ...base, event: 'sign_in_second_factor_requested', userId: await emailUser() });
      if (ok) return deps.record({ ...base, event: 'sign_in', userId: userIdIn(o.responseBody), detail: { method: 'password' } });
      if (o.status === 401 || o.status === 403) return deps.record({ ...base, event: 'sign_in_failed', userId: await emailUser(), detail: { reason: code ?? String(o.status) } });
      return;
    case '/sign-out':
      if (ok && o.sessionUser) return deps.record({ ...base, event: 'sign_out', userId: o.sessionUser.id });
      return;
    case '/change-password':
      if (!o.sessionUser) return;
      return deps.record({ ...base, event: ok ? 'password_changed' : 'password_change_failed', userId: o.sessionUser.id, detail: ok ? {} : { reason: code ?? String(o.status) } });
    case '/change-email':
      if (ok && o.sessionUser) return deps.record({ ...base, event: 'email_change_requested', userId: o.sessionUser.id, detail: { newEmail: typeof o.requestBody.newEmail === 'string' ? o.requestBody.newEmail.toLowerCase() : null } });
      return;
    case '/verify-email': {
      const claims = verificationTokenClaims(o.query.get('token') ?? '');
      const failed = o.location?.includes('error=') === true || (!ok && o.status !== 302);
      if (failed || !claims.updateTo || !claims.userId || claims.requestType !== 'change-email-verification') return;
      return deps.record({ ...base, event: 'email_changed', userId: claims.userId, detail: { from: claims.email, to: claims.updateTo } });
    }
    case '/two-factor/verify-totp':
    case '/two-factor/verify-backup-code': {
      const method = o.path.endsWith('totp') ? 'totp' : 'backup_code';
      if (o.sessionUser) {
        // With a session this confirms the setup (the first code turns 2FA on).
        if (ok && !o.sessionUser.twoFactorEnabled) return deps.record({ ...base, event: 'two_factor_enabled', userId: o.sessionUser.id, detail: { method } });
        return;
      }
      if (ok) return deps.record({ ...base, event: 'sign_in', userId: userIdIn(o.responseBody), detail: { method: `password+${method}` } });
      return deps.record({ ...base, event: 'second_factor_failed', userId: null, detail: { method, reason: code ?? String(o.status) } });
    }
    case '/two-factor/disable':
      if (ok && o.sessionUser) return deps.record({ ...base, event: 'two_factor_disabled', userId: o.sessionUser.id });
      return;
    default:
      return;
  }
}
