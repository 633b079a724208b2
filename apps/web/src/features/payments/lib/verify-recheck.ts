import type { PaymentVerification } from '@wattwise/shared/contract/payments';

/** How many times /payment-success asks again while the payment is not recorded yet. */
export const VERIFY_RECHECKS = 3;

/**
 * The wait before asking again about a payment still being recorded (the provider's webhook can
 * land after the redirect): 2 s doubling, 3 times (01-core §9's retry timings), then stop.
 * `answers` is how many answers arrived so far.
 */
export function verifyRecheckDelayMs(data: PaymentVerification | undefined, answers: number): number | false {
  if (!data || data.receiptReady || answers > VERIFY_RECHECKS) return false;
  return Math.min(2000 * 2 ** (answers - 1), 60_000);
}
