import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

// Bills, their properties and accounts, analyses, recommendations, feedback and processing
// runs (spec 01-core §3). Every row a user owns carries user_id; queries filter on it.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const owner = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** A home, a rental, a shop: where bills come from (residential or commercial). */
export const property = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    name: text('name').notNull(),
    propertyType: text('property_type', { enum: ['residential', 'commercial'] }).notNull().default('residential'),
    address: text('address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('properties_user_id_idx').on(t.userId)],
);

/** One utility account (provider + account number) under a property; bills are grouped by it. */
export const utilityAccount = pgTable(
  'utility_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => property.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    accountNumber: text('account_number').notNull(),
    /** Provider and account number lower-cased with spaces and punctuation removed, for matching. */
    matchKey: text('match_key').notNull(),
    billType: text('bill_type').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('utility_accounts_user_id_idx').on(t.userId),
    uniqueIndex('utility_accounts_property_match_idx').on(t.userId, t.propertyId, t.matchKey),
  ],
);

export const utilityBill = pgTable(
  'utility_bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    propertyId: uuid('property_id').references(() => property.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id').references(() => utilityAccount.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** Storage key `{userId}/{timestamp}-{fileName}`. */
    filePath: text('file_path').notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: integer('file_size').notNull(),
    propertyType: text('property_type', { enum: ['residential', 'commercial'] }).notNull(),
    billType: text('bill_type').notNull(),
    uploadDate: timestamp('upload_date', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['queued', 'processing', 'processed', 'failed'] }).notNull().default('queued'),
    progress: integer('progress').notNull().default(25),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    utilityProvider: text('utility_provider').notNull().default('Unknown'),
    accountNumber: text('account_number').notNull().default('Unknown'),
    /** Amount due; null until read (unknown is never 0). */
    totalAmount: money('total_amount'),
    /** Parts of the amount due, as printed (null when not printed). */
    currentCharges: money('current_charges'),
    previousBalance: money('previous_balance'),
    paymentsReceived: money('payments_received'),
    lateFees: money('late_fees'),
    /** Printed price per usage unit. */
    rate: doublePrecision('rate'),
    /** Itemised lines: label, amount, and when printed quantity, unit, rate and kind (fixed, variable, tax, other). */
    charges: jsonb('charges').notNull().default(sql`'[]'::jsonb`),
    dueDate: date('due_date', { mode: 'string' }),
    servicePeriodStart: date('service_period_start', { mode: 'string' }),
    servicePeriodEnd: date('service_period_end', { mode: 'string' }),
    usageAmount: doublePrecision('usage_amount'),
    usageUnit: text('usage_unit'),
    processingConfidence: doublePrecision('processing_confidence').notNull().default(0),
    processingCost: doublePrecision('processing_cost').notNull().default(0),
    processingTimeMs: integer('processing_time_ms'),
    /** The bill reader's fields as read, each with its confidence (values before corrections). */
    extracted: jsonb('extracted'),
    /** The user's corrections: field → { value, at }. Corrected values are also in the columns. */
    corrections: jsonb('corrections').notNull().default(sql`'{}'::jsonb`),
    /** Strategy, cost, time, text sources and cross-checks of the processing run. */
    processing: jsonb('processing'),
    analyzed: boolean('analyzed').notNull().default(false),
    anomalyCheckedAt: timestamp('anomaly_checked_at', { withTimezone: true }),
    hasAnomalies: boolean('has_anomalies').notNull().default(false),
    anomalies: jsonb('anomalies'),
    duplicateOfId: uuid('duplicate_of_id').references((): AnyPgColumn => utilityBill.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('utility_bills_user_created_idx').on(t.userId, t.createdAt),
    // The bill list's order (bills.queries.ts LIST_RANK, LIST_DATE), read backwards: a page comes off the index.
    index('utility_bills_user_list_idx').on(
      t.userId,
      sql`(case when ${t.status} in ('queued', 'processing') then 1 else 0 end)`,
      sql`coalesce(${t.servicePeriodEnd}, ${t.dueDate}, (${t.createdAt} at time zone 'UTC')::date)`,
      t.createdAt,
      t.id,
    ),
    index('utility_bills_account_idx').on(t.accountId),
    index('utility_bills_property_idx').on(t.propertyId),
  ],
);

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
  (t) => [index('saving_recommendations_bill_id_idx').on(t.billId), index('saving_recommendations_user_id_idx').on(t.userId)],
);

export const mlFeedback = pgTable(
  'ml_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    feedbackType: text('feedback_type', { enum: ['correction', 'improvement', 'inaccuracy'] }).notNull(),
    entityType: text('entity_type', { enum: ['recommendation', 'bill_analysis', 'bill'] }).notNull(),
    entityId: text('entity_id').notNull(),
    /** For corrections of a bill: the field corrected. */
    field: text('field'),
    originalValue: text('original_value'),
    correctedValue: text('corrected_value'),
    userNotes: text('user_notes'),
    modelVersion: text('model_version').notNull().default('current'),
    createdAt: createdAt(),
  },
  (t) => [index('ml_feedback_user_id_idx').on(t.userId), index('ml_feedback_entity_idx').on(t.entityType, t.entityId)],
);

/** One row per bill reading, for the cost dashboard (the spec's usage record, persisted). */
export const processingRun = pgTable(
  'processing_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    billId: uuid('bill_id').references(() => utilityBill.id, { onDelete: 'set null' }),
    documentType: text('document_type').notNull(),
    textractApi: text('textract_api'),
    claudeModel: text('claude_model'),
    extractionCost: doublePrecision('extraction_cost').notNull().default(0),
    aiCost: doublePrecision('ai_cost').notNull().default(0),
    totalCost: doublePrecision('total_cost').notNull().default(0),
    tokensUsed: integer('tokens_used').notNull().default(0),
    processingTimeMs: integer('processing_time_ms').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('processing_runs_user_created_idx').on(t.userId, t.createdAt)],
);
