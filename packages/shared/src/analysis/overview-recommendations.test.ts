import { describe, expect, it } from 'vitest';
import { latestRecommendations, type OverviewBill, type OverviewCard } from './overview-recommendations.ts';

type Card = OverviewCard & { id: string };
function card(id: string, billId: string, title: string, savings: number, extra: Partial<Card> = {}): Card {
  return { id, billId, title, savings, recommendationType: title, billType: 'electricity', priority: 'medium', ...extra };
}

const bills = [
  { id: 'jan', status: 'processed', accountId: 'home', servicePeriodEnd: '2026-01-31', dueDate: null, createdAt: '2026-03-01T00:00:00Z' },
  { id: 'feb', status: 'processed', accountId: 'home', servicePeriodEnd: '2026-02-28', dueDate: null, createdAt: '2026-03-01T00:00:00Z' },
  { id: 'shop-jan', status: 'processed', accountId: 'shop', servicePeriodEnd: '2026-01-31', dueDate: null, createdAt: '2026-03-01T00:00:00Z' },
] satisfies OverviewBill[];

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

  it('shows advice about an unusual bill only while it is the latest bill of its account', () => {
    const spike = (id: string, billId: string) =>
      card(id, billId, 'Find out what drove this spike', 900, { recommendationType: 'usage_investigation' });
    // January's spike was followed by a February bill: the advice is history.
    expect(latestRecommendations([spike('s-jan', 'jan'), card('led', 'feb', 'Switch remaining bulbs to LED', 40)], bills).map((c) => c.id)).toEqual([
      'led',
    ]);
    // February's spike is the latest bill: it stays.
    expect(latestRecommendations([spike('s-feb', 'feb')], bills).map((c) => c.id)).toEqual(['s-feb']);
    // The shop's January bill is its latest, whatever the home account received since.
    expect(latestRecommendations([spike('s-shop', 'shop-jan')], bills).map((c) => c.id)).toEqual(['s-shop']);
  });

  it('keeps the same advice for two accounts apart', () => {
    const result = latestRecommendations([card('home', 'feb', 'Seal air leaks', 100), card('shop', 'shop-jan', 'Seal air leaks', 70)], bills);
    expect(result.map((c) => c.id)).toEqual(['home', 'shop']);
  });
});
