import fs from 'node:fs';
import path from 'node:path';
import type { BillAnalysis } from '@wattwise/shared/analysis/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { DEMO_EMAIL, generateDemoBills, prepareDemoAccount, seedDemoData } from '../demo/demo.service.ts';
import { createBillsTestContext, type BillsTestContext } from './bills.test-support.ts';

let ctx: BillsTestContext;
beforeAll(async () => {
  ctx = await createBillsTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

// Demo data (features/demo) is tested here, beside the bills test harness it needs.
describe('demo data', () => {
  it('generates twelve monthly bill PDFs with a seasonal shape and one spike', () => {
    const bills = generateDemoBills(new Date('2025-06-15T00:00:00Z'));
    expect(bills.map((b) => b.periodStart)).toEqual([
      '2024-06-01', '2024-07-01', '2024-08-01', '2024-09-01', '2024-10-01', '2024-11-01',
      '2024-12-01', '2025-01-01', '2025-02-01', '2025-03-01', '2025-04-01', '2025-05-01',
    ]);
    const usage = bills.map((b) => b.usage);
    const median = [...usage].sort((a, b) => a - b)[6] ?? 0;
    expect(usage.filter((u) => u > 1.5 * median)).toHaveLength(1);
    for (const b of bills) expect(new TextDecoder().decode(b.bytes.subarray(0, 8))).toBe('%PDF-1.4');
  });

  it('creates the demo account and runs its bills through the real pipeline', { timeout: 120_000 }, async () => {
    const credentials = await prepareDemoAccount(ctx.database.db, ctx.dataDir, ctx.logger);
    expect(credentials?.email).toBe(DEMO_EMAIL);
    expect(JSON.parse(fs.readFileSync(path.join(ctx.dataDir, 'demo-credentials.json'), 'utf8'))).toMatchObject(credentials ?? {});
    // A second start reads the same credentials back.
    expect(await prepareDemoAccount(ctx.database.db, ctx.dataDir, ctx.logger)).toEqual(credentials);

    await seedDemoData({ auth: ctx.auth, bills: ctx.bills, dataDir: ctx.dataDir, logger: ctx.logger, pollMs: 200 });
    const cookie = await ctx.signIn(DEMO_EMAIL, credentials?.password);
    const { body } = await ctx.json<{ items: { status: string; analyzed: boolean; hasAnomalies: boolean; usageAmount: number; utilityProvider: string; accountId: string }[] }>(cookie, '/api/bills');
    expect(body.items).toHaveLength(12);
    expect(body.items.every((b) => b.status === 'processed' && b.analyzed && b.utilityProvider === 'Riverbend Electric Company')).toBe(true);
    expect(new Set(body.items.map((b) => b.accountId)).size).toBe(1);
    // The spike is the one flagged as unusual; the seasonal peaks are not.
    const spike = body.items.reduce((a, b) => (b.usageAmount > a.usageAmount ? b : a));
    expect(body.items.filter((b) => b.hasAnomalies)).toEqual([spike]);
    const recs = await ctx.json<{ recommendations: unknown[] }>(cookie, '/api/recommendations');
    expect(recs.body.recommendations.length).toBeGreaterThan(0);
    const costs = await ctx.json<{ documentsProcessed: number }>(cookie, '/api/processing/costs');
    expect(costs.body.documentsProcessed).toBe(12);

    // Issue 9: no figure of the analysed demo contradicts another or the bills themselves.
    const year = body.items.reduce((sum, b) => sum + ((b as { totalAmount?: number | null }).totalAmount ?? 0), 0);
    const yearly = new Set<number | null>();
    for (const bill of body.items as unknown as { id: string }[]) {
      const detail = await ctx.json<{ bill: { analysis: BillAnalysis; recommendations: { estimatedSavings: number; costReduced: number; savingsPeriod: string }[] } }>(cookie, `/api/bills/${bill.id}`);
      const { analysis, recommendations } = detail.body.bill;
      yearly.add(analysis.annualEstimate?.cost ?? null);
      if (analysis.baseLoad && analysis.variableLoad) expect(analysis.baseLoad.share + analysis.variableLoad.share).toBeLessThanOrEqual(1.001);
      for (const r of recommendations) {
        expect(r.estimatedSavings).toBeLessThanOrEqual(r.costReduced);
        if (r.savingsPeriod === 'annual') expect(r.estimatedSavings).toBeLessThan(year);
      }
    }
    expect(yearly.size).toBe(1);
    expect([...yearly][0]).toBeCloseTo(year, 0); // the twelve bills' own total, not scaled up or from one month

    // Seeding again (a restart) adds nothing.
    await seedDemoData({ auth: ctx.auth, bills: ctx.bills, dataDir: ctx.dataDir, logger: ctx.logger, pollMs: 200 });
    expect((await ctx.json<{ items: unknown[] }>(cookie, '/api/bills')).body.items).toHaveLength(12);

    // The sign-in dialog gets the credentials in demo mode only.
    const demoApp = createApp({ ...ctx, mailer: { kind: 'outbox' }, demoAccount: credentials }).app;
    expect(await (await demoApp.request('/api/public-config')).json()).toMatchObject({ demoAccount: credentials });
    expect(await (await ctx.app.request('/api/public-config')).json()).toMatchObject({ demoAccount: null });
  });

  it('stays off when the database already had users', async () => {
    const dir = fs.mkdtempSync(path.join(ctx.dataDir, 'other-'));
    expect(await prepareDemoAccount(ctx.database.db, dir, ctx.logger)).toBeNull();
  });
});
