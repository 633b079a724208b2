import { date, index, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

// Rebates and incentives (01-core §3 rebates_incentives) and the applications tracker
// (02-tools §3 'Payments and applications'). The catalogue is shared by everyone; applications
// are owned by a user and carry user_id (row-level security in migration 0004).

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const rebateIncentive = pgTable(
  'rebates_incentives',
  {
    /** A stable slug ('ga-hear-heat-pump'): the CSV import updates by it. */
    id: text('id').primaryKey(),
    programName: text('program_name').notNull(),
    description: text('description').notNull(),
    provider: text('provider').notNull(),
    monetaryValue: numeric('monetary_value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    applicationUrl: text('application_url'),
    startDate: date('start_date', { mode: 'string' }),
    expirationDate: date('expiration_date', { mode: 'string' }),
    category: text('category').notNull(),
    /** The programme's rules as data (packages/shared contract eligibilityRulesSchema). */
    eligibilityCriteria: jsonb('eligibility_criteria').notNull(),
    propertyTypes: text('property_types').array().notNull(),
    regions: text('regions').array().notNull(),
    typicalProjectCost: numeric('typical_project_cost', { precision: 12, scale: 2, mode: 'number' }),
    sourceUrl: text('source_url').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('rebates_incentives_expiration_idx').on(t.expirationDate)],
);

export const rebateApplication = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The catalogue id it was started from; kept as text so history survives a catalogue change. */
    rebateId: text('rebate_id').notNull(),
    programName: text('program_name').notNull(),
    submissionDate: date('submission_date', { mode: 'string' }),
    currentStatus: text('current_status', { enum: ['Submitted', 'Under Review', 'Approved', 'Rejected', 'Pending More Info', 'Paid'] })
      .notNull()
      .default('Submitted'),
    estimatedPaymentDate: date('estimated_payment_date', { mode: 'string' }),
    actualPaymentDate: date('actual_payment_date', { mode: 'string' }),
    notes: text('notes'),
    externalLink: text('external_link'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('applications_user_created_idx').on(t.userId, t.createdAt)],
);
