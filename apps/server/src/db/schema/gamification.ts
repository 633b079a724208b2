import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt, owner, updatedAt } from './columns.ts';

// Gamification (02-tools §2.5, §3, §4): the user's actions and claims as events, their goal and
// referral code, and referral credits. Points, levels, achievements, challenges and streaks are
// computed from these and from the user's bills (packages/shared/src/gamification/rules.ts).

export const gamificationEvent = pgTable(
  'gamification_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    /** tip_completed, share, recommendation_implemented, device_connected, achievement_claimed, challenge_completed, milestone_claimed. */
    kind: text('kind').notNull(),
    /** What the event is about (tip id, recommendation id, achievement id…): one event per kind and ref. */
    ref: text('ref').notNull(),
    points: integer('points').notNull().default(0),
    meta: jsonb('meta'),
    occurredAt: createdAt(),
  },
  (t) => [uniqueIndex('gamification_events_user_kind_ref_idx').on(t.userId, t.kind, t.ref), index('gamification_events_user_time_idx').on(t.userId, t.occurredAt)],
);

export const gamificationProfile = pgTable('gamification_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** Set Goals: monthly savings goal in cents (spec default $50). */
  monthlyGoalCents: integer('monthly_goal_cents').notNull().default(5000),
  referralCode: text('referral_code').notNull().unique(),
  referredByUserId: text('referred_by_user_id').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const referralCredit = pgTable(
  'referral_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    /** The other side of the referral (the referred user for the referrer's credit, and vice versa). */
    otherUserId: text('other_user_id').notNull(),
    role: text('role', { enum: ['referrer', 'referred'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referral_credits_user_other_idx').on(t.userId, t.otherUserId)],
);

