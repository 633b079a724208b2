import {
  costBadge,
  type CostRecommendation,
  costRecommendations,
  costSavingsScore,
  createUsageRecord,
  type DocumentType,
  summarizeCosts,
  SUMMARY_WINDOW_DAYS,
  type TextractApi,
  USAGE_HISTORY_LIMIT,
} from '@wattwise/shared/processing';
import type { ProcessingCostSummary } from '@wattwise/shared/contract/processing';
import type { Db } from '../../db/client.ts';
import { findRecentRuns, insertProcessingRun, type NewProcessingRun } from './processing.queries.ts';

/** The API shape is the contract's (packages/shared/src/contract/processing.ts). */
export type CostSummaryDto = ProcessingCostSummary;

/** What the cost panel says for each trigger of 01-core §9. */
export const COST_RECOMMENDATION_TEXT: Record<CostRecommendation, string> = {
  'high-average-cost': 'Average cost per document is above $0.01: send simple bills through text extraction only and keep the AI check for unsure fields.',
  'ai-cost-dominates': 'AI model costs are more than twice the text-extraction costs: use the smaller model or raise the confidence needed before asking the AI.',
  'high-volume-projection': 'Over 100 documents with a projected monthly cost above $10: batch processing and cached results would lower the bill.',
};

/** Persists one processing run (the spec's usage record). */
export async function recordProcessingRun(db: Db, run: NewProcessingRun): Promise<void> {
  await insertProcessingRun(db, run);
}

/** The cost summary of the user's last 30 days of processing runs (at most the last 1000), with score and badge. */
export async function getCostSummary(db: Db, userId: string, now = new Date()): Promise<CostSummaryDto> {
  const since = new Date(now.getTime() - SUMMARY_WINDOW_DAYS * 86_400_000);
  const rows = await findRecentRuns(db, userId, since, USAGE_HISTORY_LIMIT);
  const records = rows.map((r) =>
    createUsageRecord({
      userId: r.userId,
      documentType: r.documentType as DocumentType,
      textractAPI: (r.textractApi as TextractApi | null) ?? null,
      claudeModel: r.claudeModel,
      textractCost: r.extractionCost,
      claudeCost: r.aiCost,
      tokensUsed: r.tokensUsed,
      processingTime: r.processingTimeMs,
      timestamp: r.createdAt.toISOString(),
    }),
  );
  const summary = summarizeCosts(records, now);
  const score = costSavingsScore(summary.averageCostPerDocument);
  const aiRuns = rows.filter((r) => r.claudeModel !== null);
  return {
    ...summary,
    score,
    badge: costBadge(score),
    recommendations: costRecommendations(summary).map((code) => COST_RECOMMENDATION_TEXT[code]),
    aiModels: [...new Set(aiRuns.map((r) => r.claudeModel as string))].sort(),
    aiTokens: aiRuns.reduce((sum, r) => sum + r.tokensUsed, 0),
  };
}
