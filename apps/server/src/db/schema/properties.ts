import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, owner, updatedAt } from './columns.ts';

// The properties feature's tables (spec 01-core §3): where bills come from, and the utility
// accounts bills are grouped by.

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
    // Deleting a property cascades to its accounts.
    index('utility_accounts_property_idx').on(t.propertyId),
  ],
);
