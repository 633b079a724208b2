import { describe, expect, it } from 'vitest';
import {
  appendUsage,
  chooseStrategy,
  costBadge,
  costRecommendations,
  costSavingsScore,
  createUsageRecord,
  documentMetrics,
  estimatePages,
  estimateTokens,
  guessDocumentType,
  MB,
  modelCost,
  modelCostForText,
  summarizeCosts,
  textractCost,
  type UsageRecord,
} from './processing.ts';

describe('document type guess', () => {
  it('treats bills, statements and invoices as simple under 1 MB and as forms above', () => {
    expect(guessDocumentType('march-bill.pdf', 0.5 * MB)).toBe('simple');
    expect(guessDocumentType('Statement_2026.pdf', 1.5 * MB)).toBe('form');
    expect(guessDocumentType('invoice.png', MB)).toBe('form');
  });
  it('reads form, application, table and report from the name', () => {
    expect(guessDocumentType('application.pdf', 10)).toBe('form');
    expect(guessDocumentType('usage-table.pdf', 10)).toBe('table');
    expect(guessDocumentType('annual report.pdf', 10)).toBe('table');
  });
  it('otherwise is complex over 2 MB and simple below', () => {
    expect(guessDocumentType('scan.pdf', 2.5 * MB)).toBe('complex');
    expect(guessDocumentType('scan.pdf', 2 * MB)).toBe('simple');
  });
});

describe('pages estimate', () => {
  it('counts two pages per MB for PDFs, at least one, and one for images', () => {
    expect(estimatePages(100, true)).toBe(1);
    expect(estimatePages(1.2 * MB, true)).toBe(3);
    expect(estimatePages(5 * MB, false)).toBe(1);
  });
});

describe('strategy', () => {
  it('uses detect + haiku on pages 1 and 2 for simple documents of up to 3 pages', () => {
    expect(chooseStrategy('simple', 3)).toEqual({ useTextract: true, textractAPI: 'detect', textractFeatures: [], useClaudeModel: 'haiku', maxTokens: 1000, processPages: [1, 2] });
    expect(chooseStrategy('simple', 1).processPages).toEqual([1]);
  });
  it('picks analyze with the right features, model and budget for the other types', () => {
    expect(chooseStrategy('form', 2)).toMatchObject({ textractAPI: 'analyze', textractFeatures: ['FORMS'], useClaudeModel: 'haiku', maxTokens: 1500 });
    expect(chooseStrategy('table', 2)).toMatchObject({ textractFeatures: ['TABLES'], useClaudeModel: 'sonnet', maxTokens: 2000 });
    expect(chooseStrategy('complex', 2)).toMatchObject({ textractFeatures: ['FORMS', 'TABLES'], useClaudeModel: 'sonnet', maxTokens: 3000 });
    expect(chooseStrategy('simple', 4)).toMatchObject({ textractFeatures: ['FORMS', 'TABLES'], maxTokens: 3000, processPages: [1, 2, 3, 4] });
  });
});

describe('costs', () => {
  it('prices OCR per page', () => {
    expect(textractCost('detect', 2)).toBeCloseTo(0.003, 10);
    expect(textractCost('analyze', 3)).toBeCloseTo(0.15, 10);
  });
  it('splits length/4 tokens 80/20 and prices them per million', () => {
    expect(estimateTokens(4000)).toEqual({ total: 1000, input: 800, output: 200 });
    expect(modelCost('haiku', 800, 200)).toBeCloseTo(0.00144, 10);
    expect(modelCost('claude-sonnet-4-5', 1_000_000, 0)).toBeCloseTo(3, 10);
    expect(modelCost('claude-opus-4', 0, 1_000_000)).toBeCloseTo(75, 10);
    expect(modelCostForText('haiku', 4000)).toBeCloseTo(0.00144, 10);
  });
  it('estimates a simple one-page bill at detect price plus haiku at 1000 tokens', () => {
    const m = documentMetrics('bill.pdf', 200_000, true);
    expect(m).toMatchObject({ pageCount: 1, documentType: 'simple' });
    expect(m.estimatedCost).toBeCloseTo(0.0015 + (800 * 0.8 + 200 * 4) / 1e6, 10);
  });
});

const rec = (over: Partial<UsageRecord>): UsageRecord =>
  createUsageRecord({ userId: 'u1', documentType: 'simple', textractAPI: 'detect', claudeModel: 'haiku', tokensUsed: 100, processingTime: 1, timestamp: '2026-03-01T00:00:00Z', textractCost: 0.0015, claudeCost: 0.001, ...over });

describe('usage and summary', () => {
  it('splits a single total 70/30 between extraction and AI', () => {
    const r = createUsageRecord({ userId: 'u', documentType: 'simple', textractAPI: null, claudeModel: null, tokensUsed: 0, processingTime: 0, timestamp: '2026-01-01T00:00:00Z', totalCost: 1 });
    expect(r.textractCost).toBeCloseTo(0.7, 10);
    expect(r.claudeCost).toBeCloseTo(0.3, 10);
  });
  it('keeps the last 1000 records', () => {
    let h: UsageRecord[] = [];
    for (let i = 0; i < 1005; i++) h = appendUsage(h, rec({ tokensUsed: i }));
    expect(h).toHaveLength(1000);
    expect(h[0]?.tokensUsed).toBe(5);
  });
  it('summarises the last 30 days only', () => {
    const now = new Date('2026-03-31T00:00:00Z');
    const h = [rec({ timestamp: '2026-01-01T00:00:00Z' }), rec({ timestamp: '2026-03-16T00:00:00Z' }), rec({ timestamp: '2026-03-30T00:00:00Z' })];
    const s = summarizeCosts(h, now);
    expect(s.documentsProcessed).toBe(2);
    expect(s.totalCost).toBeCloseTo(0.005, 10);
    expect(s.averageCostPerDocument).toBeCloseTo(0.0025, 10);
    expect(s.textractCosts).toBeCloseTo(0.003, 10);
    expect(s.projectedMonthlyCost).toBeCloseTo(0.01, 10);
  });
});

describe('recommendations, score and badge', () => {
  const base = { totalCost: 0, documentsProcessed: 0, averageCostPerDocument: 0, textractCosts: 1, claudeCosts: 1, monthlyCost: 0, projectedMonthlyCost: 0 };
  it('fires each trigger on its own condition', () => {
    expect(costRecommendations(base)).toEqual([]);
    expect(costRecommendations({ ...base, averageCostPerDocument: 0.011 })).toEqual(['high-average-cost']);
    expect(costRecommendations({ ...base, claudeCosts: 2.01 })).toEqual(['ai-cost-dominates']);
    expect(costRecommendations({ ...base, documentsProcessed: 101, projectedMonthlyCost: 10.5 })).toEqual(['high-volume-projection']);
    expect(costRecommendations({ ...base, documentsProcessed: 100, projectedMonthlyCost: 50 })).toEqual([]);
  });
  it('scores 85 / 70 / 50 and badges above 80 and 60', () => {
    expect(costSavingsScore(0.009)).toBe(85);
    expect(costSavingsScore(0.01)).toBe(70);
    expect(costSavingsScore(0.02)).toBe(50);
    expect(costBadge(85)).toBe('Excellent');
    expect(costBadge(80)).toBe('Good');
    expect(costBadge(70)).toBe('Good');
    expect(costBadge(60)).toBe('Needs Improvement');
  });
});
