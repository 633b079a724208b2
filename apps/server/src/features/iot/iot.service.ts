import { type IotState, type Reading, SMART_HOME_MESSAGES as M, type Stream, type StreamRequest } from '@wattwise/shared/contract/smart-home';
import { IOT_DEVICE_LABELS, IOT_KEEP, type IotDeviceType, iotReading } from '@wattwise/shared/smart-home/iot';
import { stableFraction } from '@wattwise/shared/smart-home/simulation';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { RequestUser } from '../../http/types.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Realtime } from '../../platform/realtime.ts';
import * as q from './iot.queries.ts';

export type IotDeps = { db: Db; realtime: Realtime; clock: Clock; logger: Logger };

/** The realtime topic of a user's new readings. */
export const readingsTopic = (userId: string) => `iot-readings:${userId}`;

const label = (type: string) => (IOT_DEVICE_LABELS as Record<string, string | undefined>)[type as IotDeviceType] ?? type;

export function toReading(row: q.ReadingRow): Reading {
  const metadata = (row.metadata ?? {}) as Reading['metadata'];
  return {
    id: row.id,
    device_id: row.deviceId,
    device_type: row.deviceType,
    timestamp: row.timestamp.toISOString(),
    reading_type: row.readingType,
    value: row.value,
    unit: row.unit,
    metadata,
  };
}

const toStream = (row: q.StreamRow): Stream => ({ device_id: row.deviceId, device_type: row.deviceType, name: row.name, location: row.location, started_at: row.startedAt.toISOString() });

export async function startStream(deps: IotDeps, user: RequestUser, input: StreamRequest): Promise<Stream> {
  if (!input.device_id.trim() || !input.device_type.trim()) throw new AppError('VALIDATION_FAILED', 422, M.streamFieldsRequired);
  const row = await user.inScope((db, userId) =>
    q.upsertStream(db, userId, {
      deviceId: input.device_id,
      deviceType: input.device_type,
      name: input.name?.trim() || label(input.device_type),
      location: input.location?.trim() ?? '',
      startedAt: deps.clock.now(),
    }),
  );
  return toStream(row);
}

export async function stopStream(user: RequestUser, deviceId: string): Promise<void> {
  if (!(await user.inScope((db, userId) => q.deleteStream(db, userId, deviceId)))) throw new AppError('NOT_FOUND', 404, 'This device is not streaming');
}

/** Streams, the latest 50 readings and the newest reading of each device. */
export async function iotState(user: RequestUser): Promise<IotState> {
  return user.inScope(async (db, userId) => {
    const [streams, readings, latest] = [await q.listStreams(db, userId), await q.latestReadings(db, userId, IOT_KEEP), await q.latestPerDevice(db, userId)];
    return {
      streams: streams.map(toStream),
      readings: readings.map(toReading),
      devices: latest.map((r) => {
        const m = toReading(r).metadata;
        return { device_id: r.deviceId, device_type: r.deviceType, name: m.name ?? label(r.deviceType), location: m.location ?? '', last_reading: r.value, unit: r.unit, timestamp: r.timestamp.toISOString(), simulated: m.simulated === true };
      }),
    };
  });
}

/** Stores a reading and tells the user's open pages (realtime channel). */
export async function recordReading(deps: IotDeps, values: Parameters<typeof q.insertReading>[1]): Promise<Reading> {
  const reading = toReading(await q.insertReading(deps.db, values));
  await deps.realtime.publish(readingsTopic(values.userId), reading).catch((error: unknown) => deps.logger.warn({ err: error }, 'reading not published'));
  return reading;
}

/**
 * The streaming job (every 5 s): one simulated reading per streaming device, in its type's
 * range (02-tools §9), labelled simulated. Returns how many were written.
 */
export async function emitSimulatedReadings(deps: IotDeps): Promise<number> {
  const now = deps.clock.now();
  const streams = await q.listAllStreams(deps.db);
  for (const s of streams) {
    const { value, readingType, unit } = iotReading(s.deviceType, stableFraction(`${s.userId}:${s.deviceId}:${now.getTime()}`));
    await recordReading(deps, {
      userId: s.userId,
      deviceId: s.deviceId,
      deviceType: s.deviceType,
      timestamp: now,
      readingType,
      value,
      unit,
      metadata: { name: s.name, location: s.location, simulated: true },
    });
  }
  return streams.length;
}
