import { describe, expect, it } from 'vitest';
import type { PaymentVerification } from '@wattwise/shared/contract/payments';
import { verifyRecheckDelayMs } from './verify-recheck.ts';

const paid = (receiptReady: boolean): PaymentVerification => ({ id: 'cs_1', amount: 8645, description: 'Bill', created: 1, status: 'paid', receiptReady, payee: 'Georgia Power', paidAt: '2026-11-28T12:00:00.000Z' });

describe('payment-success re-check while the webhook lags', () => {
  it('asks again after 2, 4 and 8 s until the payment is recorded, then stops', () => {
    expect([1, 2, 3].map((n) => verifyRecheckDelayMs(paid(false), n))).toEqual([2000, 4000, 8000]);
    expect(verifyRecheckDelayMs(paid(false), 4)).toBe(false);
    expect(verifyRecheckDelayMs(paid(true), 1)).toBe(false);
    expect(verifyRecheckDelayMs(undefined, 0)).toBe(false);
  });
});
