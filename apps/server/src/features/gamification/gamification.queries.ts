import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gamificationEvent, gamificationProfile, referralCredit } from '../../db/schema/gamification.ts';

export type EventRow = typeof gamificationEvent.$inferSelect;
export type ProfileRow = typeof gamificationProfile.$inferSelect;

export function findEvents(db: Db, userId: string): Promise<EventRow[]> {
  return db.select().from(gamificationEvent).where(eq(gamificationEvent.userId, userId));
}

/** Records an event once per (kind, ref); false when it was already there. */
export async function insertEvent(db: Db, userId: string, event: { kind: string; ref: string; points: number; meta?: unknown }): Promise<boolean> {
  const rows = await db
    .insert(gamificationEvent)
    .values({ userId, kind: event.kind, ref: event.ref, points: event.points, meta: event.meta ?? null })
    .onConflictDoNothing()
    .returning({ id: gamificationEvent.id });
  return rows.length > 0;
}

export async function ensureProfile(db: Db, userId: string, newCode: () => string): Promise<ProfileRow> {
  await db.insert(gamificationProfile).values({ userId, referralCode: newCode() }).onConflictDoNothing({ target: gamificationProfile.userId });
  const [row] = await db.select().from(gamificationProfile).where(eq(gamificationProfile.userId, userId));
  if (!row) throw new Error('gamification profile missing after insert');
  return row;
}

export async function updateGoal(db: Db, userId: string, cents: number): Promise<void> {
  await db.update(gamificationProfile).set({ monthlyGoalCents: cents, updatedAt: sql`now()` }).where(eq(gamificationProfile.userId, userId));
}

/** Unscoped: the owner of a referral code (any user). */
export async function findProfileByCode(db: Db, code: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(gamificationProfile).where(eq(gamificationProfile.referralCode, code));
  return row;
}

export async function setReferredBy(db: Db, userId: string, referrerId: string): Promise<boolean> {
  const rows = await db
    .update(gamificationProfile)
    .set({ referredByUserId: referrerId })
    .where(and(eq(gamificationProfile.userId, userId), sql`${gamificationProfile.referredByUserId} is null`))
    .returning({ userId: gamificationProfile.userId });
  return rows.length > 0;
}

export async function sumCredits(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ total: sql<number>`coalesce(sum(${referralCredit.amountCents}), 0)::int` }).from(referralCredit).where(eq(referralCredit.userId, userId));
  return row?.total ?? 0;
}

/** Unscoped (payments webhook): one credit per side, never twice. */
export async function insertCredits(db: Db, rows: { userId: string; otherUserId: string; role: 'referrer' | 'referred'; amountCents: number }[]): Promise<number> {
  const inserted = await db.insert(referralCredit).values(rows).onConflictDoNothing().returning({ id: referralCredit.id });
  return inserted.length;
}
