import { describe, expect, it } from 'vitest';
import { billsInFlight } from './in-flight.ts';

describe('bills in flight (issue 9, item 15)', () => {
  it('lists the bills still being read, except the one the page follows, newest first', () => {
    const bills = [
      { id: 'done', status: 'processed' as const, createdAt: '2026-03-03T00:00:00Z' },
      { id: 'old', status: 'queued' as const, createdAt: '2026-03-01T00:00:00Z' },
      { id: 'new', status: 'processing' as const, createdAt: '2026-03-02T00:00:00Z' },
      { id: 'mine', status: 'processing' as const, createdAt: '2026-03-04T00:00:00Z' },
    ];
    expect(billsInFlight(bills, 'mine').map((b) => b.id)).toEqual(['new', 'old']);
    expect(billsInFlight(undefined, null)).toEqual([]);
  });
});
