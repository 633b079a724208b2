import { describe, expect, it } from 'vitest';
import { demoSchedule, demoStateAt, DEMO_STAGES } from './live-demo.ts';
import { nextIndex } from './rotation.ts';
import { nextTickerValue } from './ticker.ts';

describe('live demo timeline', () => {
  it('runs four stages at 15/45/75/100 %, 2 s each with 0.5 s pauses, then completes', () => {
    expect(DEMO_STAGES.map((s) => s.progress)).toEqual([15, 45, 75, 100]);
    expect(demoSchedule()).toEqual({ stageStarts: [0, 2500, 5000, 7500], completeAt: 10_000 });
    expect(demoStateAt(0)).toEqual({ status: 'running', stage: 0 });
    expect(demoStateAt(2499)).toEqual({ status: 'running', stage: 0 });
    expect(demoStateAt(2500)).toEqual({ status: 'running', stage: 1 });
    expect(demoStateAt(9999)).toEqual({ status: 'running', stage: 3 });
    expect(demoStateAt(10_000)).toEqual({ status: 'complete' });
  });
});

describe('savings ticker', () => {
  it('rises by a whole 1 to 10 each step', () => {
    expect(nextTickerValue(100, 0)).toBe(101);
    expect(nextTickerValue(100, 0.55)).toBe(106);
    expect(nextTickerValue(100, 0.9999)).toBe(110);
    for (let i = 0; i < 50; i += 1) {
      const step = nextTickerValue(0, Math.random());
      expect(step >= 1 && step <= 10 && Number.isInteger(step)).toBe(true);
    }
  });
});

describe('banner rotation', () => {
  it('wraps from the last message to the first', () => {
    expect(nextIndex(0, 5)).toBe(1);
    expect(nextIndex(4, 5)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });
});
