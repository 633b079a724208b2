import { describe, expect, it } from 'vitest';
import { confirmationRecheckDelayMs, noticeToShow, parseSubscriptionParams } from './subscription-params.ts';

describe('subscription query parameters', () => {
  it('reads success and canceled with a known plan', () => {
    expect(parseSubscriptionParams(new URLSearchParams('subscription=success&plan=pro'))).toEqual({ kind: 'success', plan: 'pro' });
    expect(parseSubscriptionParams(new URLSearchParams('subscription=canceled&plan=basic'))).toEqual({ kind: 'canceled', plan: 'basic' });
  });

  it('ignores unknown values', () => {
    expect(parseSubscriptionParams(new URLSearchParams('subscription=maybe'))).toBeNull();
    expect(parseSubscriptionParams(new URLSearchParams('subscription=success&plan=gold'))).toEqual({ kind: 'success', plan: null });
  });
});

describe('subscription notice (issue 9, item 8)', () => {
  const success = parseSubscriptionParams(new URLSearchParams('subscription=success&plan=pro'));
  it('never announces a subscription from the query string alone, signed out or in', () => {
    expect(noticeToShow(success, { isAuthenticated: false, confirmedPlan: null })).toBeNull();
    expect(noticeToShow(success, { isAuthenticated: true, confirmedPlan: null })).toBeNull();
    expect(noticeToShow(success, { isAuthenticated: true, confirmedPlan: 'basic' })).toBeNull();
  });

  it('announces it once the server confirms that plan', () => {
    expect(noticeToShow(success, { isAuthenticated: true, confirmedPlan: 'pro' })).toEqual({ kind: 'success', plan: 'pro' });
  });

  it('shows the canceled notice to signed-in users only', () => {
    const canceled = parseSubscriptionParams(new URLSearchParams('subscription=canceled'));
    expect(noticeToShow(canceled, { isAuthenticated: false, confirmedPlan: null })).toBeNull();
    expect(noticeToShow(canceled, { isAuthenticated: true, confirmedPlan: null })).toEqual(canceled);
  });
});

describe('re-checking the plan after checkout while the webhook lags', () => {
  const success = parseSubscriptionParams(new URLSearchParams('subscription=success&plan=pro'));
  const canceled = parseSubscriptionParams(new URLSearchParams('subscription=canceled'));
  it('checks again after 2, 4 and 8 s while the server has not confirmed the plan, then decides', () => {
    const wait = (rechecksDone: number) => confirmationRecheckDelayMs(success, { confirmedPlan: null, failed: false, rechecksDone });
    expect([0, 1, 2].map(wait)).toEqual([2000, 4000, 8000]);
    expect(wait(3)).toBeNull();
  });
  it('decides at once when confirmed, after a failed check (its own retries apply), or for a cancel', () => {
    expect(confirmationRecheckDelayMs(success, { confirmedPlan: 'pro', failed: false, rechecksDone: 0 })).toBeNull();
    expect(confirmationRecheckDelayMs(success, { confirmedPlan: null, failed: true, rechecksDone: 0 })).toBeNull();
    expect(confirmationRecheckDelayMs(canceled, { confirmedPlan: null, failed: false, rechecksDone: 0 })).toBeNull();
    expect(confirmationRecheckDelayMs(null, { confirmedPlan: null, failed: false, rechecksDone: 0 })).toBeNull();
  });
});
