import type { Db } from '../db/client.ts';
import { countBillsByAccount, moveAccountBills } from '../features/bills/bills.service.ts';
import { type AccountDto, listAccounts, updateAccount } from '../features/properties/properties.service.ts';

/** A utility account with the number of the user's bills grouped under it. */
export type AccountWithBillCount = AccountDto & { billCount: number };

function withCounts(accounts: AccountDto[], counts: Map<string, number>): AccountWithBillCount[] {
  return accounts.map((a) => ({ ...a, billCount: counts.get(a.id) ?? 0 }));
}

/** GET GET /api/utility-accounts: accounts come from properties, their bill counts from bills. */
export async function listAccountsWithBillCounts(db: Db, userId: string, propertyId?: string): Promise<AccountWithBillCount[]> {
  const [accounts, counts] = await Promise.all([listAccounts(db, userId, propertyId), countBillsByAccount(db, userId)]);
  return withCounts(accounts, counts);
}

/** PATCH /api/utility-accounts/{id}: an account moved to another property takes its bills along, in one transaction. */
export async function updateAccountWithBills(
  db: Db,
  userId: string,
  id: string,
  input: Parameters<typeof updateAccount>[3],
): Promise<AccountWithBillCount> {
  const account = await db.transaction(async (tx) => {
    const { account, movedTo } = await updateAccount(tx, userId, id, input);
    if (movedTo) await moveAccountBills(tx, userId, id, movedTo.id, movedTo.propertyType);
    return account;
  });
  const counts = await countBillsByAccount(db, userId);
  return { ...account, billCount: counts.get(account.id) ?? 0 };
}
