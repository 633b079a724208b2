import { z } from 'zod';
import { ACHIEVEMENT_CATEGORIES } from '../gamification/rules.ts';

/** The gamification API contract (02-tools §2.5, §3, §4): one summary, and the actions that change it. */

export const GAMIFICATION_MESSAGES = {
  achievementUnlocked: (points: number) => `Achievement unlocked! +${points} points`,
  challengeCompleted: (points: number) => `Challenge completed! +${points} points`,
  implemented: (title: string, amount: string) => `Great! You've implemented ${title}. Estimated annual savings: $${amount}`,
  linkCopied: 'Link copied!',
  notClaimable: 'This is not ready to claim yet.',
  alreadyDone: 'Already done.',
  unknownReferral: 'Unknown referral code.',
} as const;

const countsSchema = z.object({
  billsUploaded: z.number().int(),
  analysesRun: z.number().int(),
  recommendationsImplemented: z.number().int(),
  tipsCompleted: z.number().int(),
  shares: z.number().int(),
  devicesConnected: z.number().int(),
});

export const achievementSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  points: z.number().int(),
  category: z.enum(ACHIEVEMENT_CATEGORIES),
  progress: z.number(),
  maxProgress: z.number(),
  unlocked: z.boolean(),
  claimable: z.boolean(),
  unlockedAt: z.string().nullable(),
});

export const challengeSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  reward: z.number().int(),
  deadline: z.string(),
  progress: z.number(),
  maxProgress: z.number(),
  completed: z.boolean(),
  completable: z.boolean(),
});

export const gamificationSummarySchema = z
  .object({
    points: z.number().int(),
    level: z.number().int(),
    pointsIntoLevel: z.number().int(),
    pointsToNextLevel: z.number().int(),
    counts: countsSchema,
    streak: z.object({
      current: z.number().int(),
      longest: z.number().int(),
      level: z.enum(['Beginner', 'Rising', 'Champion', 'Expert', 'Master']),
      milestones: z.array(z.object({ days: z.number().int(), state: z.enum(['achieved', 'reached', 'locked']), points: z.number().int() })),
    }),
    achievements: z.array(achievementSchema),
    challenges: z.array(challengeSchema),
    monthlyGoalCents: z.number().int(),
    currentMonthSavingsCents: z.number().int(),
    nextMilestone: z.object({ title: z.string(), progress: z.number().int(), target: z.number().int() }),
    tips: z.array(z.object({ id: z.string(), title: z.string(), completed: z.boolean() })),
    implementedRecommendationIds: z.array(z.string()),
    referral: z.object({ code: z.string(), creditsCents: z.number().int(), referredBy: z.boolean() }),
  })
  .meta({ id: 'GamificationSummary' });
export type GamificationSummary = z.infer<typeof gamificationSummarySchema>;

export const awardSchema = z.object({ points: z.number().int(), message: z.string() }).meta({ id: 'Award' });
export type Award = z.infer<typeof awardSchema>;

export const implementedSchema = z.object({ title: z.string(), annualSavings: z.number(), message: z.string() }).meta({ id: 'Implemented' });
export type Implemented = z.infer<typeof implementedSchema>;

export const setGoalSchema = z.object({ monthlyGoal: z.number().min(1).max(100_000).meta({ description: 'Monthly savings goal in dollars' }) }).meta({ id: 'SetGoal' });
export type SetGoalInput = z.infer<typeof setGoalSchema>;

export const referralSchema = z.object({ code: z.string().trim().min(4).max(32) }).meta({ id: 'AcceptReferral' });
