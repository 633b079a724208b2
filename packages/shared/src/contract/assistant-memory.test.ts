import { describe, expect, it } from 'vitest';
import { aiMemoryUpdateSchema, DEFAULT_AI_MEMORY, newMilestones, normaliseMemory, withStep } from './assistant-memory.ts';

describe('assistant milestones', () => {
  it('fires each milestone once, and never the savings one without real savings', () => {
    expect(newMilestones({ totalSavings: null, applications: 1 }, [])).toEqual(['firstApplication']);
    expect(newMilestones({ totalSavings: 120, applications: 1 }, ['firstApplication'])).toEqual(['saved100']);
    expect(newMilestones({ totalSavings: 99.99, applications: 0 }, [])).toEqual([]);
    expect(newMilestones({ totalSavings: 100, applications: 0 }, [])).toEqual(['saved100']);
    expect(newMilestones({ totalSavings: 100, applications: 2 }, ['saved100', 'firstApplication'])).toEqual([]);
  });
});

describe('assistant memory', () => {
  it('reads a stored memory field by field, defaults for what does not fit', () => {
    expect(normaliseMemory(null)).toEqual(DEFAULT_AI_MEMORY);
    expect(normaliseMemory('nonsense')).toEqual(DEFAULT_AI_MEMORY);
    const read = normaliseMemory({ preferredPersonality: 'lumi', dismissCount: -4, lastZipCode: '9021', milestonesAchieved: ['saved100', 'x'], extra: true });
    expect(read).toEqual({ ...DEFAULT_AI_MEMORY, preferredPersonality: 'lumi' });
    expect(read).not.toHaveProperty('extra');
  });

  it('lets the client write its fields only', () => {
    expect(aiMemoryUpdateSchema.safeParse({ preferredPersonality: 'wattson', lastVisitedPage: '/dashboard' }).success).toBe(true);
    expect(aiMemoryUpdateSchema.safeParse({ lastVisitedPage: 'https://elsewhere.example' }).success).toBe(false);
    expect(aiMemoryUpdateSchema.safeParse({ milestonesAchieved: ['saved100'] }).success).toBe(false);
    expect(aiMemoryUpdateSchema.safeParse({ totalSavings: 500 }).success).toBe(false);
  });

  it('records a step once', () => {
    expect(withStep([], 'set-location')).toEqual(['set-location']);
    expect(withStep(['set-location'], 'set-location')).toEqual(['set-location']);
  });
});
