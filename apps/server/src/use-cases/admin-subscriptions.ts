import type { AdminUserSubscription } from '@wattwise/shared/contract/payments';
import type { Page } from '@wattwise/shared/contract/common';
import { isActiveSubscriptionStatus } from '@wattwise/shared/entitlements';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { listUsersPage } from '../features/auth/auth.service.ts';
import { getCurrentSubscriptions } from '../features/payments/payments.service.ts';

function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}

function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const createdAt = new Date(String(at));
    if (typeof id !== 'string' || Number.isNaN(createdAt.getTime())) throw new Error('bad cursor');
    return { createdAt, id };
  } catch {
    throw new AppError('INVALID_CURSOR', 400, 'This page link is no longer valid. Start from the first page.');
  }
}

/**
 * Admin 'Users & Subscriptions' (01-core §2): users from auth, their subscriptions from payments,
 * a page at a time (newest accounts first) so thousands of users stay fast.
 */
export async function listUserSubscriptions(db: Db, query: { limit: number; cursor?: string }): Promise<Page<AdminUserSubscription>> {
  const { rows, total } = await listUsersPage(db, query.limit + 1, decodeCursor(query.cursor));
  const page = rows.slice(0, query.limit);
  const subscriptions = await getCurrentSubscriptions(db, page.map((r) => r.id));
  const last = page.at(-1);
  return {
    items: page.map((u) => {
      const sub = subscriptions.get(u.id) ?? null;
      return {
        userId: u.id,
        email: u.email,
        createdAt: u.createdAt.toISOString(),
        subscriptionStatus: sub?.status ?? null,
        plan: sub && isActiveSubscriptionStatus(sub.status) ? sub.plan : 'free',
        currentPeriodStart: sub?.currentPeriodStart ?? null,
        currentPeriodEnd: sub?.currentPeriodEnd ?? null,
      };
    }),
    total,
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}
