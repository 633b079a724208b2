import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { automationRule, connectedSmartDevice, smartHomeCredential } from '../../db/schema/smart-home.ts';

// Every user query takes the owner's id and filters on it; the automation and sync jobs read
// across users with the owner connection and act per row's user.

export type CredentialRow = typeof smartHomeCredential.$inferSelect;
export type DeviceRow = typeof connectedSmartDevice.$inferSelect;
export type RuleRow = typeof automationRule.$inferSelect;
type DeviceValues = Omit<typeof connectedSmartDevice.$inferInsert, 'id' | 'userId' | 'createdAt'>;
type RuleValues = Omit<typeof automationRule.$inferInsert, 'id' | 'userId' | 'createdAt'>;

export async function insertCredential(db: Db, userId: string, platform: string, secretBox: string): Promise<CredentialRow> {
  const [row] = await db.insert(smartHomeCredential).values({ userId, platform, secretBox }).returning();
  if (!row) throw new Error('credential not stored');
  return row;
}

export function listCredentials(db: Db, userId: string) {
  return db
    .select({ id: smartHomeCredential.id, platform: smartHomeCredential.platform, createdAt: smartHomeCredential.createdAt, expiresAt: smartHomeCredential.expiresAt })
    .from(smartHomeCredential)
    .where(eq(smartHomeCredential.userId, userId))
    .orderBy(desc(smartHomeCredential.createdAt));
}

export async function findCredential(db: Db, userId: string, id: string): Promise<CredentialRow | undefined> {
  const [row] = await db.select().from(smartHomeCredential).where(and(eq(smartHomeCredential.userId, userId), eq(smartHomeCredential.id, id)));
  return row;
}

export async function findCredentialById(db: Db, id: string): Promise<CredentialRow | undefined> {
  const [row] = await db.select().from(smartHomeCredential).where(eq(smartHomeCredential.id, id));
  return row;
}

export async function deleteCredential(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(smartHomeCredential).where(and(eq(smartHomeCredential.userId, userId), eq(smartHomeCredential.id, id))).returning({ id: smartHomeCredential.id });
  return rows.length > 0;
}

export function listDevices(db: Db, userId: string, ids?: readonly string[]): Promise<DeviceRow[]> {
  const owned = eq(connectedSmartDevice.userId, userId);
  return db
    .select()
    .from(connectedSmartDevice)
    .where(ids ? and(owned, inArray(connectedSmartDevice.id, [...ids])) : owned)
    .orderBy(desc(connectedSmartDevice.createdAt), connectedSmartDevice.deviceName);
}

export async function findDevice(db: Db, userId: string, id: string): Promise<DeviceRow | undefined> {
  const [row] = await db.select().from(connectedSmartDevice).where(and(eq(connectedSmartDevice.userId, userId), eq(connectedSmartDevice.id, id)));
  return row;
}

/** Adds discovered devices; a device already known keeps its state and settings (it persists). */
export async function upsertDevices(db: Db, userId: string, devices: readonly DeviceValues[]): Promise<void> {
  for (const d of devices) {
    await db
      .insert(connectedSmartDevice)
      .values({ ...d, userId })
      .onConflictDoUpdate({
        target: [connectedSmartDevice.userId, connectedSmartDevice.platform, connectedSmartDevice.externalId],
        set: { credentialId: d.credentialId, status: 'connected', deviceName: d.deviceName },
      });
  }
}

export async function updateDevice(db: Db, userId: string, id: string, values: Partial<DeviceValues>): Promise<DeviceRow | undefined> {
  const [row] = await db.update(connectedSmartDevice).set(values).where(and(eq(connectedSmartDevice.userId, userId), eq(connectedSmartDevice.id, id))).returning();
  return row;
}

export async function deleteDevice(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(connectedSmartDevice).where(and(eq(connectedSmartDevice.userId, userId), eq(connectedSmartDevice.id, id))).returning({ id: connectedSmartDevice.id });
  return rows.length > 0;
}

/** Every connected device of every user (the sync job). */
export function listConnectedDevices(db: Db): Promise<DeviceRow[]> {
  return db.select().from(connectedSmartDevice).where(eq(connectedSmartDevice.status, 'connected'));
}

export function listRules(db: Db, userId: string): Promise<RuleRow[]> {
  return db.select().from(automationRule).where(eq(automationRule.userId, userId)).orderBy(desc(automationRule.createdAt));
}

export async function findRule(db: Db, userId: string, id: string): Promise<RuleRow | undefined> {
  const [row] = await db.select().from(automationRule).where(and(eq(automationRule.userId, userId), eq(automationRule.id, id)));
  return row;
}

export async function insertRule(db: Db, userId: string, values: RuleValues): Promise<RuleRow> {
  const [row] = await db.insert(automationRule).values({ ...values, userId }).returning();
  if (!row) throw new Error('rule not stored');
  return row;
}

export async function updateRule(db: Db, userId: string, id: string, values: Partial<RuleValues>): Promise<RuleRow | undefined> {
  const [row] = await db.update(automationRule).set(values).where(and(eq(automationRule.userId, userId), eq(automationRule.id, id))).returning();
  return row;
}

export async function deleteRule(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(automationRule).where(and(eq(automationRule.userId, userId), eq(automationRule.id, id))).returning({ id: automationRule.id });
  return rows.length > 0;
}

/** Enabled rules of every user (the automation job). */
export function listEnabledRules(db: Db): Promise<RuleRow[]> {
  return db.select().from(automationRule).where(eq(automationRule.enabled, true));
}
