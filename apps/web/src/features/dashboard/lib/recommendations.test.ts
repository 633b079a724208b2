import { describe, expect, it } from 'vitest';
import type { BillSummary, RecommendationCard } from '../types.ts';
import { latestRecommendations } from './recommendations.ts';

function card(id: string, billId: string, title: string, savings: number, extra: Partial<RecommendationCard> = {}): RecommendationCard {
  return {
    id,
    billId,
    title,
    description: '',
    savings,
    difficulty: 'low',
    implemented: false,
    propertyType: 'residential',
    upfrontCost: 0,
    paybackPeriodMonths: 0,
    steps: [],
    billType: 'electricity',
    ...extra,
  };
}

const bills = [
  { id: 'jan', servicePeriodEnd: '2026-01-31', dueDate: null, createdAt: '2026-03-01T00:00:00Z' },
  { id: 'feb', servicePeriodEnd: '2026-02-28', dueDate: null, createdAt: '2026-03-01T00:00:00Z' },
] as BillSummary[];

describe('latestRecommendations', () => {
  it('keeps one card per advice, from the most recent bill', () => {
    const result = latestRecommendations(
      [card('t-jan', 'jan', 'Install a smart thermostat', 120), card('t-feb', 'feb', 'Install a smart thermostat', 90)],
      bills,
    );
    expect(result.map((c) => c.id)).toEqual(['t-feb']);
  });

  it('keeps the same advice for different utilities apart', () => {
    const result = latestRecommendations(
      [card('e', 'feb', 'Seal air leaks', 100), card('g', 'feb', 'Seal air leaks', 60, { billType: 'natural_gas' })],
      bills,
    );
    expect(result).toHaveLength(2);
  });

  it('puts high priority first, then the larger savings', () => {
    const result = latestRecommendations(
      [
        card('low-big', 'feb', 'A', 500, { priority: 'low' }),
        card('high-small', 'feb', 'B', 50, { priority: 'high' }),
        card('high-big', 'feb', 'C', 200, { priority: 'high' }),
      ],
      bills,
    );
    expect(result.map((c) => c.id)).toEqual(['high-big', 'high-small', 'low-big']);
  });
});
