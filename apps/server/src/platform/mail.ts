import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { outboxMessage } from '../db/schema/mail.ts';

export const mailMessageSchema = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  html: z.string(),
  text: z.string(),
  /** Files sent with the message (an appointment's .ics). The outbox keeps the text parts only. */
  attachments: z.array(z.object({ filename: z.string().min(1).max(200), content: z.string(), contentType: z.string().min(1) })).max(5).optional(),
  /** Extra headers (List-Unsubscribe). */
  headers: z.record(z.string(), z.string()).optional(),
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
    send: async (message) => {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP every message lands in `outbox_messages`, readable at /dev/mailbox. */
export function createOutboxMailer(options: { db: Db; from: string }): Mailer {
  return {
    kind: 'outbox',
    send: async (message) => {
      await options.db.insert(outboxMessage).values({ from: options.from, to: message.to, subject: message.subject, html: message.html, text: message.text });
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

export function createSendEmailWorker(mailer: Mailer) {
  return { ...SEND_EMAIL_JOB, handler: (message: MailMessage) => mailer.send(message) };
}
