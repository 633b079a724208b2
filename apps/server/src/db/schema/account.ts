import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt, owner } from './columns.ts';

// Account and privacy rights (issue 18): the audit log of security events and data-export
// archives (better-auth's two-factor secrets are in auth.ts). Row-level security in the account migration's
// hand-written block.

/**
 * Security events (sign-in, failed sign-in, password, email and 2FA changes, exports, deletions,
 * admin actions). `user_id` is the account the event is about (null: an unknown address, or an
 * account since deleted); `actor_id` who did it when that is someone else (an admin).
 */
export const auditEvent = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_user_created_idx').on(t.userId, t.createdAt), index('audit_events_created_idx').on(t.createdAt)],
);

/** A 'Download my data' archive: built by a job, downloadable through an expiring signed link. */
export const dataExport = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    status: text('status', { enum: ['queued', 'ready', 'failed'] }).notNull().default('queued'),
    /** Key in the export storage (`{userId}/{id}.zip`) once ready. */
    fileKey: text('file_key'),
    sizeBytes: integer('size_bytes'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_created_idx').on(t.userId, t.createdAt)],
);
