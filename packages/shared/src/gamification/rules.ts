/**
 * Gamification rules (02-tools §2.5, §3, §4, §9) as pure functions: points, levels, streaks,
 * milestones, achievements and challenges, computed from the user's own actions.
 */

/** What the user did, counted from their bills and recorded events. */
export interface ActivityCounts {
  billsUploaded: number;
  analysesRun: number;
  recommendationsImplemented: number;
  tipsCompleted: number;
  shares: number;
  devicesConnected: number;
}

/** 02-tools §2.5 and §9 quick actions: Upload Bill +10, Connect Device +25, Complete Tip +15, Share Win +5. */
export const ACTION_POINTS = { billUploaded: 10, deviceConnected: 25, tipCompleted: 15, share: 5 } as const;

/** 02-tools §4: level = total points ÷ 100 (whole), plus 1; with the points still needed for the next. */
export function levelOf(points: number): { level: number; pointsIntoLevel: number; pointsToNextLevel: number } {
  const p = Math.max(0, Math.floor(points));
  return { level: Math.floor(p / 100) + 1, pointsIntoLevel: p % 100, pointsToNextLevel: 100 - (p % 100) };
}

export type StreakLevel = 'Beginner' | 'Rising' | 'Champion' | 'Expert' | 'Master';

/** 02-tools §4: under 3 Beginner; 3+ Rising; 7+ Champion; 14+ Expert; 30+ Master. */
export function streakLevelOf(days: number): StreakLevel {
  if (days >= 30) return 'Master';
  if (days >= 14) return 'Expert';
  if (days >= 7) return 'Champion';
  if (days >= 3) return 'Rising';
  return 'Beginner';
}

export const STREAK_MILESTONES = [3, 7, 14, 30] as const;
/** Points for claiming a streak milestone: 10 per day of the streak. */
export const MILESTONE_POINTS_PER_DAY = 10;

export type MilestoneState = 'achieved' | 'reached' | 'locked';

/** 02-tools §4: achieved (claimed), reached but unclaimed, or locked, judged on the longest streak so far. */
export function milestoneStates(longestStreak: number, claimed: ReadonlySet<number>): { days: number; state: MilestoneState; points: number }[] {
  return STREAK_MILESTONES.map((days) => ({
    days,
    state: claimed.has(days) ? 'achieved' : longestStreak >= days ? 'reached' : 'locked',
    points: days * MILESTONE_POINTS_PER_DAY,
  }));
}

const dayNumber = (iso: string): number => Math.round(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / 86_400_000);

/**
 * Current and longest streak of consecutive active days (ISO dates, any order, repeats allowed).
 * The current streak still counts when today has no activity yet but yesterday had.
 */
export function streaksOf(activeDays: readonly string[], today: string): { current: number; longest: number } {
  const days = [...new Set(activeDays.map(dayNumber))].filter((d) => Number.isFinite(d)).sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  for (let i = 0; i < days.length; i++) {
    run = i > 0 && days[i] === (days[i - 1] ?? 0) + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const set = new Set(days);
  const t = dayNumber(today);
  let end = set.has(t) ? t : set.has(t - 1) ? t - 1 : null;
  let current = 0;
  while (end !== null && set.has(end)) {
    current += 1;
    end -= 1;
  }
  return { current, longest };
}

export const ACHIEVEMENT_CATEGORIES = ['milestone', 'consistency', 'efficiency', 'savings', 'smart_home', 'streak'] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

type Metric = keyof ActivityCounts | 'longestStreak';

export interface AchievementRule {
  id: string;
  title: string;
  description: string;
  points: number;
  category: AchievementCategory;
  metric: Metric;
  maxProgress: number;
}

/** The achievements (points 50 to 300, 02-tools §9), each measured on one of the user's real counts. */
export const ACHIEVEMENTS: readonly AchievementRule[] = [
  { id: 'first-bill', title: 'First Bill', description: 'Upload your first utility bill.', points: 50, category: 'milestone', metric: 'billsUploaded', maxProgress: 1 },
  { id: 'spread-the-word', title: 'Spread the Word', description: 'Share your progress 3 times.', points: 50, category: 'milestone', metric: 'shares', maxProgress: 3 },
  { id: 'bill-tracker', title: 'Bill Tracker', description: 'Upload 6 bills.', points: 100, category: 'consistency', metric: 'billsUploaded', maxProgress: 6 },
  { id: 'analyst', title: 'Energy Analyst', description: 'Run 5 bill analyses.', points: 150, category: 'efficiency', metric: 'analysesRun', maxProgress: 5 },
  { id: 'tip-master', title: 'Tip Master', description: 'Complete 10 energy tips.', points: 100, category: 'efficiency', metric: 'tipsCompleted', maxProgress: 10 },
  { id: 'action-taker', title: 'Action Taker', description: 'Implement 3 savings recommendations.', points: 200, category: 'savings', metric: 'recommendationsImplemented', maxProgress: 3 },
  { id: 'smart-starter', title: 'Smart Starter', description: 'Connect your first smart device.', points: 100, category: 'smart_home', metric: 'devicesConnected', maxProgress: 1 },
  { id: 'week-streak', title: 'Week Warrior', description: 'Stay active 7 days in a row.', points: 300, category: 'streak', metric: 'longestStreak', maxProgress: 7 },
];

export interface AchievementState extends Omit<AchievementRule, 'metric'> {
  progress: number;
  unlocked: boolean;
  claimable: boolean;
  unlockedAt: string | null;
}

/** 02-tools §4: claimable when progress reaches max and it is not yet unlocked. */
export function achievementStates(counts: ActivityCounts & { longestStreak: number }, claimed: ReadonlyMap<string, string>): AchievementState[] {
  return ACHIEVEMENTS.map(({ metric, ...rule }) => {
    const progress = Math.min(rule.maxProgress, counts[metric]);
    const unlockedAt = claimed.get(rule.id) ?? null;
    return { ...rule, progress, unlocked: unlockedAt !== null, claimable: unlockedAt === null && progress >= rule.maxProgress, unlockedAt };
  });
}

type ChallengeMetric = 'billsUploaded' | 'tipsCompleted' | 'recommendationsImplemented';

/** The three monthly challenges (rewards 75, 150, 100: 02-tools §9), counted over the calendar month. */
export const CHALLENGES: readonly { key: string; title: string; description: string; reward: number; metric: ChallengeMetric; maxProgress: number }[] = [
  { key: 'bills', title: 'Bill Check-in', description: 'Upload 2 bills this month.', reward: 75, metric: 'billsUploaded', maxProgress: 2 },
  { key: 'tips', title: 'Tip Sprint', description: 'Complete 5 energy tips this month.', reward: 150, metric: 'tipsCompleted', maxProgress: 5 },
  { key: 'actions', title: 'Make It Real', description: 'Implement 2 recommendations this month.', reward: 100, metric: 'recommendationsImplemented', maxProgress: 2 },
];

export interface ChallengeState {
  id: string;
  title: string;
  description: string;
  reward: number;
  deadline: string;
  progress: number;
  maxProgress: number;
  completed: boolean;
  completable: boolean;
}

/** The month's challenges: ids carry the month ('tips-2026-11'); deadline is the month's last day. */
export function challengeStates(monthCounts: Pick<ActivityCounts, ChallengeMetric>, month: string, completed: ReadonlySet<string>): ChallengeState[] {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const deadline = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return CHALLENGES.map((c) => {
    const id = `${c.key}-${month}`;
    const done = completed.has(id);
    // 02-tools §4: completing sets progress to max.
    const progress = done ? c.maxProgress : Math.min(c.maxProgress, monthCounts[c.metric]);
    return { id, title: c.title, description: c.description, reward: c.reward, deadline, progress, maxProgress: c.maxProgress, completed: done, completable: !done && progress >= c.maxProgress };
  });
}

/** 02-tools §9: monthly goal $50 by default, next-milestone target 10 actions. */
export const DEFAULT_MONTHLY_GOAL_CENTS = 5000;
export const NEXT_MILESTONE_TARGET = 10;
/** 02-tools §9: $10 referral credit for each side. */
export const REFERRAL_CREDIT_CENTS = 1000;

/** Energy tips the user can complete (one event per tip). */
export const ENERGY_TIPS: readonly { id: string; title: string }[] = [
  { id: 'water-heater-120', title: 'Set your water heater to 120 °F' },
  { id: 'led-bulbs', title: 'Swap your five most-used bulbs for LEDs' },
  { id: 'thermostat-setback', title: 'Set the thermostat back 7–10 °F while you sleep' },
  { id: 'cold-wash', title: 'Wash clothes in cold water' },
  { id: 'phantom-loads', title: 'Put the TV and console on a switchable power strip' },
  { id: 'fridge-coils', title: 'Vacuum the refrigerator coils' },
  { id: 'air-filter', title: 'Replace the HVAC air filter' },
  { id: 'seal-drafts', title: 'Seal drafts around doors and windows' },
  { id: 'dishwasher-full', title: 'Run the dishwasher only when full' },
  { id: 'ceiling-fans', title: 'Use ceiling fans before the air conditioner' },
  { id: 'shorter-showers', title: 'Cut your shower by two minutes' },
  { id: 'unplug-chargers', title: 'Unplug chargers when not in use' },
];
