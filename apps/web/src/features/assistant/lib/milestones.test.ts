import { describe, expect, it } from 'vitest';
import { newMilestones, specialDayGreeting } from './milestones.ts';

describe('assistant milestones', () => {
  it('fires each milestone once, and never the savings one without real savings', () => {
    expect(newMilestones({ totalSavings: null, applications: 1 }, [])).toEqual(['firstApplication']);
    expect(newMilestones({ totalSavings: 120, applications: 1 }, ['firstApplication'])).toEqual(['saved100']);
    expect(newMilestones({ totalSavings: 99, applications: 0 }, [])).toEqual([]);
    expect(newMilestones({ totalSavings: 100, applications: 2 }, ['saved100', 'firstApplication'])).toEqual([]);
  });

  it('greets specially on 22 April and 22 October only', () => {
    expect(specialDayGreeting(new Date(2026, 3, 22))).toBe('Happy Earth Day!');
    expect(specialDayGreeting(new Date(2026, 9, 22))).toBe('Happy Energy Day!');
    expect(specialDayGreeting(new Date(2026, 3, 21))).toBeNull();
  });
});
