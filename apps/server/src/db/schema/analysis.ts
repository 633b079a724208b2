import { sql } from 'drizzle-orm';
import { doublePrecision, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { utilityBill } from './bills.ts';
import { createdAt, owner } from './columns.ts';

// The analysis feature's tables: one analysis per bill and its saving recommendations, both
// deleted with their bill.

export const billAnalysis = pgTable(
  'bill_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => utilityBill.id, { onDelete: 'cascade' }),
    peakUsageTimes: jsonb('peak_usage_times'),
    usageAnomalies: jsonb('usage_anomalies'),
    baseLoad: jsonb('base_load'),
    variableLoad: jsonb('variable_load'),
    weatherImpactAnalysis: jsonb('weather_impact_analysis'),
    potentialIssues: jsonb('potential_issues'),
    /** The whole @wattwise/shared/analysis result. */
    analysis: jsonb('analysis').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bill_analyses_bill_id_idx').on(t.billId), index('bill_analyses_user_id_idx').on(t.userId)],
);

export const savingRecommendation = pgTable(
  'saving_recommendations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => utilityBill.id, { onDelete: 'cascade' }),
    recommendationType: text('recommendation_type').notNull(),
    title: text('title'),
    description: text('description').notNull(),
    estimatedSavings: doublePrecision('estimated_savings').notNull(),
    /** The cost the saving comes out of (never below estimated_savings). */
    costReduced: doublePrecision('cost_reduced'),
    savingsPeriod: text('savings_period').notNull().default('annual'),
    implementationEffort: text('implementation_effort').notNull().default('medium'),
    upfrontCost: doublePrecision('upfront_cost').notNull().default(0),
    paybackPeriodMonths: doublePrecision('payback_period_months').notNull().default(0),
    environmentalImpact: jsonb('environmental_impact'),
    implementationSteps: jsonb('implementation_steps').notNull().default(sql`'[]'::jsonb`),
    priority: text('priority').notNull().default('medium'),
    calculation: text('calculation'),
    trigger: text('trigger'),
    createdAt: createdAt(),
  },
  (t) => [index('saving_recommendations_bill_id_idx').on(t.billId), index('saving_recommendations_user_created_idx').on(t.userId, t.createdAt)],
);
