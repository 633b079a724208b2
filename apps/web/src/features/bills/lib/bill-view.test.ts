import { describe, expect, it } from 'vitest';
import type { BillSummary } from '@wattwise/shared/contract/bills';
import { createBillSummary } from '@/test/factories.ts';
import { analysisRunning, analyzeAction, billLoadError, billRowText, billViewStatus, flaggedBills, isBillId, READING_TEXT, recentBills, sortBillsByPeriod } from './bill-view.ts';
import { providerName } from '@/lib/bill-labels.ts';

function viewBill(overrides: Partial<BillSummary>): BillSummary {
  return createBillSummary({ createdAt: '2026-03-20T10:00:00Z', fileName: 'bill.pdf', utilityProvider: 'Georgia Power', accountNumber: '12345', ...overrides });
}

// Issue 9: what the bill list says about bills must never contradict what was (not) read.

function bill(id: string, extra: Partial<BillSummary> = {}): BillSummary {
  return createBillSummary({ id, createdAt: '2026-03-10T00:00:00Z', propertyId: 'p', servicePeriodEnd: '2026-01-31', usageAmount: 500, usageUnit: 'kWh', analyzed: true, ...extra });
}

describe('bill rows (items 1 and 16)', () => {
  it('shows an amount that was not read as Not found, never $0.00', () => {
    expect(billRowText(bill('a', { totalAmount: null }))).toMatchObject({ amount: 'Not found', amountMissing: true });
    expect(billRowText(bill('b', { totalAmount: 0 })).amount).toBe('$0.00');
  });

  it('says Reading… for a bill in flight instead of Unknown Provider, $0.00 dated today', () => {
    const row = billRowText(bill('c', { status: 'processing', utilityProvider: 'Unknown', totalAmount: null, servicePeriodEnd: null }));
    expect(row).toEqual({ date: '—', provider: READING_TEXT, amount: '—', amountMissing: false });
  });

  it('orders bills by period, newest first, with bills being read on top', () => {
    const bills = [
      bill('jan', { servicePeriodEnd: '2026-01-31', createdAt: '2026-03-03T00:00:00Z' }),
      bill('mar', { servicePeriodEnd: '2026-03-31', createdAt: '2026-03-01T00:00:00Z' }),
      bill('reading', { status: 'queued', servicePeriodEnd: null, createdAt: '2026-02-01T00:00:00Z' }),
      bill('feb', { servicePeriodEnd: '2026-02-28', createdAt: '2026-03-02T00:00:00Z' }),
    ];
    expect(sortBillsByPeriod(bills).map((b) => b.id)).toEqual(['reading', 'mar', 'feb', 'jan']);
  });
});

describe('the analyse action (item 12)', () => {
  it('is not offered on an analysed bill, and says Re-analyze after a correction', () => {
    expect(analyzeAction(bill('a', { analyzed: true }))).toBeNull();
    expect(analyzeAction(bill('b', { analyzed: false }))).toBe('Analyze');
    expect(analyzeAction({ ...bill('c', { analyzed: false }), fields: { totalAmount: { corrected: true } } })).toBe('Re-analyze');
    expect(analyzeAction(bill('d', { status: 'processing', analyzed: false }))).toBeNull();
  });

  it('is not offered while the analysis runs by itself, and is again when it failed (issue 24)', () => {
    expect(analyzeAction(bill('e', { analyzed: false, analysisState: 'queued' }))).toBeNull();
    expect(analyzeAction(bill('f', { analyzed: false, analysisState: 'running' }))).toBeNull();
    expect(analysisRunning(bill('g', { analyzed: false, analysisState: 'running' }))).toBe(true);
    expect(analysisRunning(bill('h', { analyzed: true, analysisState: null }))).toBe(false);
    expect(analyzeAction(bill('i', { analyzed: false, analysisState: 'failed' }))).toBe('Analyze');
  });
});

describe('a bill that cannot be shown (item 18)', () => {
  it('treats a malformed address as not found, and says so once', () => {
    expect(isBillId('not-a-uuid')).toBe(false);
    expect(isBillId('0b9a3c1e-1111-4a7e-9c1d-2b2b2b2b2b2b')).toBe(true);
    const error = billLoadError(404, 'Bill not found');
    expect(error.title).toBe('Bill not found');
    expect(error.detail).not.toBe(error.title);
    expect(billLoadError(null, 'Network down')).toEqual({ title: 'Failed to load bills', detail: 'Network down' });
  });
});

describe('bill view', () => {
  it('maps server states to the table statuses', () => {
    expect(billViewStatus({ status: 'processed', analyzed: true })).toBe('analyzed');
    expect(billViewStatus({ status: 'processed', analyzed: false })).toBe('pending');
    expect(billViewStatus({ status: 'queued', analyzed: false })).toBe('processing');
    expect(billViewStatus({ status: 'failed', analyzed: false })).toBe('failed');
  });

  it("shows 'Unknown Provider' when the reader found none", () => {
    expect(providerName('Unknown')).toBe('Unknown Provider');
    expect(providerName('  ')).toBe('Unknown Provider');
    expect(providerName('Duke Energy')).toBe('Duke Energy');
  });

  it('flags only analyzed bills with real anomaly flags', () => {
    const bills = [
      viewBill({ id: 'a', analyzed: true, hasAnomalies: true }),
      viewBill({ id: 'b', analyzed: false, hasAnomalies: true }),
      viewBill({ id: 'c', analyzed: true, hasAnomalies: false }),
    ];
    expect(flaggedBills(bills).map((b) => b.id)).toEqual(['a']);
  });

  it('lists recent bills newest first by bill date', () => {
    const bills = [
      viewBill({ id: 'jan', servicePeriodEnd: '2026-01-31' }),
      viewBill({ id: 'mar', servicePeriodEnd: '2026-03-31' }),
      viewBill({ id: 'feb', servicePeriodEnd: '2026-02-28' }),
    ];
    expect(recentBills(bills, 2).map((b) => b.id)).toEqual(['mar', 'feb']);
  });
});
