import { z } from 'zod';

/**
 * Account settings and privacy rights (issue 18; 01-core §1 trust badges, 02-tools §2.19):
 * sessions, the audit log of security events, 'Download my data' and 'Delete my account'.
 * The server's routes and the settings page use these schemas.
 */

export const ACCOUNT_MESSAGES = {
  exportQueued: 'We are preparing your archive. You will get a notification when it is ready.',
  exportReadyTitle: 'Your data export is ready',
  exportReadyMessage: 'Download it from Account settings within 24 hours; the link expires after that.',
  exportFailedTitle: 'Your data export failed',
  exportFailedMessage: 'We could not build your archive. Please try again from Account settings.',
  exportInProgress: 'An export is already being prepared.',
  exportNotFound: 'Export not found',
  exportLinkInvalid: 'This download link is invalid or has expired. Request a new export from Account settings.',
  sessionNotFound: 'Session not found',
  wrongPassword: 'Incorrect password',
  accountDeleted: 'Your account and data were deleted.',
} as const;

/** How long a finished archive may be downloaded. */
export const EXPORT_LINK_HOURS = 24;

export const accountSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const accountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });

/** better-auth session ids: 32 letters and digits. */
export const sessionIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/) });

/** What the audit log records (features/account/audit.ts writes them). */
export const AUDIT_EVENTS = [
  'sign_in',
  'sign_in_failed',
  'sign_in_second_factor_requested',
  'second_factor_failed',
  'sign_out',
  'password_changed',
  'password_change_failed',
  'email_change_requested',
  'email_changed',
  'two_factor_enabled',
  'two_factor_disabled',
  'session_revoked',
  'data_export_requested',
  'data_export_downloaded',
  'account_deletion_refused',
  'account_deleted',
  'admin_action',
  'role_changed',
] as const;
export const auditEventTypeSchema = z.enum(AUDIT_EVENTS);
export type AuditEventType = z.infer<typeof auditEventTypeSchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  event: auditEventTypeSchema,
  userId: z.string().nullable(),
  actorId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditEventListSchema = z.object({ events: z.array(auditEventSchema) });
export const auditListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'ready', 'failed']),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  /** The signed link while the archive may be downloaded; null otherwise. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportListSchema = z.object({ exports: z.array(dataExportSchema) });

export const exportDownloadQuerySchema = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
});

export const deleteAccountSchema = z.object({ password: z.string().min(1).max(128) });
export const deleteAccountResultSchema = z.object({ deleted: z.literal(true), message: z.string() });
