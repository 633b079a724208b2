import { describe, expect, it } from 'vitest';
import { createBillSummary } from '@/test/factories.ts';
import type { BillSummary } from '@wattwise/shared/contract/bills';
import type { RecommendationCard } from '@wattwise/shared/contract/analysis';
import { overviewFigures } from './overview.ts';

function bill(id: string, end: string, amount: number, extra: Partial<BillSummary> = {}): BillSummary {
  return createBillSummary({ id, propertyId: 'p', servicePeriodEnd: end, totalAmount: amount, analyzed: true, ...extra });
}

const card = (savings: number, savingsPeriod: 'annual' | 'one_time' = 'annual', extra: Partial<RecommendationCard> = {}) =>
  ({ id: String(savings), billId: 'x', title: `t${savings}`, recommendationType: `type_${savings}`, savings, savingsPeriod, ...extra }) as RecommendationCard;

describe('overviewFigures', () => {
  it('compares the newest bill with the previous bill of the same account', () => {
    const figures = overviewFigures(
      [bill('jan', '2026-01-31', 100), bill('gas', '2026-02-20', 80, { accountId: 'a2' }), bill('feb', '2026-02-28', 120)],
      [],
    );
    expect(figures.latest).toMatchObject({ billId: 'feb', amount: 120 });
    expect(figures.latest?.changePct).toBeCloseTo(0.2);
  });

  it('has no change for the first bill of an account and ignores bills not yet read', () => {
    const figures = overviewFigures([bill('only', '2026-01-31', 90), bill('queued', '2026-05-31', 0, { status: 'queued' })], []);
    expect(figures.latest).toMatchObject({ billId: 'only', changePct: null });
    expect(figures.processed).toBe(1);
  });

  it('adds yearly savings and keeps one-time refunds apart', () => {
    const figures = overviewFigures([], [card(120.5), card(30.25), card(45, 'one_time')]);
    expect(figures.annualSavings).toBe(150.75);
    expect(figures.oneTimeSavings).toBe(45);
    expect(figures.latest).toBeNull();
  });

  it('combines measures that cut the same cost instead of adding them up', () => {
    // Thermostat 8% and insulation 15% of $1,000 of heating and cooling: 1,000 × (1 − 0.92 × 0.85) = $218, not $230.
    const thermostat = card(80, 'annual', { recommendationType: 'smart_thermostat', costReduced: 1000 });
    const insulation = card(150, 'annual', { recommendationType: 'weatherization', costReduced: 1000 });
    const led = card(40, 'annual', { recommendationType: 'led_lighting', costReduced: 200 });
    expect(overviewFigures([], [thermostat, insulation, led]).annualSavings).toBe(258);
  });

  it('shows a missing amount as missing and compares this period’s charges, not a carried-over balance', () => {
    const figures = overviewFigures(
      [
        bill('jan', '2026-01-31', 186.89),
        bill('feb', '2026-02-28', 390.63, { currentCharges: 186.89, previousBalance: 203.74 }),
        bill('mar', '2026-03-31', 0, { totalAmount: null }),
      ],
      [],
    );
    expect(figures.latest).toMatchObject({ billId: 'mar', amount: null, changePct: null });
    const feb = overviewFigures([bill('jan', '2026-01-31', 186.89), bill('feb', '2026-02-28', 390.63, { currentCharges: 186.89, previousBalance: 203.74 })], []);
    expect(feb.latest?.changePct).toBe(0);
  });

  it('marks an amount read unsure, and a change built on one, as estimates', () => {
    const sure = { ...bill('jan', '2026-01-31', 100), usageSure: true, amountSure: true };
    const unsure = { ...bill('feb', '2026-02-28', 2.24), usageSure: true, amountSure: false };
    expect(overviewFigures([sure, unsure], []).latest).toMatchObject({ billId: 'feb', amountEstimate: true, changeEstimate: true });
    expect(overviewFigures([sure], []).latest).toMatchObject({ amountEstimate: false, changeEstimate: false });
    // A bill summary says nothing of sureness: nothing is marked.
    expect(overviewFigures([bill('x', '2026-01-31', 5)], []).latest).toMatchObject({ amountEstimate: false, changeEstimate: false });
  });

  it('counts analyzed and flagged bills', () => {
    const figures = overviewFigures(
      [bill('a', '2026-01-31', 1), bill('b', '2026-02-28', 1, { hasAnomalies: true }), bill('c', '2026-03-31', 1, { analyzed: false, hasAnomalies: true })],
      [],
    );
    expect(figures).toMatchObject({ processed: 3, analyzed: 2, flagged: 1 });
  });

  it('never counts a recommendation worked out from unsure usage in the savings headline', () => {
    const figures = overviewFigures([bill('b', '2026-01-31', 100)], [card(251064.08, 'annual', { needsConfirmation: 'usage' }), card(40)]);
    expect(figures.annualSavings).toBe(40);
    expect(figures.toConfirm).toBe(1);
    const onlyUnsure = overviewFigures([bill('b', '2026-01-31', 100)], [card(251064.08, 'annual', { needsConfirmation: 'usage' }), card(98.08, 'one_time', { needsConfirmation: 'amount' })]);
    expect(onlyUnsure).toMatchObject({ annualSavings: 0, oneTimeSavings: 0, toConfirm: 2 });
  });
});
