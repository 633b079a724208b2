/**
 * Processing strategy and cost model of bill reading (spec 01-core §3 'Document metrics',
 * 'Processing strategy', 'Usage record', 'Cost summary'; §9 'Processing strategy', 'Type guess',
 * 'Prices', 'Recommendation triggers'). Pure functions: no I/O, no clock unless passed in.
 */

export type DocumentType = 'simple' | 'form' | 'table' | 'complex';
export type TextractApi = 'detect' | 'analyze';
export type TextractFeature = 'FORMS' | 'TABLES';
export type ClaudeModel = 'haiku' | 'sonnet' | 'opus';

export interface ProcessingStrategy {
  useTextract: boolean;
  textractAPI: TextractApi;
  textractFeatures: TextractFeature[];
  useClaudeModel: ClaudeModel;
  maxTokens: number;
  processPages: number[];
}

export interface DocumentMetrics {
  pageCount: number;
  fileSize: number;
  documentType: DocumentType;
  complexity: number;
  estimatedCost: number;
}

export const MB = 1024 * 1024;
/** Price per page of the OCR service's two APIs, in dollars. */
export const TEXTRACT_PRICE_PER_PAGE: Record<TextractApi, number> = { detect: 0.0015, analyze: 0.05 };
/** Model prices in dollars per million tokens. */
export const MODEL_PRICES: Record<ClaudeModel, { input: number; output: number }> = {
  haiku: { input: 0.8, output: 4 },
  sonnet: { input: 3, output: 15 },
  opus: { input: 15, output: 75 },
};
export const CHARS_PER_TOKEN = 4;
export const INPUT_TOKEN_SHARE = 0.8;
export const USAGE_HISTORY_LIMIT = 1000;
export const SUMMARY_WINDOW_DAYS = 30;
export const EXTRACTION_COST_SHARE = 0.7;
export const AI_COST_SHARE = 0.3;

/** Type guess from the file name and size (§9 'Type guess'). */
export function guessDocumentType(fileName: string, fileSize: number): DocumentType {
  const name = fileName.toLowerCase();
  if (/bill|statement|invoice/.test(name)) return fileSize < MB ? 'simple' : 'form';
  if (/form|application/.test(name)) return 'form';
  if (/table|report/.test(name)) return 'table';
  return fileSize > 2 * MB ? 'complex' : 'simple';
}

/** Page estimate before reading: PDFs two pages per MB (at least one), images one. */
export function estimatePages(fileSize: number, isPdf: boolean): number {
  if (!isPdf) return 1;
  return Math.max(1, Math.ceil((fileSize / MB) * 2));
}

function pageList(count: number): number[] {
  return Array.from({ length: Math.max(1, count) }, (_, i) => i + 1);
}

/** The strategy per document type (§9 'Processing strategy'). */
export function chooseStrategy(documentType: DocumentType, pageCount: number): ProcessingStrategy {
  if (documentType === 'simple' && pageCount <= 3) {
    return { useTextract: true, textractAPI: 'detect', textractFeatures: [], useClaudeModel: 'haiku', maxTokens: 1000, processPages: pageList(Math.min(2, pageCount)) };
  }
  if (documentType === 'form') {
    return { useTextract: true, textractAPI: 'analyze', textractFeatures: ['FORMS'], useClaudeModel: 'haiku', maxTokens: 1500, processPages: pageList(pageCount) };
  }
  if (documentType === 'table') {
    return { useTextract: true, textractAPI: 'analyze', textractFeatures: ['TABLES'], useClaudeModel: 'sonnet', maxTokens: 2000, processPages: pageList(pageCount) };
  }
  return { useTextract: true, textractAPI: 'analyze', textractFeatures: ['FORMS', 'TABLES'], useClaudeModel: 'sonnet', maxTokens: 3000, processPages: pageList(pageCount) };
}

/** OCR service cost for a number of pages. */
export function textractCost(api: TextractApi, pages: number): number {
  return TEXTRACT_PRICE_PER_PAGE[api] * Math.max(0, pages);
}

/** Tokens for a text: length / 4, split 80 % input and 20 % output. */
export function estimateTokens(textLength: number): { total: number; input: number; output: number } {
  const total = Math.ceil(Math.max(0, textLength) / CHARS_PER_TOKEN);
  const input = Math.round(total * INPUT_TOKEN_SHARE);
  return { total, input, output: total - input };
}

/** The price row for a model name ("claude-3-5-haiku-latest" → haiku); unknown names cost as sonnet. */
export function modelFamily(model: string): ClaudeModel {
  const m = model.toLowerCase();
  if (m.includes('haiku')) return 'haiku';
  if (m.includes('opus')) return 'opus';
  return 'sonnet';
}

/** Model cost in dollars for token counts. */
export function modelCost(model: string, inputTokens: number, outputTokens: number): number {
  const price = MODEL_PRICES[modelFamily(model)];
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}

/**
 * What a call really cost: tokens at the listed price of the model's family (01-core §9); 0 for
 * a model without a listed price (a local Ollama or vLLM model).
 */
export function listedModelCost(model: string, inputTokens: number, outputTokens: number): number {
  const family = (['haiku', 'sonnet', 'opus'] as const).find((f) => model.toLowerCase().includes(f));
  return family ? (inputTokens * MODEL_PRICES[family].input + outputTokens * MODEL_PRICES[family].output) / 1_000_000 : 0;
}

/** Model cost of a text by the length rule. */
export function modelCostForText(model: string, textLength: number): number {
  const t = estimateTokens(textLength);
  return modelCost(model, t.input, t.output);
}

/** Document metrics and estimated cost: pages × OCR price plus the model at its token budget. */
export function documentMetrics(fileName: string, fileSize: number, isPdf: boolean, pageCount?: number): DocumentMetrics {
  const documentType = guessDocumentType(fileName, fileSize);
  const pages = pageCount ?? estimatePages(fileSize, isPdf);
  const strategy = chooseStrategy(documentType, pages);
  const complexity = { simple: 1, form: 2, table: 3, complex: 4 }[documentType];
  const estimatedCost =
    textractCost(strategy.textractAPI, strategy.processPages.length) +
    modelCost(strategy.useClaudeModel, Math.round(strategy.maxTokens * INPUT_TOKEN_SHARE), Math.round(strategy.maxTokens * (1 - INPUT_TOKEN_SHARE)));
  return { pageCount: pages, fileSize, documentType, complexity, estimatedCost };
}

export interface UsageRecord {
  userId: string;
  documentType: DocumentType;
  textractAPI: TextractApi | null;
  claudeModel: string | null;
  textractCost: number;
  claudeCost: number;
  totalCost: number;
  tokensUsed: number;
  processingTime: number;
  timestamp: string; // ISO
}

/** Builds a usage record; a total known only as one figure is split 70 % extraction / 30 % AI. */
export function createUsageRecord(input: Omit<UsageRecord, 'totalCost' | 'textractCost' | 'claudeCost'> & { textractCost?: number; claudeCost?: number; totalCost?: number }): UsageRecord {
  let textract = input.textractCost;
  let claude = input.claudeCost;
  if (textract === undefined && claude === undefined && input.totalCost !== undefined) {
    textract = input.totalCost * EXTRACTION_COST_SHARE;
    claude = input.totalCost * AI_COST_SHARE;
  }
  const t = textract ?? 0;
  const c = claude ?? 0;
  return { ...input, textractCost: t, claudeCost: c, totalCost: input.totalCost ?? t + c };
}

/** Appends a record, keeping the last 1000. */
export function appendUsage(history: readonly UsageRecord[], record: UsageRecord): UsageRecord[] {
  return [...history, record].slice(-USAGE_HISTORY_LIMIT);
}

export interface CostSummary {
  totalCost: number;
  documentsProcessed: number;
  averageCostPerDocument: number;
  textractCosts: number;
  claudeCosts: number;
  monthlyCost: number;
  projectedMonthlyCost: number;
}

/**
 * Summary over the 30-day window ending at `now`. The projection scales the window's cost
 * to a full 30 days from the span actually covered by the records.
 */
export function summarizeCosts(history: readonly UsageRecord[], now: Date): CostSummary {
  const since = now.getTime() - SUMMARY_WINDOW_DAYS * 86_400_000;
  const recent = history.filter((r) => {
    const t = Date.parse(r.timestamp);
    return t >= since && t <= now.getTime();
  });
  const sum = (pick: (r: UsageRecord) => number) => recent.reduce((acc, r) => acc + pick(r), 0);
  const totalCost = sum((r) => r.totalCost);
  const documentsProcessed = recent.length;
  const first = recent.reduce((min, r) => Math.min(min, Date.parse(r.timestamp)), now.getTime());
  const coveredDays = Math.max(1, (now.getTime() - first) / 86_400_000);
  return {
    totalCost,
    documentsProcessed,
    averageCostPerDocument: documentsProcessed > 0 ? totalCost / documentsProcessed : 0,
    textractCosts: sum((r) => r.textractCost),
    claudeCosts: sum((r) => r.claudeCost),
    monthlyCost: totalCost,
    projectedMonthlyCost: (totalCost / Math.min(coveredDays, SUMMARY_WINDOW_DAYS)) * SUMMARY_WINDOW_DAYS,
  };
}

export type CostRecommendation = 'high-average-cost' | 'ai-cost-dominates' | 'high-volume-projection';

/** Recommendation triggers (§9). */
export function costRecommendations(summary: CostSummary): CostRecommendation[] {
  const out: CostRecommendation[] = [];
  if (summary.averageCostPerDocument > 0.01) out.push('high-average-cost');
  if (summary.claudeCosts > 2 * summary.textractCosts) out.push('ai-cost-dominates');
  if (summary.documentsProcessed > 100 && summary.projectedMonthlyCost > 10) out.push('high-volume-projection');
  return out;
}

/** Cost-savings score: 85 under $0.01 per document, 70 under $0.02, else 50. */
export function costSavingsScore(averageCostPerDocument: number): number {
  if (averageCostPerDocument < 0.01) return 85;
  if (averageCostPerDocument < 0.02) return 70;
  return 50;
}

export type CostBadge = 'Excellent' | 'Good' | 'Needs Improvement';

export function costBadge(score: number): CostBadge {
  if (score > 80) return 'Excellent';
  if (score > 60) return 'Good';
  return 'Needs Improvement';
}
