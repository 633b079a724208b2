import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import {
  type AccountRow,
  deletePropertyRow,
  findAccount,
  findAccountByKey,
  findAccounts,
  findProperties,
  findProperty,
  insertAccountIfMissing,
  insertProperty,
  type PropertyRow,
  type PropertyType,
  updateAccountRow,
  updatePropertyRow,
} from './properties.queries.ts';

export type { PropertyType } from './properties.queries.ts';

export const PROPERTY_MESSAGES = {
  notFound: 'Property not found',
  accountNotFound: 'Utility account not found',
  hasBills: 'This property still has bills. Move or delete them first.',
  duplicateAccount: 'This property already has an account with that provider and account number.',
} as const;

export type PropertyDto = { id: string; name: string; propertyType: PropertyType; address: string | null; createdAt: string };
/** A utility account as this feature knows it; the bill count is added where bills are known (use-cases/utility-accounts.ts). */
export type AccountDto = {
  id: string;
  propertyId: string;
  provider: string;
  accountNumber: string;
  billType: string;
  confirmed: boolean;
};

const DEFAULT_NAMES: Record<PropertyType, string> = { residential: 'Home', commercial: 'Business' };

export function toPropertyDto(row: PropertyRow): PropertyDto {
  return { id: row.id, name: row.name, propertyType: row.propertyType, address: row.address, createdAt: row.createdAt.toISOString() };
}

function toAccountDto(row: AccountRow): AccountDto {
  return {
    id: row.id,
    propertyId: row.propertyId,
    provider: row.provider,
    accountNumber: row.accountNumber,
    billType: row.billType,
    confirmed: row.confirmed,
  };
}

/** Lower-case letters and digits only: 'Georgia Power' + '88565-18403' → 'georgiapower|8856518403'. */
export function accountMatchKey(provider: string, accountNumber: string): string {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return `${norm(provider)}|${norm(accountNumber)}`;
}

/** The user's properties; a first 'Home' is created on first use. */
export async function listProperties(db: Db, userId: string): Promise<PropertyDto[]> {
  let rows = await findProperties(db, userId);
  if (rows.length === 0) {
    await insertProperty(db, userId, { name: DEFAULT_NAMES.residential, propertyType: 'residential', address: null });
    rows = await findProperties(db, userId);
  }
  return rows.map(toPropertyDto);
}

export async function createProperty(db: Db, userId: string, input: { name: string; propertyType: PropertyType; address?: string | null }) {
  return toPropertyDto(await insertProperty(db, userId, { name: input.name, propertyType: input.propertyType, address: input.address ?? null }));
}

export async function updateProperty(
  db: Db,
  userId: string,
  id: string,
  input: { name?: string; propertyType?: PropertyType; address?: string | null },
): Promise<PropertyDto> {
  const row = await updatePropertyRow(db, userId, id, input);
  if (!row) throw new AppError('NOT_FOUND', 404, PROPERTY_MESSAGES.notFound);
  return toPropertyDto(row);
}

/**
 * Deletes the property with its utility accounts. A property that still has bills is refused
 * (409) by the database itself: the bills' foreign key to it restricts the delete.
 */
export async function deleteProperty(db: Db, userId: string, id: string): Promise<void> {
  if (!(await findProperty(db, userId, id))) throw new AppError('NOT_FOUND', 404, PROPERTY_MESSAGES.notFound);
  try {
    // A savepoint, so a refused delete leaves a caller's transaction usable.
    await db.transaction((tx) => deletePropertyRow(tx, userId, id));
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('PROPERTY_HAS_BILLS', 409, PROPERTY_MESSAGES.hasBills);
    throw error;
  }
}

/** The caller's property, or 404 (another user's id answers the same as a missing one). */
export async function getProperty(db: Db, userId: string, id: string): Promise<PropertyDto> {
  const row = await findProperty(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 404, PROPERTY_MESSAGES.notFound);
  return toPropertyDto(row);
}

/**
 * The property an upload goes to: the one named (must be the caller's), else the user's first
 * property of the chosen type, created ('Home' / 'Business') when there is none.
 */
export async function resolveUploadProperty(db: Db, userId: string, propertyId: string | undefined, propertyType: PropertyType): Promise<PropertyDto> {
  if (propertyId) return getProperty(db, userId, propertyId);
  const rows = await findProperties(db, userId);
  const match = rows.find((p) => p.propertyType === propertyType);
  if (match) return toPropertyDto(match);
  return toPropertyDto(await insertProperty(db, userId, { name: DEFAULT_NAMES[propertyType], propertyType, address: null }));
}

/** Finds the account (provider + normalised account number) under the property, or creates it unconfirmed. */
export async function matchOrCreateAccount(
  db: Db,
  userId: string,
  input: { propertyId: string; provider: string; accountNumber: string; billType: string },
): Promise<{ id: string; created: boolean }> {
  const matchKey = accountMatchKey(input.provider, input.accountNumber);
  const existing = await findAccountByKey(db, userId, input.propertyId, matchKey);
  if (existing) return { id: existing.id, created: false };
  const row = await insertAccountIfMissing(db, userId, { ...input, matchKey });
  return { id: row.id, created: true };
}

export async function listAccounts(db: Db, userId: string, propertyId?: string): Promise<AccountDto[]> {
  return (await findAccounts(db, userId, propertyId)).map(toAccountDto);
}

/**
 * Confirms, renames or moves an account. `moved` names the property it moved to, so the caller
 * moves its bills in the same transaction (use-cases/utility-accounts.ts).
 */
export async function updateAccount(
  db: Db,
  userId: string,
  id: string,
  input: { propertyId?: string; provider?: string; accountNumber?: string; confirmed?: boolean },
): Promise<{ account: AccountDto; movedTo: PropertyDto | null }> {
  const current = await findAccount(db, userId, id);
  if (!current) throw new AppError('NOT_FOUND', 404, PROPERTY_MESSAGES.accountNotFound);
  const target = input.propertyId ? await getProperty(db, userId, input.propertyId) : null;
  const provider = input.provider ?? current.provider;
  const accountNumber = input.accountNumber ?? current.accountNumber;
  const matchKey = accountMatchKey(provider, accountNumber);
  const propertyId = target?.id ?? current.propertyId;
  const clash = await findAccountByKey(db, userId, propertyId, matchKey);
  if (clash && clash.id !== id) throw new AppError('ACCOUNT_EXISTS', 409, PROPERTY_MESSAGES.duplicateAccount);
  const row = await updateAccountRow(db, userId, id, { propertyId, provider, accountNumber, matchKey, confirmed: input.confirmed ?? current.confirmed });
  if (!row) throw new AppError('NOT_FOUND', 404, PROPERTY_MESSAGES.accountNotFound);
  return { account: toAccountDto(row), movedTo: target && target.id !== current.propertyId ? target : null };
}
