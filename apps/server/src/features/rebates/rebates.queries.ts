import { and, asc, count, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Rebate } from '@wattwise/shared/contract/rebates';
import type { Db } from '../../db/client.ts';
import { rebateApplication, rebateIncentive } from '../../db/schema/rebates.ts';

// The catalogue is public; every applications query takes the owner's id and filters on it.

export type RebateRow = typeof rebateIncentive.$inferSelect;
export type ApplicationRow = typeof rebateApplication.$inferSelect;
type ApplicationValues = Omit<typeof rebateApplication.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

function toRow(r: Rebate): typeof rebateIncentive.$inferInsert {
  return {
    id: r.id,
    programName: r.programName,
    description: r.description,
    provider: r.provider,
    monetaryValue: r.monetaryValue,
    applicationUrl: r.applicationUrl,
    startDate: r.startDate,
    expirationDate: r.expirationDate,
    category: r.category,
    eligibilityCriteria: r.eligibilityCriteria,
    propertyTypes: r.propertyTypes,
    regions: r.regions,
    typicalProjectCost: r.typicalProjectCost,
    sourceUrl: r.sourceUrl,
  };
}

export async function countCatalogue(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rebateIncentive);
  return row?.n ?? 0;
}

/** Adds programmes whose id is not there yet (seeding; a concurrent seed is harmless). */
export async function insertMissingRebates(db: Db, rebates: readonly Rebate[]): Promise<void> {
  if (rebates.length === 0) return;
  await db.insert(rebateIncentive).values(rebates.map(toRow)).onConflictDoNothing();
}

/** Inserts or replaces programmes by id; returns how many were new. */
export async function upsertRebates(db: Db, rebates: readonly Rebate[]): Promise<number> {
  if (rebates.length === 0) return 0;
  const before = new Set((await db.select({ id: rebateIncentive.id }).from(rebateIncentive)).map((r) => r.id));
  for (let i = 0; i < rebates.length; i += 500) {
    await db
      .insert(rebateIncentive)
      .values(rebates.slice(i, i + 500).map(toRow))
      .onConflictDoUpdate({
        target: rebateIncentive.id,
        set: {
          programName: sql`excluded.program_name`,
          description: sql`excluded.description`,
          provider: sql`excluded.provider`,
          monetaryValue: sql`excluded.monetary_value`,
          applicationUrl: sql`excluded.application_url`,
          startDate: sql`excluded.start_date`,
          expirationDate: sql`excluded.expiration_date`,
          category: sql`excluded.category`,
          eligibilityCriteria: sql`excluded.eligibility_criteria`,
          propertyTypes: sql`excluded.property_types`,
          regions: sql`excluded.regions`,
          typicalProjectCost: sql`excluded.typical_project_cost`,
          sourceUrl: sql`excluded.source_url`,
          updatedAt: sql`now()`,
        },
      });
  }
  return rebates.filter((r) => !before.has(r.id)).length;
}

/** Programmes still open on `today` (no expiry, or expiring today or later). */
export function findOpenRebates(db: Db, today: string) {
  return db
    .select()
    .from(rebateIncentive)
    .where(or(isNull(rebateIncentive.expirationDate), gte(rebateIncentive.expirationDate, today)))
    .orderBy(desc(rebateIncentive.monetaryValue), asc(rebateIncentive.id));
}

export function findAllRebates(db: Db) {
  return db.select().from(rebateIncentive).orderBy(asc(rebateIncentive.id));
}

export async function findRebate(db: Db, id: string): Promise<RebateRow | undefined> {
  const [row] = await db.select().from(rebateIncentive).where(eq(rebateIncentive.id, id));
  return row;
}

export function findApplications(db: Db, userId: string) {
  return db
    .select()
    .from(rebateApplication)
    .where(eq(rebateApplication.userId, userId))
    .orderBy(desc(rebateApplication.createdAt), desc(rebateApplication.id));
}

export async function findApplication(db: Db, userId: string, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(rebateApplication).where(and(eq(rebateApplication.userId, userId), eq(rebateApplication.id, id)));
  return row;
}

export async function insertApplication(db: Db, userId: string, values: ApplicationValues): Promise<ApplicationRow> {
  const [row] = await db.insert(rebateApplication).values({ ...values, userId }).returning();
  if (!row) throw new Error('application not inserted');
  return row;
}

export async function updateApplicationRow(db: Db, userId: string, id: string, values: Partial<ApplicationValues>): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(rebateApplication)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(rebateApplication.userId, userId), eq(rebateApplication.id, id)))
    .returning();
  return row;
}

export async function deleteApplicationRow(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(rebateApplication)
    .where(and(eq(rebateApplication.userId, userId), eq(rebateApplication.id, id)))
    .returning({ id: rebateApplication.id });
  return rows.length > 0;
}

/** Every user's open applications whose programme closes between `from` and `to` (the expiring-soon reminder; owner connection). */
export function findApplicationsClosingBetween(db: Db, from: string, to: string) {
  return db
    .select({ id: rebateApplication.id, userId: rebateApplication.userId, programName: rebateApplication.programName, rebateId: rebateIncentive.id, expirationDate: rebateIncentive.expirationDate })
    .from(rebateApplication)
    .innerJoin(rebateIncentive, eq(rebateIncentive.id, rebateApplication.rebateId))
    .where(
      and(
        gte(rebateIncentive.expirationDate, from),
        sql`${rebateIncentive.expirationDate} <= ${to}`,
        or(eq(rebateApplication.currentStatus, 'Submitted'), eq(rebateApplication.currentStatus, 'Pending More Info')),
      ),
    );
}
