import type { ChatMessage } from '@wattwise/shared/contract/assistant';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { utilityBill } from '../db/schema/bills.ts';
import { property, utilityAccount } from '../db/schema/properties.ts';
import { createVerifiedUser } from '../features/demo/demo.service.ts';
import { cookiesOf, postJson, solveCaptcha, STRONG_PASSWORD, type TestContext } from './test-app.ts';

/** A bill as read, inserted straight into the table (the reader is tested elsewhere; these tests are about answers). */
export type SeedBill = {
  billType?: string;
  provider?: string;
  total: number | null;
  usage: number | null;
  unit?: string;
  start: string;
  end: string;
  due?: string | null;
  accountNumber?: string;
  /** The reader's confidence in the amount and usage (0.95 unless given; under 0.8 is 'Please check'). */
  confidence?: number;
  /** The reader's confidence in the usage alone, when it differs. */
  usageConfidence?: number;
};

/** Bills as read, each under its utility account (provider + account number, under one property). */
export async function seedBills(db: Db, userId: string, bills: SeedBill[]): Promise<string[]> {
  // Later seeds of the same user go under the same property and accounts.
  const [home] = (await db.select({ id: property.id }).from(property).where(eq(property.userId, userId)).limit(1)).length
    ? await db.select({ id: property.id }).from(property).where(eq(property.userId, userId)).limit(1)
    : await db.insert(property).values({ userId, name: 'Home' }).returning({ id: property.id });
  const existing = await db.select({ id: utilityAccount.id, matchKey: utilityAccount.matchKey }).from(utilityAccount).where(eq(utilityAccount.userId, userId));
  const accounts = new Map<string, string>(existing.map((a) => [a.matchKey, a.id]));
  for (const b of bills) {
    const provider = b.provider ?? 'Riverbend Electric Company';
    const number = b.accountNumber ?? '4471-0923-5561';
    const matchKey = `${provider}${number}`.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (accounts.has(matchKey)) continue;
    const [row] = await db
      .insert(utilityAccount)
      .values({ userId, propertyId: home?.id ?? '', provider, accountNumber: number, matchKey, billType: b.billType ?? 'electricity' })
      .returning({ id: utilityAccount.id });
    accounts.set(matchKey, row?.id ?? '');
  }
  const rows = await db
    .insert(utilityBill)
    .values(
      bills.map((b, i) => ({
        userId,
        propertyId: home?.id ?? null,
        accountId: accounts.get(`${b.provider ?? 'Riverbend Electric Company'}${b.accountNumber ?? '4471-0923-5561'}`.toLowerCase().replace(/[^a-z0-9]/g, '')) ?? null,
        extracted: {
          confidence: b.confidence ?? 0.95,
          fields: {
            totalAmount: { value: b.total, confidence: b.confidence ?? 0.95 },
            usageAmount: { value: b.usage, confidence: b.usageConfidence ?? b.confidence ?? 0.95 },
          },
        },
        fileName: `bill-${i}.pdf`,
        filePath: `${userId}/${i}-bill.pdf`,
        mimeType: 'application/pdf',
        fileSize: 1000,
        propertyType: 'residential' as const,
        billType: b.billType ?? 'electricity',
        status: 'processed' as const,
        progress: 100,
        utilityProvider: b.provider ?? 'Riverbend Electric Company',
        accountNumber: b.accountNumber ?? '4471-0923-5561',
        totalAmount: b.total,
        usageAmount: b.usage,
        usageUnit: b.usage === null ? null : (b.unit ?? 'kWh'),
        servicePeriodStart: b.start,
        servicePeriodEnd: b.end,
        dueDate: b.due ?? null,
      })),
    )
    .returning({ id: utilityBill.id });
  return rows.map((r) => r.id);
}

let users = 0;

/** A verified, signed-in user: id and session cookie. */
export async function signedInUser(ctx: Pick<TestContext, 'app' | 'auth'>): Promise<{ userId: string; cookie: string }> {
  const email = `assistant-${process.pid}-${++users}-${Date.now()}@example.com`;
  const { userId } = await createVerifiedUser(ctx.auth, email, STRONG_PASSWORD);
  const res = await postJson(ctx.app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD }, { captcha: await solveCaptcha(ctx.app) });
  expect(res.status).toBe(200);
  return { userId, cookie: cookiesOf(res) };
}

export type ChatResult = { status: number; headers: Headers; text: string; message: ChatMessage | null; error: string | null; deltas: number; body: unknown };

/** Asks the assistant and reads the whole event stream (or the JSON error of a refused request). */
export async function ask(app: TestContext['app'], cookie: string | null, question: string | { role: 'user' | 'assistant'; content: string }[]): Promise<ChatResult> {
  const messages = typeof question === 'string' ? [{ role: 'user', content: question }] : question;
  const res = await postJson(app, '/api/assistant/chat', { messages }, cookie ? { cookie } : {});
  const raw = await res.text();
  const result: ChatResult = { status: res.status, headers: res.headers, text: '', message: null, error: null, deltas: 0, body: null };
  if (!res.headers.get('content-type')?.includes('text/event-stream')) {
    result.body = raw ? JSON.parse(raw) : null;
    return result;
  }
  for (const block of raw.split('\n\n')) {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (!event || !data) continue;
    const parsed = JSON.parse(data) as { text?: string; message?: ChatMessage | string };
    if (event === 'delta') {
      result.text += parsed.text ?? '';
      result.deltas += 1;
    } else if (event === 'reset') result.text = '';
    else if (event === 'done') result.message = parsed.message as ChatMessage;
    else if (event === 'error') result.error = parsed.message as string;
  }
  return result;
}
