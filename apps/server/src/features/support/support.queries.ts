import { and, asc, desc, eq, inArray } from 'drizzle-orm';
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

export async function insertContactMessage(db: Db, values: typeof contactMessage.$inferInsert) {
  await db.insert(contactMessage).values(values);
}

// ---- staff (admin) reads across users, on the shared connection ----

export function findAllTickets(db: Db, limit: number) {
  return db.select().from(supportTicket).orderBy(desc(supportTicket.updatedAt), desc(supportTicket.id)).limit(limit);
}

export async function findTicketById(db: Db, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(supportTicket).where(eq(supportTicket.id, id));
  return row;
}
