import { doublePrecision, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

// IoT telemetry (02-tools §3 'IoT and telemetry', §7 energy_readings) and the devices the server
// streams. Owned by a user, with user_id (row-level security in migration 0008_smart_home).

const owner = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

export const energyReading = pgTable(
  'energy_readings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    deviceId: text('device_id').notNull(),
    deviceType: text('device_type').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    readingType: text('reading_type').notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit').notNull(),
    metadata: jsonb('metadata').notNull().default({}),
  },
  (t) => [index('energy_readings_user_time_idx').on(t.userId, t.timestamp)],
);

/** Devices whose readings the server is streaming (IoT start/stop, 02-tools §4). */
export const iotStream = pgTable(
  'iot_streams',
  {
    userId: owner(),
    deviceId: text('device_id').notNull(),
    deviceType: text('device_type').notNull(),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
);
