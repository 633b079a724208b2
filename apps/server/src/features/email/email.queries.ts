import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailSubscription } from '../../db/schema/email.ts';

// Sign-ups are keyed by address (visitors have no user).

export type SubscriptionRow = typeof emailSubscription.$inferSelect;

/** Creates the address's sign-up, or renews it (new preferences, unsubscribe undone). */
export async function upsertSubscription(db: Db, values: { email: string; userId: string | null; preferences: Record<string, boolean>; source: string }): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(emailSubscription)
    .values(values)
    .onConflictDoUpdate({
      target: emailSubscription.email,
      set: { preferences: values.preferences, source: values.source, unsubscribedAt: null, updatedAt: new Date(), ...(values.userId ? { userId: values.userId } : {}) },
    })
    .returning();
  if (!row) throw new Error('subscription not stored');
  return row;
}

/** Ends a sign-up; the address, or null when there was no such (active) sign-up. */
export async function markUnsubscribed(db: Db, id: string): Promise<string | null> {
  const [row] = await db.update(emailSubscription).set({ unsubscribedAt: new Date(), updatedAt: new Date() }).where(eq(emailSubscription.id, id)).returning({ email: emailSubscription.email });
  return row?.email ?? null;
}
