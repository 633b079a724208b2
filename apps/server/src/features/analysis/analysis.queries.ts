import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billAnalysis, savingRecommendation } from '../../db/schema/analysis.ts';

export type AnalysisRow = typeof billAnalysis.$inferSelect;
export type RecommendationRow = typeof savingRecommendation.$inferSelect;
export type NewRecommendationRow = typeof savingRecommendation.$inferInsert;

export async function insertAnalysis(db: Db, values: typeof billAnalysis.$inferInsert): Promise<AnalysisRow> {
  const [row] = await db.insert(billAnalysis).values(values).returning();
  if (!row) throw new Error('analysis not inserted');
  return row;
}

export async function insertRecommendations(db: Db, rows: NewRecommendationRow[]): Promise<RecommendationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(savingRecommendation).values(rows).returning();
}

export async function findAnalysisOfBill(db: Db, userId: string, billId: string): Promise<AnalysisRow | undefined> {
  const [row] = await db.select().from(billAnalysis).where(and(eq(billAnalysis.userId, userId), eq(billAnalysis.billId, billId)));
  return row;
}

/** By the analysis id or its bill's id. */
export async function findAnalysisByIdOrBill(db: Db, userId: string, id: string): Promise<AnalysisRow | undefined> {
  const [row] = await db
    .select()
    .from(billAnalysis)
    .where(and(eq(billAnalysis.userId, userId), or(eq(billAnalysis.id, id), eq(billAnalysis.billId, id))));
  return row;
}

export function findRecommendationsOfBill(db: Db, userId: string, billId: string) {
  return db
    .select()
    .from(savingRecommendation)
    .where(and(eq(savingRecommendation.userId, userId), eq(savingRecommendation.billId, billId)))
    .orderBy(asc(savingRecommendation.createdAt), asc(savingRecommendation.id));
}

export async function findRecommendation(db: Db, userId: string, id: string): Promise<RecommendationRow | undefined> {
  const [row] = await db.select().from(savingRecommendation).where(and(eq(savingRecommendation.userId, userId), eq(savingRecommendation.id, id)));
  return row;
}

/** The user's recommendations with what a card shows (not the environmental impact, calculation or trigger), newest first. */
/** What choosing the overview's cards reads of every recommendation of the user: no text. */
export function findRecommendationHeads(db: Db, userId: string) {
  const r = savingRecommendation;
  return db
    .select({ id: r.id, billId: r.billId, recommendationType: r.recommendationType, title: r.title, savings: r.estimatedSavings, priority: r.priority })
    .from(r)
    .where(eq(r.userId, userId));
}

/** Whole recommendation rows of the user: of one bill, or with these ids. */
export function findRecommendationCards(db: Db, userId: string, which: { billId: string } | { ids: string[] }) {
  const r = savingRecommendation;
  return db
    .select({
      id: r.id,
      billId: r.billId,
      recommendationType: r.recommendationType,
      title: r.title,
      description: r.description,
      estimatedSavings: r.estimatedSavings,
      costReduced: r.costReduced,
      savingsPeriod: r.savingsPeriod,
      implementationEffort: r.implementationEffort,
      upfrontCost: r.upfrontCost,
      paybackPeriodMonths: r.paybackPeriodMonths,
      implementationSteps: r.implementationSteps,
      priority: r.priority,
    })
    .from(savingRecommendation)
    .where(and(eq(r.userId, userId), 'billId' in which ? eq(r.billId, which.billId) : inArray(r.id, which.ids)))
    .orderBy(desc(savingRecommendation.createdAt), desc(savingRecommendation.estimatedSavings));
}

export async function deleteAnalysisOfBill(db: Db, userId: string, billId: string) {
  // Both in one statement (a data-modifying WITH): one round trip for what every correction and analysis drops.
  await db.execute(
    sql`with recommendations as (delete from ${savingRecommendation} where ${savingRecommendation.userId} = ${userId} and ${savingRecommendation.billId} = ${billId})
        delete from ${billAnalysis} where ${billAnalysis.userId} = ${userId} and ${billAnalysis.billId} = ${billId}`,
  );
}

/** Annual recommended savings per user, every user (unscoped: only for anonymised aggregates). */
export function sumAnnualSavingsByUser(db: Db): Promise<{ userId: string; annual: number }[]> {
  return db
    .select({ userId: savingRecommendation.userId, annual: sql<number>`coalesce(sum(${savingRecommendation.estimatedSavings}), 0)::float8` })
    .from(savingRecommendation)
    .where(eq(savingRecommendation.savingsPeriod, 'annual'))
    .groupBy(savingRecommendation.userId);
}

/** Savings the user's recommendations found since `since`: yearly ones per year, one-time ones once (dollars). */
/** When each of these recommendations was made (the savings guarantee counts those since the plan started). */
export async function findRecommendationTimes(db: Db, userId: string, ids: string[]): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const r = savingRecommendation;
  const rows = await db.select({ id: r.id, createdAt: r.createdAt }).from(r).where(and(eq(r.userId, userId), inArray(r.id, ids)));
  return new Map(rows.map((row) => [row.id, row.createdAt]));
}
