import { boolean, doublePrecision, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

// Smart home (02-tools §3 'Smart home', §7 connected_smart_devices, smart_home_credentials)
// and automation rules. Every table is owned by a user and
// carries user_id (row-level security in this feature's migration).

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const owner = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

export const smartHomeCredential = pgTable(
  'smart_home_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    platform: text('platform').notNull(),
    /** AES-256-GCM box of the credential fields (smart-home/credentials-box.ts); never sent to a browser. */
    secretBox: text('secret_box').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('smart_home_credentials_user_idx').on(t.userId, t.createdAt)],
);

export const connectedSmartDevice = pgTable(
  'connected_smart_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    credentialId: uuid('credential_id').references(() => smartHomeCredential.id, { onDelete: 'set null' }),
    platform: text('platform').notNull(),
    /** The platform's own id of the device (a Home Assistant entity id, the simulator's slot). */
    externalId: text('external_id').notNull(),
    deviceName: text('device_name').notNull(),
    deviceType: text('device_type').notNull(),
    status: text('status', { enum: ['connected', 'disconnected', 'offline'] }).notNull().default('connected'),
    lastReading: doublePrecision('last_reading').notNull().default(0),
    unit: text('unit').notNull(),
    location: text('location').notNull().default(''),
    settings: jsonb('settings').notNull().default({}),
    metadata: jsonb('metadata').notNull().default({}),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('connected_smart_devices_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('connected_smart_devices_external_idx').on(t.userId, t.platform, t.externalId),
  ],
);

export const automationRule = pgTable(
  'automation_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    trigger: jsonb('trigger').notNull(),
    action: jsonb('action').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** When created or last edited (by the app's clock): time triggers fire for later occurrences only. */
    armedAt: timestamp('armed_at', { withTimezone: true }).notNull(),
    conditionMet: boolean('condition_met').notNull().default(false),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastResult: text('last_result'),
    lastOk: boolean('last_ok'),
    createdAt: createdAt(),
  },
  (t) => [index('automation_rules_user_idx').on(t.userId, t.createdAt), index('automation_rules_enabled_idx').on(t.enabled)],
);
