import { desc, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { EMAIL_PREFERENCE_KEYS } from '@wattwise/shared/contract/email';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/auth.ts';
import { emailEvent, emailSuppression, outboxMessage } from '../db/schema/mail.ts';
import { readEmailPreferences } from './email-preferences.ts';
import type { Logger } from './logger.ts';

export const mailMessageSchema = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  html: z.string(),
  text: z.string(),
  /** Files sent with the message (an appointment's .ics). The outbox keeps the text parts only. */
  attachments: z.array(z.object({ filename: z.string().min(1).max(200), content: z.string(), contentType: z.string().min(1) })).max(5).optional(),
  /** Extra headers (List-Unsubscribe). */
  headers: z.record(z.string(), z.string()).optional(),
  /**
   * What the mail is, for its email_events and the suppression list (never sent as a header).
   * Essential mail (verify, reset, receipts) still goes to an address that reported spam; nothing
   * goes to one that bounced.
   */
  meta: z
    .object({
      template: z.string().min(1).max(60),
      userId: z.string().nullable(),
      essential: z.boolean(),
      /** The email_preferences flag that must be on for this (non-essential) mail to go to `userId`. */
      category: z.enum(EMAIL_PREFERENCE_KEYS).nullable(),
    })
    .optional(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/** Delivers one message. Throws on failure so the job queue retries. */
export type Mailer = {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    kind: 'smtp',
    send: async ({ meta: _meta, ...message }) => {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP every message lands in `outbox_messages` (with its text attachments), readable at /dev/mailbox. */
export function createOutboxMailer(options: { db: Db; from: string }): Mailer {
  return {
    kind: 'outbox',
    send: async (message) => {
      const attachments = message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) ?? null;
      await options.db.insert(outboxMessage).values({ from: options.from, to: message.to, subject: message.subject, html: message.html, text: message.text, attachments });
    },
    close: () => undefined,
  };
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; db: Db }): Mailer {
  return options.smtpUrl ? createSmtpMailer({ smtpUrl: options.smtpUrl, from: options.from }) : createOutboxMailer(options);
}

export type OutboxMessage = typeof outboxMessage.$inferSelect;

export async function listOutboxMessages(db: Db, limit = 200): Promise<OutboxMessage[]> {
  return db.select().from(outboxMessage).orderBy(desc(outboxMessage.createdAt)).limit(limit);
}

export async function getOutboxMessage(db: Db, id: string): Promise<OutboxMessage | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [row] = await db.select().from(outboxMessage).where(eq(outboxMessage.id, id));
  return row;
}

/** The `send-email` job: features enqueue mail with `queue.send(SEND_EMAIL_JOB, message)`. */
export const SEND_EMAIL_JOB = {
  name: 'send-email',
  schema: mailMessageSchema,
  retryLimit: 6,
  retryDelaySeconds: 5,
} as const;

/** The address as events and suppressions key it. */
export const normalizeAddress = (email: string) => email.trim().toLowerCase();

type EmailEventInsert = typeof emailEvent.$inferInsert;

/** Records one email event; a provider event or dedupe key seen before is ignored (false). */
export async function recordEmailEvent(db: Db, values: EmailEventInsert): Promise<boolean> {
  const rows = await db
    .insert(emailEvent)
    .values({ ...values, email: normalizeAddress(values.email) })
    .onConflictDoNothing()
    .returning({ id: emailEvent.id });
  return rows.length > 0;
}

/** One user's newest email events (on their user-scoped connection, row-level security agrees). */
export async function listEmailEventsOf(db: Db, userId: string, limit: number) {
  return db.select().from(emailEvent).where(eq(emailEvent.userId, userId)).orderBy(desc(emailEvent.createdAt), desc(emailEvent.id)).limit(limit);
}

/** Why mail to this address is held back, or null when it may go. */
export async function suppressionOf(db: Db, email: string, essential: boolean): Promise<'bounce' | 'spamreport' | null> {
  const [row] = await db.select({ reason: emailSuppression.reason }).from(emailSuppression).where(eq(emailSuppression.email, normalizeAddress(email)));
  if (!row) return null;
  return row.reason === 'bounce' || !essential ? row.reason : null;
}

export async function suppressAddress(db: Db, email: string, reason: 'bounce' | 'spamreport', detail: string | null): Promise<void> {
  // A bounce outranks a spam report (it stops essential mail too).
  await db
    .insert(emailSuppression)
    .values({ email: normalizeAddress(email), reason, detail })
    .onConflictDoUpdate({ target: emailSuppression.email, set: reason === 'bounce' ? { reason, detail } : { detail } });
}

/**
 * The send job: skips a suppressed address and non-essential mail the user turned off (checked
 * when the mail goes, so a change made while it waited counts), sends through the adapter and
 * records the result ('sent', or 'failed' with the reason before the queue retries).
 */
export function createSendEmailWorker(mailer: Mailer, db: Db, logger?: Logger) {
  return {
    ...SEND_EMAIL_JOB,
    handler: async (message: MailMessage) => {
      const template = message.meta?.template ?? null;
      const userId = message.meta?.userId ?? null;
      const category = message.meta && !message.meta.essential ? message.meta.category : null;
      // A mail queued for an account deleted since is not sent (its events went with the account).
      if (userId && (await db.select({ id: user.id }).from(user).where(eq(user.id, userId)).limit(1)).length === 0) {
        logger?.info({ template }, 'mail for a deleted account not sent');
        return;
      }
      if (category && userId && !(await readEmailPreferences(db, userId))[category]) {
        await recordEmailEvent(db, { email: message.to, userId, template, event: 'suppressed', reason: `preferences: ${category} off` });
        return;
      }
      const suppressed = await suppressionOf(db, message.to, message.meta?.essential ?? true);
      if (suppressed) {
        await recordEmailEvent(db, { email: message.to, userId, template, event: 'suppressed', reason: suppressed });
        logger?.info({ template, reason: suppressed }, 'mail to a suppressed address not sent');
        return;
      }
      try {
        await mailer.send(message);
      } catch (error) {
        await recordEmailEvent(db, { email: message.to, userId, template, event: 'failed', reason: error instanceof Error ? error.message.slice(0, 500) : 'Unknown error sending email' });
        throw error;
      }
      await recordEmailEvent(db, { email: message.to, userId, template, event: 'sent' });
    },
  };
}

/** Removes the outbox's messages to an address (an account being deleted); returns how many. */
export async function deleteOutboxMessagesTo(db: Db, address: string): Promise<number> {
  const rows = await db.delete(outboxMessage).where(sql`lower(${outboxMessage.to}) = ${normalizeAddress(address)}`).returning({ id: outboxMessage.id });
  return rows.length;
}
