import { ACCOUNT_MESSAGES } from '@wattwise/shared/contract/account';
import { zipSync } from 'fflate';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../platform/logger.ts';
import type { JobDefinition } from '../../platform/queue.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import { findProfile } from '../auth/auth.service.ts';
import { findAllUserRows, findDataExport, updateDataExport } from './account.queries.ts';
import { EXPORT_JOB, exportExpiry, type ExportJobPayload } from './account.service.ts';
import { columnNamesOf, exportableRow, userOwnedTables } from '../../db/user-data.ts';

export type ExportJobDeps = { db: Db; storage: Storage; exportStorage: Storage; notifier: Pick<Notifier, 'notify'>; logger: Logger };

const encode = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/** A bill's file name in the archive: unique, readable, no path. */
function archiveName(bill: { id: string; fileName: string }): string {
  const base = bill.fileName.split(/[\\/]/).pop()?.replace(/[^\w.\- ]+/g, '_') || 'bill';
  return `bills/${bill.id.slice(0, 8)}-${base}`;
}

/**
 * The archive of everything the user owns: `profile.json`, `data/<table>.json` for every table
 * with a user_id column (user-data.ts; secrets left out), and `bills/` with the original files.
 */
export async function buildUserArchive(deps: Pick<ExportJobDeps, 'db' | 'storage'>, userId: string, now = new Date()): Promise<Uint8Array> {
  const profile = await findProfile(deps.db, userId);
  if (!profile) throw new Error('user not found');
  const files: Record<string, Uint8Array> = {};
  const rows = await findAllUserRows(deps.db, userId);
  const counts: Record<string, number> = {};
  for (const { name, table } of userOwnedTables()) {
    const columns = columnNamesOf(table);
    const tableRows = (rows.get(name) ?? []).map((row) => exportableRow(name, row, columns));
    counts[name] = tableRows.length;
    files[`data/${name}.json`] = encode(tableRows);
  }
  const missing: string[] = [];
  // The bill rows name their files (utility_bills.file_path).
  const bills = (rows.get('utility_bills') ?? []) as { id: string; fileName: string; filePath: string }[];
  for (const bill of bills) {
    const bytes = await deps.storage.get(bill.filePath);
    if (bytes) files[archiveName(bill)] = bytes;
    else missing.push(bill.id);
  }
  files['profile.json'] = encode({
    id: profile.id,
    name: profile.name,
    email: profile.email,
    emailVerified: profile.emailVerified,
    role: profile.role,
    twoFactorEnabled: profile.twoFactorEnabled === true,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  });
  files['README.txt'] = new TextEncoder().encode(
    [
      `Wattwise data export for ${profile.email}, made ${now.toISOString()}.`,
      'profile.json: your account. data/<table>.json: every row you own in each table (passwords, session tokens and two-factor secrets are left out).',
      'bills/: the files you uploaded, as you uploaded them.',
      missing.length > 0 ? `Bill files no longer in storage: ${missing.join(', ')}.` : '',
      `Rows per table: ${JSON.stringify(counts)}`,
    ]
      .filter(Boolean)
      .join('\n'),
  );
  // Bill files are PDFs and images, already compressed: stored, not deflated again.
  return zipSync(Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, [bytes, { level: path.startsWith('bills/') ? 0 : 6 }]])), { mtime: now });
}

/** Builds the archive of a 'Download my data' request, stores it and notifies the user. */
export function createDataExportJob(deps: ExportJobDeps): JobDefinition<ExportJobPayload> {
  return {
    ...EXPORT_JOB,
    handler: async ({ exportId, userId }, meta) => {
      const row = await findDataExport(deps.db, userId, exportId);
      if (row?.status !== 'queued') return; // the account was deleted, or a retry after success
      try {
        const bytes = await buildUserArchive(deps, userId);
        const key = `${userId}/${exportId}.zip`;
        await deps.exportStorage.put(key, bytes);
        const readyAt = new Date();
        await updateDataExport(deps.db, exportId, { status: 'ready', fileKey: key, sizeBytes: bytes.byteLength, readyAt, expiresAt: exportExpiry(readyAt) });
      } catch (error) {
        if (meta.attempt <= (EXPORT_JOB.retryLimit ?? 0)) throw error;
        deps.logger.error({ err: error, exportId }, 'data export failed');
        await updateDataExport(deps.db, exportId, { status: 'failed', failureReason: ACCOUNT_MESSAGES.exportFailedMessage });
        await deps.notifier.notify(userId, { type: 'other', alert: null, title: ACCOUNT_MESSAGES.exportFailedTitle, message: ACCOUNT_MESSAGES.exportFailedMessage, actionUrl: '/settings', dedupeKey: `data-export:${exportId}` });
        return;
      }
      await deps.notifier.notify(userId, {
        type: 'other',
        alert: null,
        title: ACCOUNT_MESSAGES.exportReadyTitle,
        message: ACCOUNT_MESSAGES.exportReadyMessage,
        actionUrl: '/settings',
        dedupeKey: `data-export:${exportId}`,
      });
    },
  };
}
