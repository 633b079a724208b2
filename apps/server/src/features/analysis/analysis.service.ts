import { analyzeBill } from '@wattwise/shared/analysis/analyze';
import { canAdvise } from '@wattwise/shared/analysis/provenance';
import { generateRecommendations } from '@wattwise/shared/analysis/recommendations';
import { analysisBillSchema } from '@wattwise/shared/analysis/schema';
import type { AnalysisBill, BillAnalysis, EnvironmentalImpact, MeterBaseLoad, Recommendation } from '@wattwise/shared/analysis/types';
import { latestRecommendations } from '@wattwise/shared/analysis/overview-recommendations';
import { yearlySavingsOfCards } from '@wattwise/shared/analysis/combine-savings';
import { type Anomaly, PRIORITIES, type RecommendationCard, type RecommendationsQuery } from '@wattwise/shared/contract/analysis';
import type { SavedAnalysis, SavedRecommendation } from '@wattwise/shared/contract/bills';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { type BillRow, billHistory, billKindsById, anomalyCheckColumns, claimBillAnalysis, listBillFigures, requireBill, saveAnomalyCheck, toAnalysisInput } from '../bills/bills.service.ts';
import {
  type AnalysisRow,
  deleteAnalysisOfBill,
  findAnalysisByIdOrBill,
  findAnalysisOfBill,
  findRecommendation,
  findRecommendationCards,
  findRecommendationHeads,
  findRecommendationsOfBill,
  insertAnalysis,
  insertRecommendations,
  type RecommendationRow,
  sumAnnualSavingsByUser,
  findRecommendationTimes,
} from './analysis.queries.ts';

export const ANALYSIS_MESSAGES = {
  alreadyAnalyzed: 'This bill has already been analyzed',
  notProcessed: 'This bill is still being processed. Try again when it is ready.',
  analysisNotFound: 'Analysis not found',
  recommendationNotFound: 'Recommendation not found',
} as const;

/** The API shapes are the contract's (packages/shared/src/contract/bills.ts and analysis.ts). */
export type AnalysisDto = SavedAnalysis;
export type RecommendationDto = SavedRecommendation;
export type { Anomaly, RecommendationCard };

/** Spec card title: the type with its first underscore made a space, capitalised ('smart_thermostat' → 'Smart thermostat'). */
export function titleFromType(type: string): string {
  const text = type.replace('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Steps are a list, or (older rows, spec) a JSON string of one. */
function stepsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed.map(String) : [value];
    } catch {
      return [value];
    }
  }
  return [];
}

function toAnalysisDto(row: AnalysisRow): AnalysisDto {
  return { ...(row.analysis as BillAnalysis), id: row.id, createdAt: row.createdAt.toISOString() };
}

function toRecommendationDto(row: RecommendationRow): RecommendationDto {
  return {
    id: row.id,
    billId: row.billId,
    recommendationType: row.recommendationType,
    title: row.title ?? titleFromType(row.recommendationType),
    description: row.description,
    estimatedSavings: row.estimatedSavings,
    costReduced: row.costReduced,
    savingsPeriod: row.savingsPeriod,
    implementationEffort: row.implementationEffort,
    upfrontCost: row.upfrontCost,
    paybackPeriodMonths: row.paybackPeriodMonths,
    environmentalImpact: (row.environmentalImpact ?? null) as EnvironmentalImpact | null,
    implementationSteps: stepsOf(row.implementationSteps),
    priority: row.priority,
    calculation: row.calculation,
    trigger: row.trigger,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What 'Unusual activity' is built on: usage/cost anomalies, and billing problems of high severity. */
export function anomaliesOf(analysis: BillAnalysis): Anomaly[] {
  const usage: Anomaly[] = analysis.usageAnomalies.map((a) => ({
    kind: 'usage',
    code: `${a.metric}_${a.direction}`,
    severity: a.confidence >= 0.7 ? 'high' : 'medium',
    title: `Unusually ${a.direction} ${a.metric === 'daily_usage' ? 'usage' : 'cost'}`,
    explanation: a.explanation,
    confidence: a.confidence,
    amount: a.excessCost,
  }));
  // A billing error is money advice: only from values read with confidence or confirmed (provenance.ts).
  const billing: Anomaly[] = analysis.potentialIssues
    .filter((i) => i.severity === 'high' && (i.status === undefined || canAdvise(i.status)))
    .map((i) => ({ kind: 'billing', code: i.code, severity: i.severity, title: i.title, explanation: i.detail, confidence: null, amount: i.amount ?? null }));
  return [...usage, ...billing];
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The engine's inputs for a bill: itself (corrected values win) and the account's other processed bills. */
async function analysisInputs(db: Db, userId: string, bill: BillRow): Promise<{ input: AnalysisBill; history: AnalysisBill[] }> {
  const history = (await billHistory(db, userId, bill)).map(toAnalysisInput);
  return { input: analysisBillSchema.parse(toAnalysisInput(bill)), history };
}

/** Runs the engine without saving anything. */
export async function computeAnalysis(db: Db, userId: string, bill: BillRow, meterBaseLoad?: MeterBaseLoad): Promise<{ analysis: BillAnalysis; recommendations: Recommendation[] }> {
  const { input, history } = await analysisInputs(db, userId, bill);
  const analysis = analyzeBill(input, history, { today: today(), meterBaseLoad });
  return { analysis, recommendations: generateRecommendations(input, analysis) };
}

/**
 * The analyze-bill pipeline (01-core §4): ownership, 'already analyzed', analysis from the bill
 * and its account's history, saved to bill_analyses; recommendations saved (skipped if none);
 * the bill marked analyzed; and the anomaly check stored when it had not run yet.
 */
export async function analyzeUserBill(db: Db, userId: string, billId: string, meterBaseLoad?: MeterBaseLoad) {
  return (await analyzeBillRow(db, userId, await requireBill(db, userId, billId), meterBaseLoad)).result;
}

/**
 * analyzeUserBill on the bill's row as the caller just read it, also answering the bill's
 * anomalies as detect-bill-anomalies would right after (the check stored with the analysis, or
 * the one stored before it), so the analyse-bill job reads the bill once.
 */
export async function analyzeBillRow(db: Db, userId: string, bill: BillRow, meterBaseLoad?: MeterBaseLoad) {
  if (bill.analyzed) throw new AppError('ALREADY_ANALYZED', 409, ANALYSIS_MESSAGES.alreadyAnalyzed);
  if (bill.status !== 'processed') throw new AppError('NOT_PROCESSED', 409, ANALYSIS_MESSAGES.notProcessed);
  const billId = bill.id;
  const { analysis, recommendations } = await computeAnalysis(db, userId, bill, meterBaseLoad);
  const anomalies = bill.anomalyCheckedAt ? ((bill.anomalies as Anomaly[] | null) ?? []) : anomaliesOf(analysis);
  const saved = await db.transaction(async (tx) => {
    // Marked analyzed, with the anomaly check when it had not run yet, in one write; not if a
    // correction landed since the row was read (its values are not those analysed).
    const anomalyCheck = bill.anomalyCheckedAt ? undefined : anomalyCheckColumns(anomalies);
    if (!(await claimBillAnalysis(tx, userId, billId, anomalyCheck, bill.corrections))) throw new AppError('ALREADY_ANALYZED', 409, ANALYSIS_MESSAGES.alreadyAnalyzed);
    await deleteAnalysisOfBill(tx, userId, billId);
    const row = await insertAnalysis(tx, {
      userId,
      billId,
      peakUsageTimes: analysis.peakUsageTimes,
      usageAnomalies: analysis.usageAnomalies,
      baseLoad: analysis.baseLoad,
      variableLoad: analysis.variableLoad,
      weatherImpactAnalysis: analysis.weatherImpactAnalysis,
      potentialIssues: analysis.potentialIssues,
      analysis,
    });
    const recs = await insertRecommendations(
      tx,
      // A recommendation's fields are the row's columns (analysis/types.ts `Recommendation`).
      recommendations.map((r) => ({ ...r, userId, billId })),
    );
    return { row, recs };
  });
  return {
    result: { success: true as const, analysis: toAnalysisDto(saved.row), recommendations: saved.recs.map(toRecommendationDto) },
    anomalies,
  };
}

/** detect-bill-anomalies: computed once per bill and stored; later calls return the stored result. */
export async function detectBillAnomalies(db: Db, userId: string, billId: string): Promise<{ hasAnomalies: boolean; anomalies: Anomaly[] }> {
  const bill = await requireBill(db, userId, billId);
  if (bill.anomalyCheckedAt) return { hasAnomalies: bill.hasAnomalies, anomalies: (bill.anomalies as Anomaly[] | null) ?? [] };
  if (bill.status !== 'processed') throw new AppError('NOT_PROCESSED', 409, ANALYSIS_MESSAGES.notProcessed);
  const stored = await findAnalysisOfBill(db, userId, billId);
  const analysis = stored ? (stored.analysis as BillAnalysis) : (await computeAnalysis(db, userId, bill)).analysis;
  const anomalies = anomaliesOf(analysis);
  await saveAnomalyCheck(db, userId, billId, anomalies);
  return { hasAnomalies: anomalies.length > 0, anomalies };
}

export async function getAnalysisOfBill(db: Db, userId: string, billId: string): Promise<{ analysis: AnalysisDto | null; recommendations: RecommendationDto[] }> {
  const [row, recs] = await Promise.all([findAnalysisOfBill(db, userId, billId), findRecommendationsOfBill(db, userId, billId)]);
  return { analysis: row ? toAnalysisDto(row) : null, recommendations: recs.map(toRecommendationDto) };
}

/** Recommendation cards of the user's bills, optionally of one property type, newest bills first. */
/**
 * The caller's recommendation cards: with `billId`, every card of that bill; otherwise the
 * overview's choice (one card per advice and account, from its latest bill, best first; see
 * `latestRecommendations`), chosen on light rows so only the shown cards' text is read.
 */
export async function listRecommendationCards(db: Db, userId: string, query: RecommendationsQuery): Promise<RecommendationCard[]> {
  const { billId, ...filter } = query;
  if (billId) {
    const [rows, billsById] = await Promise.all([findRecommendationCards(db, userId, { billId }), billKindsById(db, userId, filter)]);
    return rows.flatMap((row) => toCard(row, billsById.get(row.billId)));
  }
  const [heads, bills] = await Promise.all([findRecommendationHeads(db, userId), listBillFigures(db, userId, filter)]);
  const billsById = new Map(bills.map((bill) => [bill.id, bill]));
  const candidates = heads.flatMap((head) => {
    const bill = billsById.get(head.billId);
    return bill ? [{ ...head, title: head.title ?? titleFromType(head.recommendationType), billType: bill.billType, priority: PRIORITIES.find((p) => p === head.priority) ?? ('medium' as const) }] : [];
  });
  const chosen = latestRecommendations(candidates, bills);
  if (chosen.length === 0) return [];
  const rows = new Map((await findRecommendationCards(db, userId, { ids: chosen.map((c) => c.id) })).map((row) => [row.id, row]));
  return chosen.flatMap((c) => {
    const row = rows.get(c.id);
    return row ? toCard(row, billsById.get(row.billId)) : [];
  });
}

type CardRow = Awaited<ReturnType<typeof findRecommendationCards>>[number];

/** Whether a card's figure comes from the bill's usage (a refund or a billing dispute does not). */
function usageDriven(row: Pick<CardRow, 'savingsPeriod' | 'recommendationType'>): boolean {
  return row.savingsPeriod !== 'one_time' && row.recommendationType !== 'billing_dispute';
}

function toCard(
  row: CardRow,
  bill:
    | { propertyType: RecommendationCard['propertyType']; billType: RecommendationCard['billType']; usageAmount: number | null; usageSure: boolean; amountSure: boolean }
    | undefined,
): RecommendationCard[] {
  if (!bill) return [];
  // Advice worked out from usage or an amount the reader was unsure of is an estimate until confirmed.
  const needsConfirmation = !bill.amountSure ? ('amount' as const) : bill.usageAmount !== null && !bill.usageSure && usageDriven(row) ? ('usage' as const) : null;
  return [
    {
      id: row.id,
      billId: row.billId,
      recommendationType: row.recommendationType,
      title: row.title ?? titleFromType(row.recommendationType),
      description: row.description,
      savings: row.estimatedSavings,
      costReduced: row.costReduced,
      savingsPeriod: row.savingsPeriod === 'one_time' ? ('one_time' as const) : ('annual' as const),
      difficulty: row.implementationEffort,
      implemented: false as const,
      propertyType: bill.propertyType,
      billType: bill.billType,
      upfrontCost: row.upfrontCost,
      paybackPeriodMonths: row.paybackPeriodMonths,
      needsConfirmation,
      priority: PRIORITIES.find((p) => p === row.priority) ?? 'medium',
      steps: stepsOf(row.implementationSteps),
    },
  ];
}

/** When the bill's saved analysis was made, or null without one. */
export async function findSavedAnalysisTime(db: Db, userId: string, billId: string): Promise<Date | null> {
  return (await findAnalysisOfBill(db, userId, billId))?.createdAt ?? null;
}

/** Drops a bill's analysis and recommendations (after a correction, so it can be analysed again). */
export async function clearAnalysis(db: Db, userId: string, billId: string): Promise<void> {
  await deleteAnalysisOfBill(db, userId, billId);
}

/** The caller's analysis, by its id or its bill's id, with its bill (404 otherwise). */
export async function requireAnalysisEntity(db: Db, userId: string, id: string): Promise<{ id: string; billId: string }> {
  const row = await findAnalysisByIdOrBill(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 404, ANALYSIS_MESSAGES.analysisNotFound);
  return { id: row.id, billId: row.billId };
}

/** The caller's recommendation's bill (404 otherwise). */
export async function requireRecommendation(db: Db, userId: string, id: string): Promise<{ billId: string }> {
  const row = await findRecommendation(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 404, ANALYSIS_MESSAGES.recommendationNotFound);
  return { billId: row.billId };
}

/** Annual recommended savings of every user (unscoped handle; publish only aggregates). */
export function annualSavingsByUser(db: Db): Promise<{ userId: string; annual: number }[]> {
  return sumAnnualSavingsByUser(db);
}

/** The yearly savings found for the user since a date (the savings guarantee), in cents. */
export async function yearlySavingsFoundSinceCents(db: Db, userId: string, since: Date): Promise<number> {
  // The dashboard's cards and rule (yearlySavingsOfCards), of the cards made since `since`.
  const [cards, bills] = await Promise.all([listRecommendationCards(db, userId, {}), listBillFigures(db, userId, {})]);
  const made = await findRecommendationTimes(db, userId, cards.map((card) => card.id));
  const accounts = new Map(bills.map((bill) => [bill.id, bill.accountId]));
  const found = cards.filter((card) => (made.get(card.id)?.getTime() ?? 0) >= since.getTime());
  return Math.round(yearlySavingsOfCards(found, (billId) => accounts.get(billId)) * 100);
}
