import { describe, expect, it } from 'vitest';
import { findDateRanges, findDates, parseDate, toIso } from './date.ts';

describe('parseDate', () => {
  it.each([
    ['01/05/2026', '2026-01-05'],
    ['1/5/26', '2026-01-05'],
    ['01-05-2026', '2026-01-05'],
    ['2026-01-05', '2026-01-05'],
    ['Jan 5, 2026', '2026-01-05'],
    ['January 05 2026', '2026-01-05'],
    ['JAN 05 2026', '2026-01-05'],
    ['Jan. 5th, 2026', '2026-01-05'],
    ['5 Jan 2026', '2026-01-05'],
    ['05-Jan-2026', '2026-01-05'],
    ['Sept 30, 2025', '2025-09-30'],
    ['Jan 25,16', '2016-01-25'],
    ['J a n  2 0 ,  2 0 2 1', '2021-01-20'],
    ['Due: 2O26-O1-05', '2026-01-05'],
    ['04/2 1/2026', '2026-04-21'],
    // A two-digit year that ends a sentence keeps its date; a decimal after it is no year.
    ['Payment deadline: 11-OCT-26.', '2026-10-11'],
    ['Pay by Mar 3, 26. Thank you', '2026-03-03'],
  ])('%s → %s', (text, iso) => {
    expect(parseDate(text)).toBe(iso);
  });

  it('reads year-first dates with any separator', () => {
    expect(findDates('Due 2026/03/24').map((d) => toIso(d.year ?? 0, d.month, d.day))).toEqual(['2026-03-24']);
    expect(findDates('Due 2026.03.24.').map((d) => toIso(d.year ?? 0, d.month, d.day))).toEqual(['2026-03-24']);
    expect(findDates('Due 2026-3-4').map((d) => toIso(d.year ?? 0, d.month, d.day))).toEqual(['2026-03-04']);
    expect(findDates('Ref 2026-03-241')).toEqual([]);
    expect(findDates('11-OCT-26.5')).toEqual([]);
  });

  it('rejects impossible dates', () => {
    expect(parseDate('02/30/2026')).toBeNull();
    expect(parseDate('13/13/2026')).toBeNull();
    expect(parseDate('Feb 29, 2025')).toBeNull();
  });

  it('reads a day-first numeric date when the first number cannot be a month', () => {
    expect(parseDate('25/12/2025')).toBe('2025-12-25');
  });

  it('infers a missing year from a reference date', () => {
    expect(parseDate('Dec 28', '2026-01-15')).toBe('2025-12-28');
    expect(parseDate('Jan 3', '2026-01-15')).toBe('2026-01-03');
    expect(parseDate('Dec 28')).toBeNull();
  });

  it('does not take chart labels or money for dates', () => {
    expect(findDates('Jul 25   Aug 25   Sep 25').filter((d) => d.year !== null)).toHaveLength(0);
    expect(parseDate('Jul 25   Aug 25')).toBeNull();
    expect(findDates('$12.05.2026')).toHaveLength(0);
  });
});

describe('findDateRanges', () => {
  it.each([
    ['01/05/26 to 02/03/26', '2026-01-05', '2026-02-03'],
    ['Service Period: 01/20/2025 - 02/19/2025', '2025-01-20', '2025-02-19'],
    ['Jan 5 - Feb 3, 2026', '2026-01-05', '2026-02-03'],
    ['Dec 22 - Jan 25, 2016', '2015-12-22', '2016-01-25'],
    ['Dec 22, 2015 – Jan 25, 2016', '2015-12-22', '2016-01-25'],
    ['December 25, 2024 through January 26, 2025 (32 days)', '2024-12-25', '2025-01-26'],
    ['JUN 05 2018 to JUL 06 2018', '2018-06-05', '2018-07-06'],
    ['from Jul 14 2018 to Aug 15 2018 for 152 MAIN ST', '2018-07-14', '2018-08-15'],
  ])('%s', (text, start, end) => {
    expect(findDateRanges(text)[0]).toMatchObject({ start, end, explicit: true });
  });

  it('takes the year of both ends from a reference when none is printed', () => {
    expect(findDateRanges('Dec 3 - Jan 2', '2026-01-20')[0]).toMatchObject({ start: '2025-12-03', end: '2026-01-02' });
  });

  it('accepts two full dates whose dash OCR lost, but marks them implicit', () => {
    expect(findDateRanges('APR 5, 2026 MAY 4, 2026')[0]).toMatchObject({ start: '2026-04-05', end: '2026-05-04', explicit: false });
  });

  it('does not pair a bill date and a due date printed side by side as a period', () => {
    expect(findDateRanges('JUL 25 2018   AUG 1 2018')).toHaveLength(0);
  });
});
