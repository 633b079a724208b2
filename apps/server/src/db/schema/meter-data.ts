import { doublePrecision, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, owner } from './columns.ts';
import { property } from './properties.ts';

// The meter-data feature's tables (issue 29): Green Button files a user imported, the meters
// (UsagePoints) they describe, and one row per interval reading. Row-level security in the
// migration that made them, like every user table.

/** An imported Green Button file, kept like a bill file (Storage key `{userId}/meter-data/{timestamp}-{name}`). */
export const meterFile = pgTable(
  'meter_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => property.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    filePath: text('file_path').notNull(),
    fileSize: integer('file_size').notNull(),
    format: text('format', { enum: ['espi', 'csv'] }).notNull(),
    readingsAdded: integer('readings_added').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('meter_files_user_created_idx').on(t.userId, t.createdAt)],
);

/** One meter of a property: a Green Button UsagePoint (or a utility CSV's service). */
export const meter = pgTable(
  'meters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => property.id, { onDelete: 'cascade' }),
    /** The UsagePoint's href (or CSV service name): the same meter in a later download. */
    sourceId: text('source_id').notNull(),
    title: text('title'),
    commodity: text('commodity', { enum: ['electricity', 'natural_gas', 'water'] }).notNull(),
    unit: text('unit', { enum: ['kWh', 'therms', 'm³', 'gallons'] }).notNull(),
    intervalSeconds: integer('interval_seconds').notNull(),
    accountNumber: text('account_number'),
    /** IANA zone of the service address: readings are stored in UTC and shown in it. */
    timeZone: text('time_zone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('meters_user_idx').on(t.userId), uniqueIndex('meters_property_source_idx').on(t.propertyId, t.sourceId, t.commodity)],
);

/** One interval reading. The key (meter, start, flow) is the index by meter and time and what makes a re-import add nothing. */
export const meterReading = pgTable(
  'meter_readings',
  {
    userId: owner(),
    meterId: uuid('meter_id')
      .notNull()
      .references(() => meter.id, { onDelete: 'cascade' }),
    start: timestamp('start', { withTimezone: true }).notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    /** 1 delivered to the customer, 19 received from the customer (solar export). */
    flow: smallint('flow').notNull(),
    /** In the meter's unit. */
    value: doublePrecision('value').notNull(),
    /** In dollars, when the file states one. */
    cost: doublePrecision('cost'),
    /** ESPI ReadingQuality (8 = estimated). */
    quality: smallint('quality'),
  },
  (t) => [primaryKey({ columns: [t.meterId, t.start, t.flow] })],
);

/**
 * Readings summed per meter and UTC hour, rewritten for the hours an import touched: what charts,
 * the load profile and the TOU what-if read (a year is 8,760 rows, not 35,040 readings).
 */
export const meterHour = pgTable(
  'meter_hours',
  {
    userId: owner(),
    meterId: uuid('meter_id')
      .notNull()
      .references(() => meter.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    delivered: doublePrecision('delivered').notNull(),
    received: doublePrecision('received').notNull(),
    readings: integer('readings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.meterId, t.hour] })],
);
