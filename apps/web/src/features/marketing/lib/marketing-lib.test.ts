import { describe, expect, it } from 'vitest';
import { demoSchedule, demoStateAt, DEMO_STAGES } from './live-demo.ts';
import { nextIndex } from './rotation.ts';

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

describe('banner rotation', () => {
  it('wraps from the last message to the first', () => {
    expect(nextIndex(0, 5)).toBe(1);
    expect(nextIndex(4, 5)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });
});
