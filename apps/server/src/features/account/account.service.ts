import { createHmac, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_MESSAGES, type AccountSession, type AccountSummary, type DataExport, EXPORT_LINK_HOURS } from '@wattwise/shared/contract/account';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { PaymentsProvider } from '../../platform/payments/payments.ts';
import type { JobDefinition, Queue } from '../../platform/queue.ts';
import type { Storage } from '../../platform/storage.ts';
import { type Auth, deleteSession, findActiveSessions, findPasswordHash, findProfile } from '../auth/auth.service.ts';
import { cancelSubscriptionsOf } from '../payments/payments.service.ts';
import {
  type DataExportRow,
  deleteDataExports,
  deleteUserEverywhere,
  findDataExport,
  findDataExports,
  insertDataExport,
} from './account.queries.ts';
import type { AuditRecorder } from './audit.ts';

export type AccountDeps = {
  db: Db;
  auth: Auth;
  /** Bill files (`{userId}/…`). */
  storage: Storage;
  /** Export archives (`{userId}/{exportId}.zip`), apart from bill files so the orphan sweep never sees them. */
  exportStorage: Storage;
  queue: Pick<Queue, 'send'>;
  payments: PaymentsProvider;
  audit: AuditRecorder;
  logger: Logger;
  /** Signs the download links (the server's auth secret). */
  secret: string;
};

/** Who asked, for the audit log. */
export type RequestMeta = { ip: string | null; userAgent: string | null };

export const EXPORT_JOB_NAME = 'export-user-data';
export const exportJobSchema = z.object({ exportId: z.uuid(), userId: z.string().min(1) });
export type ExportJobPayload = z.infer<typeof exportJobSchema>;
export const EXPORT_JOB: Pick<JobDefinition<ExportJobPayload>, 'name' | 'schema' | 'retryLimit' | 'retryDelaySeconds'> = {
  name: EXPORT_JOB_NAME,
  schema: exportJobSchema,
  retryLimit: 2,
  retryDelaySeconds: 10,
};

// ---- profile and sessions ----

export async function getAccountSummary(db: Db, userId: string): Promise<AccountSummary> {
  const profile = await findProfile(db, userId);
  if (!profile) throw new AppError('UNAUTHORIZED', 401, 'Please sign in to continue.');
  return {
    id: profile.id,
    name: profile.name,
    email: profile.email,
    emailVerified: profile.emailVerified,
    twoFactorEnabled: profile.twoFactorEnabled === true,
    hasPassword: (await findPasswordHash(db, userId)) !== null,
    createdAt: profile.createdAt.toISOString(),
  };
}

export async function listSessions(db: Db, userId: string, currentSessionId: string | null): Promise<AccountSession[]> {
  return (await findActiveSessions(db, userId)).map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    ipAddress: s.ipAddress,
    userAgent: s.userAgent,
    current: s.id === currentSessionId,
  }));
}

/** Ends one of the user's sessions (another device); 404 for an id that is not theirs. */
export async function revokeSession(deps: Pick<AccountDeps, 'db' | 'audit'>, userId: string, sessionId: string, meta: RequestMeta): Promise<void> {
  if (!(await deleteSession(deps.db, userId, sessionId))) throw new AppError('NOT_FOUND', 404, ACCOUNT_MESSAGES.sessionNotFound);
  await deps.audit({ ...meta, event: 'session_revoked', userId, detail: { sessionId } });
}

// ---- 'Download my data' ----

function signExport(secret: string, exportId: string, userId: string, expires: number): string {
  return createHmac('sha256', secret).update(`data-export:${exportId}:${userId}:${expires}`).digest('base64url');
}

export function exportDownloadPath(secret: string, row: Pick<DataExportRow, 'id' | 'userId' | 'expiresAt'>): string | null {
  if (!row.expiresAt) return null;
  const expires = Math.floor(row.expiresAt.getTime() / 1000);
  return `/api/account/exports/${row.id}/download?expires=${expires}&signature=${signExport(secret, row.id, row.userId, expires)}`;
}

function toDataExportDto(secret: string, row: DataExportRow, now = Date.now()): DataExport {
  const downloadable = row.status === 'ready' && row.expiresAt !== null && row.expiresAt.getTime() > now;
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    downloadUrl: downloadable ? exportDownloadPath(secret, row) : null,
  };
}

/** The user's recent exports; archives past their expiry are removed from storage here. */
export async function listExports(deps: Pick<AccountDeps, 'db' | 'exportStorage' | 'secret' | 'logger'>, userId: string): Promise<DataExport[]> {
  const rows = await findDataExports(deps.db, userId);
  const now = Date.now();
  const expired = rows.filter((r) => r.fileKey && r.expiresAt && r.expiresAt.getTime() <= now);
  for (const row of expired) {
    if (row.fileKey) await deps.exportStorage.delete(row.fileKey).catch((error: unknown) => deps.logger.warn({ err: error }, 'expired export not removed'));
  }
  await deleteDataExports(deps.db, userId, expired.map((r) => r.id));
  return rows.filter((r) => !expired.includes(r)).map((r) => toDataExportDto(deps.secret, r, now));
}

/** Queues a new archive; 409 while one is still being built. */
export async function requestExport(deps: AccountDeps, userId: string, meta: RequestMeta): Promise<DataExport> {
  const pending = (await findDataExports(deps.db, userId)).find((r) => r.status === 'queued' && Date.now() - r.createdAt.getTime() < 30 * 60 * 1000);
  if (pending) throw new AppError('EXPORT_IN_PROGRESS', 409, ACCOUNT_MESSAGES.exportInProgress);
  const row = await insertDataExport(deps.db, userId);
  await deps.queue.send(EXPORT_JOB, { exportId: row.id, userId });
  await deps.audit({ ...meta, event: 'data_export_requested', userId, detail: { exportId: row.id } });
  return toDataExportDto(deps.secret, row);
}

/**
 * The archive behind a signed link: the signature must match this export, its owner and expiry,
 * the link must not have expired, and the caller must be the owner (a leaked link is useless to
 * anyone else). Every refusal is the same 404.
 */
export async function openExportDownload(
  deps: Pick<AccountDeps, 'db' | 'exportStorage' | 'secret' | 'audit'>,
  userId: string,
  exportId: string,
  link: { expires: number; signature: string },
  meta: RequestMeta,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const refused = new AppError('NOT_FOUND', 404, ACCOUNT_MESSAGES.exportLinkInvalid);
  const expected = Buffer.from(signExport(deps.secret, exportId, userId, link.expires));
  const given = Buffer.from(link.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused;
  if (link.expires * 1000 <= Date.now()) throw refused;
  const row = await findDataExport(deps.db, userId, exportId);
  if (row?.status !== 'ready' || !row.fileKey || !row.expiresAt || Math.floor(row.expiresAt.getTime() / 1000) !== link.expires) throw refused;
  const bytes = await deps.exportStorage.get(row.fileKey);
  if (!bytes) throw refused;
  await deps.audit({ ...meta, event: 'data_export_downloaded', userId, detail: { exportId } });
  return { bytes, fileName: `wattwise-data-${row.createdAt.toISOString().slice(0, 10)}.zip` };
}

export const exportExpiry = (from: Date) => new Date(from.getTime() + EXPORT_LINK_HOURS * 60 * 60 * 1000);

// ---- 'Delete my account' ----

/** Every object stored under the user's prefix in a store. */
async function deleteStoredFiles(storage: Storage, userId: string): Promise<number> {
  const keys = (await storage.list()).filter((o) => o.key.startsWith(`${userId}/`)).map((o) => o.key);
  for (const key of keys) await storage.delete(key);
  return keys.length;
}

/**
 * Deletes the account after checking the password: cancels any subscription with the payment
 * provider, removes the user's files (bills and archives), then every row they own; payment
 * records stay, anonymised. The audit log keeps one 'account_deleted' event without the user.
 */
export async function deleteAccount(deps: AccountDeps, userId: string, password: string, meta: RequestMeta): Promise<void> {
  const hash = await findPasswordHash(deps.db, userId);
  const ctx = await deps.auth.$context;
  if (!hash || !(await ctx.password.verify({ hash, password }))) {
    await deps.audit({ ...meta, event: 'account_deletion_refused', userId, detail: { reason: 'INVALID_PASSWORD' } });
    throw new AppError('INVALID_PASSWORD', 400, ACCOUNT_MESSAGES.wrongPassword);
  }
  const cancelled = await cancelSubscriptionsOf({ db: deps.db, provider: deps.payments }, userId);
  const files = (await deleteStoredFiles(deps.storage, userId)) + (await deleteStoredFiles(deps.exportStorage, userId));
  const rows = await deleteUserEverywhere(deps.db, userId);
  // Files stored while the rows were being deleted (an upload racing the deletion) go too.
  await deleteStoredFiles(deps.storage, userId);
  deps.logger.info({ files, tables: Object.keys(rows).length, subscriptionsCancelled: cancelled.length }, 'account deleted');
  await deps.audit({ ...meta, event: 'account_deleted', userId: null, detail: { accountId: userId, subscriptionsCancelled: cancelled.length, files } });
}
