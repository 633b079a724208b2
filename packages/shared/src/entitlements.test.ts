import { describe, expect, it } from 'vitest';
import { billAllowance, billLimitMessage, calendarMonthIn, isActiveSubscriptionStatus } from './entitlements.ts';

describe('calendar month in the user’s time zone', () => {
  it('is the local month, not the UTC one, on the evening of the last day', () => {
    // 2026-03-31 20:00 in Chicago is already April 1 in UTC.
    const now = new Date('2026-04-01T01:00:00Z');
    expect(calendarMonthIn(now, 'America/Chicago')).toEqual({
      start: new Date('2026-03-01T06:00:00Z'),
      end: new Date('2026-04-01T05:00:00Z'),
      month: '2026-03',
    });
    expect(calendarMonthIn(now, 'UTC').month).toBe('2026-04');
  });

  it('spans December into the next year and falls back to UTC for an unknown zone', () => {
    const month = calendarMonthIn(new Date('2026-12-15T12:00:00Z'), 'Not/AZone');
    expect(month).toEqual({ start: new Date('2026-12-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z'), month: '2026-12' });
    expect(calendarMonthIn(new Date('2026-12-15T12:00:00Z'), 'Asia/Tokyo').start).toEqual(new Date('2026-11-30T15:00:00Z'));
  });
});

describe('bill allowance', () => {
  it('free 1, basic 5, pro unlimited', () => {
    expect(billAllowance('free', 0)).toMatchObject({ limit: 1, remaining: 1, canUpload: true });
    expect(billAllowance('free', 1)).toMatchObject({ remaining: 0, canUpload: false });
    expect(billAllowance('basic', 4)).toMatchObject({ limit: 5, remaining: 1, canUpload: true });
    expect(billAllowance('basic', 5).canUpload).toBe(false);
    expect(billAllowance('pro', 250)).toMatchObject({ limit: null, remaining: null, canUpload: true });
  });

  it('is unlimited on every plan where limits are not enforced', () => {
    expect(billAllowance('free', 3, false)).toEqual({ plan: 'free', limit: null, used: 3, remaining: null, canUpload: true });
  });

  it('says what the plan includes', () => {
    expect(billLimitMessage('free')).toContain('Free plan includes 1 bill per month');
    expect(billLimitMessage('basic')).toContain('5 bills per month');
  });

  it('counts active and trialing subscriptions only', () => {
    expect(['active', 'trialing', 'past_due', 'canceled', 'incomplete'].map(isActiveSubscriptionStatus)).toEqual([true, true, false, false, false]);
  });
});
