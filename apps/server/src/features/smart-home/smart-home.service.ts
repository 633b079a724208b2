import {
  type ConnectRequest,
  type ControlRequest,
  type ControlResult,
  type Credential,
  type Device,
  deviceSettingsSchema,
  type Platform,
  platformSchema,
  SMART_HOME_MESSAGES as M,
} from '@wattwise/shared/contract/smart-home';
import { CommandError, DEVICE_TYPES, type DeviceCommand, type DeviceType } from '@wattwise/shared/smart-home/simulation';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { RequestUser } from '../../http/types.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { CredentialsBox } from './credentials-box.ts';
import { type KnownDevice, type PlatformAdapter, PlatformError } from './platform-types.ts';
import { SERVER_HOME_ASSISTANT } from './platforms.ts';
import { getUserContact, isAdmin } from '../auth/auth.service.ts';
import * as q from './smart-home.queries.ts';

export type SmartHomeDeps = {
  db: Db;
  platforms: (platform: Platform) => PlatformAdapter;
  box: CredentialsBox;
  clock: Clock;
  logger: Logger;
  /** True when HOME_ASSISTANT_URL is set: an admin may attach it to their own account. */
  serverHomeAssistant: boolean;
};

const deviceTypeSchema = z.enum(DEVICE_TYPES);

/** The device as the API shows it: never its credential. */
export function toDevice(row: q.DeviceRow): Device {
  const platform = platformSchema.parse(row.platform);
  return {
    id: row.id,
    name: row.deviceName,
    type: deviceTypeSchema.parse(row.deviceType),
    platform,
    status: row.status,
    last_reading: row.lastReading,
    unit: row.unit,
    last_updated: row.lastUpdated.toISOString(),
    location: row.location,
    settings: deviceSettingsSchema.catch({}).parse(row.settings),
    simulated: platform === 'direct',
    created_at: row.createdAt.toISOString(),
  };
}

const known = (row: q.DeviceRow): KnownDevice => ({
  externalId: row.externalId,
  type: deviceTypeSchema.parse(row.deviceType),
  reading: row.lastReading,
  metadata: (row.metadata ?? {}) as Record<string, unknown>,
});

const platformFailure = (message: string, error: unknown) =>
  new AppError('PLATFORM_ERROR', 502, message, { reason: error instanceof PlatformError ? error.message : M.unknownError });

/**
 * Checks the credentials with the platform, then stores them sealed; returns the credential id
 * only. A user's credential names their own Home Assistant; the server's (HOME_ASSISTANT_URL)
 * is attached by an admin to their own account only (`isAdmin` is read fresh by the route).
 */
export async function connectPlatform(deps: SmartHomeDeps, user: RequestUser, input: ConnectRequest, isAdmin: boolean): Promise<{ credential_id: string }> {
  if (input.server_home_assistant) {
    if (!isAdmin) throw new AppError('FORBIDDEN', 403, "Only an admin can attach the server's Home Assistant, and only to their own account. Connect your own Home Assistant instead.");
    if (!deps.serverHomeAssistant) throw new AppError('PLATFORM_ERROR', 502, M.connectFailed, { reason: 'This server has no Home Assistant of its own (HOME_ASSISTANT_URL).' });
  }
  const credentials: Record<string, string> = input.server_home_assistant
    ? { ...SERVER_HOME_ASSISTANT }
    : Object.fromEntries(Object.entries(input.credentials).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  try {
    await deps.platforms(input.platform).connect(credentials);
  } catch (error) {
    throw platformFailure(M.connectFailed, error);
  }
  const row = await user.inScope((db, userId) => q.insertCredential(db, userId, input.platform, deps.box.seal(credentials)));
  return { credential_id: row.id };
}

export async function listCredentials(user: RequestUser): Promise<Credential[]> {
  const rows = await user.inScope((db, userId) => q.listCredentials(db, userId));
  return rows.map((r) => ({ id: r.id, platform: platformSchema.parse(r.platform), created_at: r.createdAt.toISOString(), expires_at: r.expiresAt?.toISOString() ?? null }));
}

export async function deleteCredential(user: RequestUser, id: string): Promise<void> {
  if (!(await user.inScope((db, userId) => q.deleteCredential(db, userId, id)))) throw new AppError('NOT_FOUND', 404, M.credentialNotFound);
}

const SERVER_HA_ADMINS_ONLY = "The server's Home Assistant is for admins only, and this account is no longer an admin.";

/** Whether the user is an admin now (the shared connection: never call it inside a user scope). */
const isAdminNow = async (deps: SmartHomeDeps, userId: string) => isAdmin(await getUserContact(deps.db, userId));

/**
 * Opens a sealed credential for use. The server's Home Assistant stays an admin's: the role is
 * read afresh at every use, so an admin who is demoted loses it at once. Inside a user scope
 * the caller reads the role first and passes `callerIsAdmin` (the scope holds the connection).
 */
async function credentialsForUse(deps: SmartHomeDeps, userId: string, secretBox: string, callerIsAdmin?: boolean): Promise<Record<string, string>> {
  const credentials = deps.box.open(secretBox);
  if (credentials.source === SERVER_HOME_ASSISTANT.source && !(callerIsAdmin ?? (await isAdminNow(deps, userId)))) throw new PlatformError(SERVER_HA_ADMINS_ONLY);
  return credentials;
}

async function openCredential(deps: SmartHomeDeps, user: RequestUser, id: string | null, platform: Platform): Promise<Record<string, string>> {
  if (!id) return {};
  const row = await user.inScope((db, userId) => q.findCredential(db, userId, id));
  if (!row || row.platform !== platform) throw new AppError('NOT_FOUND', 404, M.credentialNotFound);
  try {
    return await credentialsForUse(deps, user.id, row.secretBox);
  } catch (error) {
    if (error instanceof PlatformError) throw new AppError('FORBIDDEN', 403, error.message);
    throw error;
  }
}

/** Called in the user's scope with each discovered device's stable reference (`platform:externalId`). */
export type DevicesConnected = (db: Db, userId: string, refs: string[]) => Promise<unknown>;

/**
 * Lists the platform's devices with the stored credential and adds them to the user's (known ones
 * keep their state); `connected` hears of every device found, new or known again.
 */
export async function discoverDevices(
  deps: SmartHomeDeps,
  user: RequestUser,
  input: { platform: Platform; credential_id: string; timeZone?: string | undefined },
  connected?: DevicesConnected,
): Promise<Device[]> {
  const credentials = await openCredential(deps, user, input.credential_id, input.platform);
  let found;
  try {
    found = await deps.platforms(input.platform).discover({ credentials, now: deps.clock.now(), timeZone: input.timeZone ?? 'UTC' });
  } catch (error) {
    throw platformFailure(M.discoverFailed, error);
  }
  const now = deps.clock.now();
  return user.inScope(async (db, userId) => {
    await q.upsertDevices(
      db,
      userId,
      found.map((d) => ({
        credentialId: input.credential_id,
        platform: input.platform,
        externalId: d.externalId,
        deviceName: d.name,
        deviceType: d.type,
        status: d.status,
        lastReading: d.reading,
        unit: d.unit,
        location: d.location,
        settings: d.type === 'thermostat' ? { temperature: d.reading, autoMode: false } : d.type === 'light' ? { brightness: d.reading } : {},
        metadata: d.metadata,
        lastUpdated: now,
      })),
    );
    await connected?.(db, userId, found.map((d) => `${input.platform}:${d.externalId}`));
    return (await q.listDevices(db, userId)).map(toDevice);
  });
}

export async function listDevices(user: RequestUser): Promise<Device[]> {
  return (await user.inScope((db, userId) => q.listDevices(db, userId))).map(toDevice);
}

/** Runs a command on a device of `userId` through its platform and stores the reading after it. */
export async function runCommand(
  deps: SmartHomeDeps,
  db: Db,
  userId: string,
  deviceId: string,
  command: DeviceCommand,
  value: number | null,
  callerIsAdmin?: boolean,
): Promise<ControlResult> {
  const row = await q.findDevice(db, userId, deviceId);
  if (!row) throw new AppError('NOT_FOUND', 404, M.deviceNotFound);
  const platform = platformSchema.parse(row.platform);
  const credentials = row.credentialId ? await q.findCredential(db, userId, row.credentialId) : undefined;
  let next: number;
  try {
    next = await deps.platforms(platform).command({ device: known(row), command, value, credentials: credentials ? await credentialsForUse(deps, userId, credentials.secretBox, callerIsAdmin) : {} });
  } catch (error) {
    if (error instanceof CommandError) throw new AppError('INVALID_COMMAND', 422, M.commandFailed, { reason: error.message });
    throw platformFailure(M.controlFailed, error);
  }
  const type: DeviceType = known(row).type;
  const settings = { ...(row.settings as Record<string, unknown>) };
  if (type === 'thermostat' && next > 0) settings.temperature = next;
  if (type === 'light') settings.brightness = next;
  await q.updateDevice(db, userId, deviceId, { lastReading: next, lastUpdated: deps.clock.now(), settings });
  return { device_id: deviceId, command, previous_value: row.lastReading, new_value: next, message: M.commandExecuted(row.deviceName) };
}

export async function controlDevice(deps: SmartHomeDeps, user: RequestUser, input: ControlRequest): Promise<ControlResult> {
  const admin = await isAdminNow(deps, user.id);
  return user.inScope((db, userId) => runCommand(deps, db, userId, input.device_id, input.command, input.value ?? null, admin));
}

/** Reads each device's present state from its platform and stores it. */
export async function refreshDevices(deps: SmartHomeDeps, db: Db, rows: readonly q.DeviceRow[], callerIsAdmin?: boolean): Promise<void> {
  const now = deps.clock.now();
  for (const row of rows) {
    try {
      const platform = platformSchema.parse(row.platform);
      const credential = row.credentialId ? await q.findCredentialById(db, row.credentialId) : undefined;
      const state = await deps.platforms(platform).read({ device: known(row), credentials: credential ? await credentialsForUse(deps, row.userId, credential.secretBox, callerIsAdmin) : {}, now });
      await q.updateDevice(db, row.userId, row.id, { lastReading: state.reading, status: state.status, lastUpdated: now });
    } catch (error) {
      deps.logger.warn({ err: error, deviceId: row.id }, 'device read failed');
      await q.updateDevice(db, row.userId, row.id, { status: 'offline', lastUpdated: now });
    }
  }
}

/** 02-tools §7 sync: the listed devices (all when none are named) read afresh. */
export async function syncDevices(deps: SmartHomeDeps, user: RequestUser, ids?: readonly string[]): Promise<Device[]> {
  const admin = await isAdminNow(deps, user.id);
  return user.inScope(async (db, userId) => {
    await refreshDevices(deps, db, await q.listDevices(db, userId, ids), admin);
    return (await q.listDevices(db, userId, ids)).map(toDevice);
  });
}

export async function updateDeviceSettings(user: RequestUser, id: string, settings: z.infer<typeof deviceSettingsSchema>): Promise<Device> {
  return user.inScope(async (db, userId) => {
    const row = await q.findDevice(db, userId, id);
    if (!row) throw new AppError('NOT_FOUND', 404, M.deviceNotFound);
    const updated = await q.updateDevice(db, userId, id, { settings: { ...(row.settings as Record<string, unknown>), ...settings } });
    if (!updated) throw new AppError('NOT_FOUND', 404, M.deviceNotFound);
    return toDevice(updated);
  });
}

export async function disconnectDevice(user: RequestUser, id: string): Promise<void> {
  if (!(await user.inScope((db, userId) => q.deleteDevice(db, userId, id)))) throw new AppError('NOT_FOUND', 404, M.deviceNotFound);
}

/** The sync job: every connected device of every user. */
export async function syncAllDevices(deps: SmartHomeDeps): Promise<void> {
  await refreshDevices(deps, deps.db, await q.listConnectedDevices(deps.db));
}
