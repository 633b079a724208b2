// The assistant's figures stay within one account and one household (issue 24), through the HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, seedBills, signedInUser } from './assistant.test-support.ts';
import { createTestContext, type TestContext } from './test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const thisYear = new Date().getUTCFullYear();
const month = (m: number, year = thisYear) => ({ start: `${year}-${String(m).padStart(2, '0')}-01`, end: `${year}-${String(m).padStart(2, '0')}-28` });

describe('assistant figures', () => {
  it("'why was my bill higher?' compares one account's consecutive bills, never two accounts", async () => {
    const user = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    // The newest bill is a second account's first bill; the other account's bill before it is not its previous bill.
    await seedBills(ctx.database.db, user.userId, [
      { total: 80, usage: 600, ...month(1, 2025), accountNumber: 'A-1' },
      { total: 90, usage: 650, ...month(2, 2025), accountNumber: 'A-1' },
      { total: 310, usage: 2100, ...month(3, 2025), provider: 'Harbor City Power', accountNumber: 'B-2' },
    ]);
    const first = await ask(ctx.app, user.cookie, 'Why was my bill higher?');
    expect(first.status).toBe(200);
    expect(first.text).toContain("I can't tell from your bills yet");
    expect(first.text).toContain('one utility account');
    expect(first.text).not.toContain('$90.00');
    // A second bill of that account: now the comparison is within it.
    await seedBills(ctx.database.db, user.userId, [{ total: 350, usage: 2400, ...month(4, 2025), provider: 'Harbor City Power', accountNumber: 'B-2' }]);
    const second = await ask(ctx.app, user.cookie, 'Why was my bill higher?');
    expect(second.text).toContain('$350.00');
    expect(second.text).toContain('$310.00');
    expect(second.text).not.toContain('$90.00');
    // Another user asking sees none of it; a visitor is asked to sign in.
    const theirs = await ask(ctx.app, other.cookie, 'Why was my bill higher?');
    expect(theirs.text).not.toMatch(/\$350|\$310/);
    const visitor = await ask(ctx.app, null, 'Why was my bill higher?');
    expect(visitor.message?.signInPrompt ?? (visitor.body as { signInPrompt?: boolean } | null)?.signInPrompt ?? visitor.text.includes('Sign in')).toBeTruthy();
    expect(visitor.text).not.toMatch(/\$350|\$310/);
  });

  it("'what is my neighbour's bill?' says it does not know other households' bills, not the user's own", async () => {
    const user = await signedInUser(ctx);
    const neighbour = await signedInUser(ctx);
    await seedBills(ctx.database.db, user.userId, [{ total: 123.45, usage: 800, ...month(2, 2025) }]);
    await seedBills(ctx.database.db, neighbour.userId, [{ total: 432.1, usage: 3000, ...month(2, 2025) }]);
    const r = await ask(ctx.app, user.cookie, "What is my neighbour's bill?");
    expect(r.text).toContain("I don't know other households' bills");
    expect(r.text).not.toContain('$123.45');
    expect(r.text).not.toContain('$432.10');
    expect(r.message?.citations).toEqual([]);
  });

  it("'how much will my next bill be?' gives each account's own forecast with its backtest error, or says how many bills are missing", async () => {
    const user = await signedInUser(ctx);
    const bills = Array.from({ length: 12 }, (_, i) => {
      const start = new Date(Date.UTC(2025, i, 1));
      const end = new Date(Date.UTC(2025, i + 1, 0));
      const usage = Math.round(700 + 250 * Math.cos((2 * Math.PI * i) / 12));
      return { total: Math.round((15 + usage * 0.14) * 100) / 100, usage, start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
    });
    await seedBills(ctx.database.db, user.userId, [...bills, { total: 40, usage: 20, unit: 'therms', billType: 'natural_gas', provider: 'Atlanta Gas Light', accountNumber: 'G-9', start: '2025-11-01', end: '2025-11-30' }]);
    const r = await ask(ctx.app, user.cookie, 'How much will my next bill be?');
    expect(r.text).toContain('January 1, 2026');
    expect(r.text).toMatch(/missed by \d+\.\d% on average/);
    expect(r.text).toContain('from that account');
    // January 2026 is past (by the clock of this test): it says so rather than passing it off as the coming bill.
    if (new Date().toISOString().slice(0, 10) > '2026-01-31') expect(r.text).toContain('That period has already ended');
    // The gas account has one bill: no forecast, and it says how many are needed.
    expect(r.text).toMatch(/Atlanta Gas Light[^.]*needs 6 bills of that account and it has 1/);
    // Not a restatement of the last bill.
    expect(r.text).not.toContain('Your latest bill');
  });

  it("'how much did I spend this year?' totals the confirmed or confidently read amounts and says how many bills it adds", async () => {
    const user = await signedInUser(ctx);
    await seedBills(ctx.database.db, user.userId, [
      { total: 100, usage: 700, ...month(1) },
      { total: 110.5, usage: 720, ...month(2) },
      { total: 6989.24, usage: 900, ...month(3), confidence: 0.62 },
      { total: null, usage: 650, ...month(4) },
      { total: 500, usage: 2000, ...month(6, thisYear - 1) },
    ]);
    const r = await ask(ctx.app, user.cookie, 'How much did I spend this year?');
    expect(r.text).toContain(`In ${thisYear} you spent $210.50`);
    expect(r.text).toContain('2 bills added up');
    expect(r.text).toContain('1 whose amount needs checking');
    expect(r.text).toContain('1 whose amount was not read');
    expect(r.text).not.toContain('$6,989.24 on');
    expect(r.message?.citations.map((c) => c.value).sort()).toEqual(['$100.00', '$110.50']);
  });
});
