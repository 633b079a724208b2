import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { property, utilityAccount } from '../../db/schema/properties.ts';

// Every query takes the owner's id and filters on it.

export type PropertyRow = typeof property.$inferSelect;
export type AccountRow = typeof utilityAccount.$inferSelect;
export type PropertyType = PropertyRow['propertyType'];

export function findProperties(db: Db, userId: string) {
  return db.select().from(property).where(eq(property.userId, userId)).orderBy(asc(property.createdAt), asc(property.id));
}

export async function findProperty(db: Db, userId: string, id: string): Promise<PropertyRow | undefined> {
  const [row] = await db.select().from(property).where(and(eq(property.userId, userId), eq(property.id, id)));
  return row;
}

export async function insertProperty(db: Db, userId: string, values: { name: string; propertyType: PropertyType; address: string | null }) {
  const [row] = await db.insert(property).values({ userId, ...values }).returning();
  if (!row) throw new Error('property not inserted');
  return row;
}

export async function updatePropertyRow(db: Db, userId: string, id: string, values: Partial<Pick<PropertyRow, 'name' | 'propertyType' | 'address'>>) {
  const [row] = await db
    .update(property)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(property.userId, userId), eq(property.id, id)))
    .returning();
  return row;
}

export async function deletePropertyRow(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(property).where(and(eq(property.userId, userId), eq(property.id, id))).returning({ id: property.id });
  return rows.length > 0;
}

export function findAccounts(db: Db, userId: string, propertyId?: string) {
  const where = propertyId ? and(eq(utilityAccount.userId, userId), eq(utilityAccount.propertyId, propertyId)) : eq(utilityAccount.userId, userId);
  return db.select().from(utilityAccount).where(where).orderBy(asc(utilityAccount.createdAt), asc(utilityAccount.id));
}

export async function findAccount(db: Db, userId: string, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(utilityAccount).where(and(eq(utilityAccount.userId, userId), eq(utilityAccount.id, id)));
  return row;
}

export async function findAccountByKey(db: Db, userId: string, propertyId: string, matchKey: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(utilityAccount)
    .where(and(eq(utilityAccount.userId, userId), eq(utilityAccount.propertyId, propertyId), eq(utilityAccount.matchKey, matchKey)));
  return row;
}

/** Inserts the account unless one with the same key exists (a concurrent job made it); returns the row either way. */
export async function insertAccountIfMissing(
  db: Db,
  userId: string,
  values: { propertyId: string; provider: string; accountNumber: string; matchKey: string; billType: string },
): Promise<AccountRow> {
  const [row] = await db.insert(utilityAccount).values({ userId, ...values }).onConflictDoNothing().returning();
  if (row) return row;
  const existing = await findAccountByKey(db, userId, values.propertyId, values.matchKey);
  if (!existing) throw new Error('utility account neither inserted nor found');
  return existing;
}

export async function updateAccountRow(
  db: Db,
  userId: string,
  id: string,
  values: Partial<Pick<AccountRow, 'propertyId' | 'provider' | 'accountNumber' | 'matchKey' | 'confirmed'>>,
) {
  const [row] = await db
    .update(utilityAccount)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(utilityAccount.userId, userId), eq(utilityAccount.id, id)))
    .returning();
  return row;
}
