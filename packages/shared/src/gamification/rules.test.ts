import { describe, expect, it } from 'vitest';
import { achievementStates, challengeStates, levelOf, milestoneStates, streakLevelOf, streaksOf } from './rules.ts';

const none = { billsUploaded: 0, analysesRun: 0, recommendationsImplemented: 0, tipsCompleted: 0, shares: 0, devicesConnected: 0, longestStreak: 0 };

describe('levels (02-tools §4)', () => {
  it('is points ÷ 100 plus 1, with the points to the next level', () => {
    expect(levelOf(0)).toEqual({ level: 1, pointsIntoLevel: 0, pointsToNextLevel: 100 });
    expect(levelOf(99)).toMatchObject({ level: 1, pointsToNextLevel: 1 });
    expect(levelOf(100)).toMatchObject({ level: 2, pointsToNextLevel: 100 });
    expect(levelOf(345)).toMatchObject({ level: 4, pointsIntoLevel: 45, pointsToNextLevel: 55 });
  });
});

describe('streaks', () => {
  it('names the level at each threshold', () => {
    expect([0, 2, 3, 6, 7, 13, 14, 29, 30].map(streakLevelOf)).toEqual(['Beginner', 'Beginner', 'Rising', 'Rising', 'Champion', 'Champion', 'Expert', 'Expert', 'Master']);
  });

  it('counts consecutive days, keeping today’s streak alive until the day ends', () => {
    const days = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-03', '2026-11-10', '2026-11-11'];
    expect(streaksOf(days, '2026-11-11')).toEqual({ current: 2, longest: 3 });
    expect(streaksOf(days, '2026-11-12')).toEqual({ current: 2, longest: 3 });
    expect(streaksOf(days, '2026-11-13')).toEqual({ current: 0, longest: 3 });
    expect(streaksOf(['2026-02-28', '2026-03-01'], '2026-03-01')).toEqual({ current: 2, longest: 2 });
  });

  it('marks milestones achieved, reached-but-unclaimed or locked', () => {
    expect(milestoneStates(8, new Set([3])).map((m) => m.state)).toEqual(['achieved', 'reached', 'locked', 'locked']);
  });
});

describe('achievements and challenges', () => {
  it('is claimable once progress reaches max and not yet unlocked', () => {
    const states = achievementStates({ ...none, billsUploaded: 6 }, new Map([['first-bill', '2026-11-01T00:00:00Z']]));
    const byId = new Map(states.map((s) => [s.id, s]));
    expect(byId.get('first-bill')).toMatchObject({ unlocked: true, claimable: false, progress: 1 });
    expect(byId.get('bill-tracker')).toMatchObject({ unlocked: false, claimable: true, progress: 6 });
    expect(byId.get('analyst')).toMatchObject({ claimable: false, progress: 0 });
    expect(new Set(states.map((s) => s.category)).size).toBe(6);
  });

  it('gives three monthly challenges (75, 150, 100) with the month’s last day as deadline', () => {
    const states = challengeStates({ billsUploaded: 3, tipsCompleted: 1, recommendationsImplemented: 0 }, '2026-02', new Set(['actions-2026-02']));
    expect(states.map((s) => [s.id, s.reward, s.progress, s.completable, s.completed])).toEqual([
      ['bills-2026-02', 75, 2, true, false],
      ['tips-2026-02', 150, 1, false, false],
      ['actions-2026-02', 100, 2, false, true],
    ]);
    expect(states[0]?.deadline).toBe('2026-02-28');
  });
});
