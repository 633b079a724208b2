import { randomBytes } from 'node:crypto';
import { GAMIFICATION_MESSAGES, type Award, type GamificationSummary, type Implemented } from '@wattwise/shared/contract/gamification';
import {
  ACHIEVEMENTS,
  ACTION_POINTS,
  achievementStates,
  type ActivityCounts,
  challengeStates,
  ENERGY_TIPS,
  levelOf,
  milestoneStates,
  NEXT_MILESTONE_TARGET,
  REFERRAL_CREDIT_CENTS,
  STREAK_MILESTONES,
  streakLevelOf,
  streaksOf,
} from '@wattwise/shared/gamification/rules';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { listRecommendationCards } from '../analysis/analysis.service.ts';
import { listBillFigures } from '../bills/bills.service.ts';
import * as q from './gamification.queries.ts';

/** Event kinds. `device_connected` is written by the smart-home feature through `recordDeviceConnected`. */
export const EVENT = {
  tip: 'tip_completed',
  share: 'share',
  implemented: 'recommendation_implemented',
  device: 'device_connected',
  achievement: 'achievement_claimed',
  challenge: 'challenge_completed',
  milestone: 'milestone_claimed',
} as const;

const ACTIVITY_KINDS: ReadonlySet<string> = new Set([EVENT.tip, EVENT.share, EVENT.implemented, EVENT.device]);
const newCode = () => randomBytes(6).toString('base64url');
const isoDay = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString()).slice(0, 10);

interface Snapshot {
  events: q.EventRow[];
  profile: q.ProfileRow;
  counts: ActivityCounts;
  monthCounts: Pick<ActivityCounts, 'billsUploaded' | 'tipsCompleted' | 'recommendationsImplemented'>;
  streak: { current: number; longest: number };
  billDays: string[];
  month: string;
}

async function snapshot(db: Db, userId: string, now: Date): Promise<Snapshot> {
  const [events, bills, profile] = await Promise.all([q.findEvents(db, userId), listBillFigures(db, userId, {}), q.ensureProfile(db, userId, newCode)]);
  const month = isoDay(now).slice(0, 7);
  const of = (kind: string) => events.filter((e) => e.kind === kind);
  const inMonth = (d: string) => d.startsWith(month);
  const billDays = bills.map((b) => isoDay(b.createdAt));
  const counts: ActivityCounts = {
    billsUploaded: bills.length,
    analysesRun: bills.filter((b) => b.analyzed).length,
    recommendationsImplemented: of(EVENT.implemented).length,
    tipsCompleted: of(EVENT.tip).length,
    shares: of(EVENT.share).length,
    devicesConnected: of(EVENT.device).length,
  };
  const monthCounts = {
    billsUploaded: billDays.filter(inMonth).length,
    tipsCompleted: of(EVENT.tip).filter((e) => inMonth(isoDay(e.occurredAt))).length,
    recommendationsImplemented: of(EVENT.implemented).filter((e) => inMonth(isoDay(e.occurredAt))).length,
  };
  // Streak days: days with a real action (claims are not actions).
  const activeDays = [...billDays, ...events.filter((e) => ACTIVITY_KINDS.has(e.kind)).map((e) => isoDay(e.occurredAt))];
  return { events, profile, counts, monthCounts, streak: streaksOf(activeDays, isoDay(now)), billDays, month };
}

const claimedMap = (events: q.EventRow[], kind: string) => new Map(events.filter((e) => e.kind === kind).map((e) => [e.ref, e.occurredAt.toISOString()]));

/** Everything the achievements page and smart dashboard show, computed from the user's actions. */
export async function getGamificationSummary(db: Db, userId: string, now = new Date()): Promise<GamificationSummary> {
  const s = await snapshot(db, userId, now);
  const points = s.counts.billsUploaded * ACTION_POINTS.billUploaded + s.events.reduce((sum, e) => sum + e.points, 0);
  const achievements = achievementStates({ ...s.counts, longestStreak: s.streak.longest }, claimedMap(s.events, EVENT.achievement));
  const implemented = s.events.filter((e) => e.kind === EVENT.implemented);
  const monthSavings = implemented
    .filter((e) => isoDay(e.occurredAt).startsWith(s.month))
    .reduce((sum, e) => sum + (typeof (e.meta as { annualSavings?: unknown } | null)?.annualSavings === 'number' ? ((e.meta as { annualSavings: number }).annualSavings * 100) / 12 : 0), 0);
  const actions = s.counts.billsUploaded + s.counts.tipsCompleted + s.counts.recommendationsImplemented + s.counts.shares + s.counts.devicesConnected;
  const tipsDone = new Set(s.events.filter((e) => e.kind === EVENT.tip).map((e) => e.ref));
  return {
    points,
    ...levelOf(points),
    counts: s.counts,
    streak: {
      ...s.streak,
      level: streakLevelOf(s.streak.current),
      milestones: milestoneStates(s.streak.longest, new Set(s.events.filter((e) => e.kind === EVENT.milestone).map((e) => Number(e.ref)))),
    },
    achievements,
    challenges: challengeStates(s.monthCounts, s.month, new Set(s.events.filter((e) => e.kind === EVENT.challenge).map((e) => e.ref))),
    monthlyGoalCents: s.profile.monthlyGoalCents,
    currentMonthSavingsCents: Math.round(monthSavings),
    nextMilestone: { title: `Complete ${NEXT_MILESTONE_TARGET} energy actions`, progress: Math.min(actions, NEXT_MILESTONE_TARGET), target: NEXT_MILESTONE_TARGET },
    tips: ENERGY_TIPS.map((t) => ({ ...t, completed: tipsDone.has(t.id) })),
    implementedRecommendationIds: implemented.map((e) => e.ref),
    referral: { code: s.profile.referralCode, creditsCents: await q.sumCredits(db, userId), referredBy: s.profile.referredByUserId !== null },
  };
}

/** Claims a finished achievement: unlocks it and adds its points (409 before it is finished or when already claimed). */
export async function claimAchievement(db: Db, userId: string, id: string, now = new Date()): Promise<Award> {
  if (!ACHIEVEMENTS.some((a) => a.id === id)) throw new AppError('NOT_FOUND', 404, 'No such achievement.');
  const summary = await getGamificationSummary(db, userId, now);
  const state = summary.achievements.find((a) => a.id === id);
  if (!state?.claimable) throw new AppError('NOT_CLAIMABLE', 409, state?.unlocked ? GAMIFICATION_MESSAGES.alreadyDone : GAMIFICATION_MESSAGES.notClaimable);
  if (!(await q.insertEvent(db, userId, { kind: EVENT.achievement, ref: id, points: state.points }))) throw new AppError('NOT_CLAIMABLE', 409, GAMIFICATION_MESSAGES.alreadyDone);
  return { points: state.points, message: GAMIFICATION_MESSAGES.achievementUnlocked(state.points) };
}

/** Completes a challenge of this month whose progress reached max, adding its reward. */
export async function completeChallenge(db: Db, userId: string, id: string, now = new Date()): Promise<Award> {
  const summary = await getGamificationSummary(db, userId, now);
  const state = summary.challenges.find((c) => c.id === id);
  if (!state) throw new AppError('NOT_FOUND', 404, 'No such challenge this month.');
  if (!state.completable) throw new AppError('NOT_CLAIMABLE', 409, state.completed ? GAMIFICATION_MESSAGES.alreadyDone : GAMIFICATION_MESSAGES.notClaimable);
  if (!(await q.insertEvent(db, userId, { kind: EVENT.challenge, ref: id, points: state.reward }))) throw new AppError('NOT_CLAIMABLE', 409, GAMIFICATION_MESSAGES.alreadyDone);
  return { points: state.reward, message: GAMIFICATION_MESSAGES.challengeCompleted(state.reward) };
}

/** Claims a reached streak milestone (3, 7, 14 or 30 days). */
export async function claimMilestone(db: Db, userId: string, days: number, now = new Date()): Promise<Award> {
  if (!STREAK_MILESTONES.some((d) => d === days)) throw new AppError('NOT_FOUND', 404, 'No such milestone.');
  const summary = await getGamificationSummary(db, userId, now);
  const state = summary.streak.milestones.find((m) => m.days === days);
  if (state?.state !== 'reached') throw new AppError('NOT_CLAIMABLE', 409, state?.state === 'achieved' ? GAMIFICATION_MESSAGES.alreadyDone : GAMIFICATION_MESSAGES.notClaimable);
  if (!(await q.insertEvent(db, userId, { kind: EVENT.milestone, ref: String(days), points: state.points }))) throw new AppError('NOT_CLAIMABLE', 409, GAMIFICATION_MESSAGES.alreadyDone);
  return { points: state.points, message: GAMIFICATION_MESSAGES.achievementUnlocked(state.points) };
}

export async function completeTip(db: Db, userId: string, tipId: string): Promise<Award> {
  if (!ENERGY_TIPS.some((t) => t.id === tipId)) throw new AppError('NOT_FOUND', 404, 'No such tip.');
  if (!(await q.insertEvent(db, userId, { kind: EVENT.tip, ref: tipId, points: ACTION_POINTS.tipCompleted }))) throw new AppError('ALREADY_DONE', 409, GAMIFICATION_MESSAGES.alreadyDone);
  return { points: ACTION_POINTS.tipCompleted, message: `Tip completed! +${ACTION_POINTS.tipCompleted} points` };
}

/**
 * Share Win / Share Progress: +5 for the first share of a day (UTC). Pressing the button again
 * shares again but earns nothing more that day: points cannot be farmed by clicking.
 */
export async function recordShare(db: Db, userId: string, now = new Date()): Promise<Award> {
  const day = now.toISOString().slice(0, 10);
  if (!(await q.insertEvent(db, userId, { kind: EVENT.share, ref: `day:${day}`, points: ACTION_POINTS.share }))) {
    return { points: 0, message: 'Shared! Sharing earns points once a day; come back tomorrow.' };
  }
  return { points: ACTION_POINTS.share, message: `Shared! +${ACTION_POINTS.share} points` };
}

/** Mark as Implemented on one of the caller's recommendations (404 for another user's). */
export async function implementRecommendation(db: Db, userId: string, recommendationId: string): Promise<Implemented> {
  const card = (await listRecommendationCards(db, userId, {})).find((c) => c.id === recommendationId);
  if (!card) throw new AppError('NOT_FOUND', 404, 'Recommendation not found');
  const annualSavings = Math.round(card.savings * 100) / 100;
  if (!(await q.insertEvent(db, userId, { kind: EVENT.implemented, ref: card.id, points: 0, meta: { title: card.title, annualSavings } }))) {
    throw new AppError('ALREADY_DONE', 409, GAMIFICATION_MESSAGES.alreadyDone);
  }
  return { title: card.title, annualSavings, message: GAMIFICATION_MESSAGES.implemented(card.title, annualSavings.toFixed(2)) };
}

/**
 * The user's savings so far as the product knows them: the estimated yearly savings of every
 * recommendation they marked implemented, in dollars (the assistant's '$100 saved' milestone).
 */
export async function implementedYearlySavings(db: Db, userId: string): Promise<number> {
  const cents = (await q.findEvents(db, userId))
    .filter((e) => e.kind === EVENT.implemented)
    .reduce((sum, e) => {
      const annual = (e.meta as { annualSavings?: unknown } | null)?.annualSavings;
      return sum + (typeof annual === 'number' && Number.isFinite(annual) ? Math.round(annual * 100) : 0);
    }, 0);
  return cents / 100;
}

export async function setMonthlyGoal(db: Db, userId: string, dollars: number): Promise<void> {
  await q.ensureProfile(db, userId, newCode);
  await q.updateGoal(db, userId, Math.round(dollars * 100));
}

/**
 * Hook for the smart-home feature (not on this branch): call when a user connects a device;
 * it counts once per device for the Connect Device quick action (+25) and the Smart Starter badge.
 */
export async function recordDeviceConnected(db: Db, userId: string, deviceId: string): Promise<boolean> {
  return q.insertEvent(db, userId, { kind: EVENT.device, ref: deviceId, points: ACTION_POINTS.deviceConnected });
}

/** The referred user tells who referred them (once; never themselves). `db` is unscoped: the code belongs to another user. */
export async function acceptReferral(db: Db, userId: string, code: string): Promise<void> {
  const referrer = await q.findProfileByCode(db, code);
  if (!referrer || referrer.userId === userId) throw new AppError('NOT_FOUND', 404, GAMIFICATION_MESSAGES.unknownReferral);
  await q.ensureProfile(db, userId, newCode);
  if (!(await q.setReferredBy(db, userId, referrer.userId))) throw new AppError('ALREADY_DONE', 409, GAMIFICATION_MESSAGES.alreadyDone);
}

/**
 * Hook for payments (another branch): call with an unscoped handle when a user's first paid
 * subscription starts. Records $10 for the referrer and $10 for the referred user, once.
 * Returns how many credits were written (0 when the user was not referred or already credited).
 */
export async function recordReferralSubscription(db: Db, subscriberUserId: string): Promise<number> {
  const profile = await q.ensureProfile(db, subscriberUserId, newCode);
  if (!profile.referredByUserId) return 0;
  return q.insertCredits(db, [
    { userId: profile.referredByUserId, otherUserId: subscriberUserId, role: 'referrer', amountCents: REFERRAL_CREDIT_CENTS },
    { userId: subscriberUserId, otherUserId: profile.referredByUserId, role: 'referred', amountCents: REFERRAL_CREDIT_CENTS },
  ]);
}
