import { describe, expect, it } from 'vitest';
import { analyzeBill } from './analyze.ts';
import { generateRecommendations } from './recommendations.ts';
import { makeHistory, makeMonthlyBill } from './test-fixtures.ts';
import type { AnalysisBill } from './types.ts';

/** Every number anywhere in the value, with its path. */
function numbers(value: unknown, path = '$'): Array<[string, number]> {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbers(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numbers(v, `${path}.${k}`));
  return [];
}

// Deterministic pseudo-random sequence (Park–Miller), so failures reproduce.
function sequence(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

describe('incomplete and odd bills', () => {
  it('never produces NaN or Infinity, whatever fields are missing', () => {
    const rnd = sequence(42);
    const maybe = <T>(v: T, nullValue: T): T => (rnd() < 0.3 ? nullValue : v);
    for (let i = 0; i < 200; i++) {
      const types = ['electricity', 'natural_gas', 'water', 'internet', 'other'] as const;
      const billType = types[Math.floor(rnd() * types.length)] ?? 'other';
      const mangle = (b: AnalysisBill): AnalysisBill => ({
        ...b,
        usageAmount: maybe(rnd() < 0.1 ? 0 : b.usageAmount, null),
        servicePeriodStart: maybe(b.servicePeriodStart, null),
        servicePeriodEnd: maybe(b.servicePeriodEnd, null),
        dueDate: maybe(b.dueDate, null),
        totalAmount: rnd() < 0.05 ? -20 : b.totalAmount,
        charges: maybe(b.charges, []),
        rate: maybe(b.rate ?? null, null),
        stateCode: maybe(b.stateCode ?? null, 'ZZ'),
      });
      const history = makeHistory(2024, 1, Math.floor(rnd() * 14), () => 5 + rnd() * 30, { billType }).map(mangle);
      const bill = mangle(makeMonthlyBill(2025, 3, 5 + rnd() * 60, { billType }));
      const analysis = analyzeBill(bill, history, { today: '2025-06-01' });
      const recs = generateRecommendations(bill, analysis);
      const bad = numbers({ analysis, recs }).filter(([, v]) => !Number.isFinite(v));
      expect(bad).toEqual([]);
      for (const r of recs) expect(r.estimatedSavings).toBeGreaterThan(0);
    }
  });
});
