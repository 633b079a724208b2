import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, or, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessage, supportTicket, ticketMessage } from '../../db/schema/support.ts';

export type TicketRow = typeof supportTicket.$inferSelect;
export type TicketMessageRow = typeof ticketMessage.$inferSelect;
type Status = TicketRow['status'];

export async function insertTicket(db: Db, values: typeof supportTicket.$inferInsert): Promise<TicketRow> {
  const [row] = await db.insert(supportTicket).values(values).returning();
  if (!row) throw new Error('ticket not inserted');
  return row;
}

export function findTickets(db: Db, userId: string, statuses: readonly Status[]) {
  return db
    .select()
    .from(supportTicket)
    .where(and(eq(supportTicket.userId, userId), inArray(supportTicket.status, [...statuses])))
    .orderBy(desc(supportTicket.updatedAt), desc(supportTicket.id));
}

export async function findTicket(db: Db, userId: string, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(supportTicket).where(and(eq(supportTicket.userId, userId), eq(supportTicket.id, id)));
  return row;
}

export function findMessages(db: Db, userId: string, ticketId: string) {
  return db
    .select()
    .from(ticketMessage)
    .where(and(eq(ticketMessage.userId, userId), eq(ticketMessage.ticketId, ticketId)))
    .orderBy(asc(ticketMessage.createdAt), asc(ticketMessage.id));
}

export async function insertMessage(db: Db, values: typeof ticketMessage.$inferInsert): Promise<TicketMessageRow> {
  const [row] = await db.insert(ticketMessage).values(values).returning();
  if (!row) throw new Error('message not inserted');
  return row;
}

export async function updateTicket(db: Db, userId: string, id: string, values: Partial<Pick<TicketRow, 'status' | 'solvedAt' | 'zendeskTicketId'>>) {
  const [row] = await db
    .update(supportTicket)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(supportTicket.userId, userId), eq(supportTicket.id, id)))
    .returning();
  return row;
}

export type ContactMessageRow = typeof contactMessage.$inferSelect;

export async function insertContactMessage(db: Db, values: typeof contactMessage.$inferInsert): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessage).values(values).returning();
  if (!row) throw new Error('contact message not inserted');
  return row;
}

/** Staff's Inbox: the newest contact messages of everyone (shared connection, behind the admin check). */
export function findContactMessages(db: Db, limit: number) {
  return db.select().from(contactMessage).orderBy(desc(contactMessage.createdAt), desc(contactMessage.id)).limit(limit);
}

export async function findContactMessage(db: Db, id: string): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select().from(contactMessage).where(eq(contactMessage.id, id));
  return row;
}

export async function updateContactMessage(db: Db, id: string, values: Partial<Pick<ContactMessageRow, 'repliedAt' | 'repliedBy' | 'reply' | 'ticketId'>>) {
  const [row] = await db.update(contactMessage).set(values).where(eq(contactMessage.id, id)).returning();
  return row;
}

// ---- staff (admin) reads across users, on the shared connection ----

export function findAllTickets(db: Db, limit: number) {
  return db.select().from(supportTicket).orderBy(desc(supportTicket.updatedAt), desc(supportTicket.id)).limit(limit);
}

export async function findTicketById(db: Db, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(supportTicket).where(eq(supportTicket.id, id));
  return row;
}

// ---- helpdesk sync (jobs), on the shared connection ----

/** A ticket's conversation, oldest first (any requester). */
export function findTicketMessages(db: Db, ticketId: string) {
  return db.select().from(ticketMessage).where(eq(ticketMessage.ticketId, ticketId)).orderBy(asc(ticketMessage.createdAt), asc(ticketMessage.id));
}

export async function setTicketHelpdesk(
  db: Db,
  id: string,
  values: Partial<Pick<TicketRow, 'zendeskTicketId' | 'helpdeskRequesterId' | 'helpdeskUpdatedAt' | 'status' | 'solvedAt'>>,
  touch = false,
) {
  await db
    .update(supportTicket)
    .set(touch ? { ...values, updatedAt: new Date() } : values)
    .where(eq(supportTicket.id, id));
}

/** Marks a message as being in the helpdesk (unless another run linked it first). */
export async function linkMessage(db: Db, messageId: string, externalId: string): Promise<boolean> {
  const rows = await db
    .update(ticketMessage)
    .set({ externalId })
    .where(and(eq(ticketMessage.id, messageId), or(isNull(ticketMessage.externalId), like(ticketMessage.externalId, 'pushed:%'))))
    .returning({ id: ticketMessage.id });
  return rows.length === 1;
}

/** A message pulled from the helpdesk; undefined when that comment is already here. */
export async function insertPulledMessage(db: Db, values: typeof ticketMessage.$inferInsert & { externalId: string }) {
  const [row] = await db.insert(ticketMessage).values(values).onConflictDoNothing().returning();
  return row;
}

/** Tickets not yet in the helpdesk, created before `before` (the push job of each failed or is still retrying). */
export function findUnpushedTickets(db: Db, before: Date, limit: number) {
  return db
    .select({ id: supportTicket.id })
    .from(supportTicket)
    .where(and(isNull(supportTicket.zendeskTicketId), lt(supportTicket.createdAt, before)))
    .orderBy(asc(supportTicket.createdAt))
    .limit(limit);
}

/** Tickets in the helpdesk that may still change there (closed is final in Zendesk). */
export function findSyncableTickets(db: Db, limit: number) {
  return db
    .select()
    .from(supportTicket)
    .where(and(isNotNull(supportTicket.zendeskTicketId), ne(supportTicket.status, 'closed')))
    .orderBy(asc(supportTicket.updatedAt))
    .limit(limit);
}

/** Tickets in the helpdesk with messages written here that are not there yet. */
export async function findTicketsWithUnpushedMessages(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: ticketMessage.ticketId })
    .from(ticketMessage)
    .innerJoin(supportTicket, eq(supportTicket.id, ticketMessage.ticketId))
    .where(and(isNotNull(supportTicket.zendeskTicketId), isNull(ticketMessage.externalId)))
    .limit(limit);
  return rows.map((r) => r.id);
}
