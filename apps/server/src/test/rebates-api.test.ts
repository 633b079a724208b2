// Rebates through the HTTP API, with bills read by the real worker: composed here because it spans the bills and rebates features.
import fs from 'node:fs';
import path from 'node:path';
import type { EligibilityResult, ImportResult, RebateApplication, RebateList, RecommendationsResult } from '@wattwise/shared/contract/rebates';
import { isoDay } from '@wattwise/shared/rebates/filters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { TEST_ORIGIN } from './test-app.ts';
import { createAdmin } from '../features/auth/auth.service.ts';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';
import { catalogueToCsv } from '../features/rebates/catalogue.ts';

const GEORGIA_BILL = path.join(REPO_ROOT, 'e2e/fixtures/georgia-power-atlanta.pdf');

let ctx: BillsTestContext;
let alice: string;
let bob: string;
let admin: string;

beforeAll(async () => {
  ctx = await createBillsTestContext();
  alice = await ctx.signIn();
  bob = await ctx.signIn();
  const adminEmail = `rebates-admin-${Date.now()}@example.com`;
  admin = await ctx.signIn(adminEmail);
  await createAdmin(ctx.auth, adminEmail);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

function postCsv(cookie: string | null, csv: string) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, 'content-type': 'text/csv' };
  if (cookie) headers.cookie = cookie;
  return ctx.app.request('/api/admin/rebates/import', { method: 'POST', headers, body: csv });
}

async function exportCsv(): Promise<string> {
  const res = await ctx.app.request('/api/admin/rebates/export', { headers: { cookie: admin } });
  expect(res.status).toBe(200);
  return res.text();
}

describe('catalogue and offers', () => {
  it('anyone may list the open programmes; the federal credits that ended on 2025-12-31 are never offered', async () => {
    const { status, body } = await ctx.json<RebateList>(null, '/api/rebates');
    expect(status).toBe(200);
    expect(body.total).toBe(body.rebates.length);
    const ids = body.rebates.map((r) => r.id);
    expect(ids).toContain('ga-hear-heat-pump');
    expect(ids.some((id) => id.startsWith('federal-25'))).toBe(false);
    const today = isoDay(new Date());
    expect(body.rebates.every((r) => r.expirationDate === null || r.expirationDate >= today)).toBe(true);
    // Expired programmes stay in the catalogue as history.
    expect(await exportCsv()).toContain('federal-25d-solar');
  });

  it('an expired programme cannot be checked or explained (404)', async () => {
    const res = await ctx.json(alice, '/api/rebates/federal-25d-solar/eligibility', { method: 'POST', body: { scenario: 'We own our home' } });
    expect(res.status).toBe(404);
    expect((await ctx.json(alice, '/api/rebates/federal-25d-solar/explain', { method: 'POST' })).status).toBe(404);
  });

  it('a programme imported with yesterday as its end leaves the offers by date', async () => {
    const yesterday = isoDay(new Date(Date.now() - 86_400_000));
    const csv = catalogueToCsv([
      {
        id: 'test-ga-ended-yesterday',
        programName: 'Test programme that ended yesterday',
        description: 'Ended.',
        provider: 'Georgia Power',
        monetaryValue: 99_999,
        applicationUrl: null,
        startDate: null,
        expirationDate: yesterday,
        category: 'heat_pump',
        propertyTypes: ['residential'],
        regions: ['Georgia'],
        eligibilityCriteria: {},
        typicalProjectCost: null,
        sourceUrl: 'https://example.org/ended',
        origin: 'catalogue',
      },
    ]);
    const res = await postCsv(admin, csv);
    expect(res.status).toBe(200);
    expect((await res.json()) as ImportResult).toMatchObject({ inserted: 1, updated: 0 });
    const offers = await ctx.json<RebateList>(null, '/api/rebates');
    expect(offers.body.rebates.map((r) => r.id)).not.toContain('test-ga-ended-yesterday');
    const picks = await ctx.json<RecommendationsResult>(alice, '/api/rebates/recommendations?state=GA');
    expect(picks.body.recommendations.map((r) => r.rebate.id)).not.toContain('test-ga-ended-yesterday');
  });
});

describe('catalogue import', () => {
  it('a malformed CSV is rejected with each line and reason, and changes nothing', async () => {
    const before = await exportCsv();
    const lines = before.trimEnd().split('\r\n');
    const header = lines[0] ?? '';
    const good = lines.find((l) => l.startsWith('ga-hear-heat-pump,')) ?? '';
    const changed = good.replace(',8000,', ',1,');
    const csv = [header, changed, 'bad id!,Name,Desc,Prov,abc,,,,heat_pump,residential,Georgia,{},,https://example.org', 'short,line'].join('\n');
    const res = await postCsv(admin, csv);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { message: string; details: { line: number; reason: string }[] } };
    expect(body.error.message).toBe('The catalogue was not imported: fix the lines listed and try again.');
    expect(body.error.details.map((d) => d.line)).toEqual([3, 4]);
    expect(body.error.details[0]?.reason).toMatch(/id must be/);
    expect(body.error.details[0]?.reason).toMatch(/monetary_value: 'abc' is not a number/);
    expect(body.error.details[1]?.reason).toMatch(/expected 14 fields, found 2/);
    // The valid line 2 was not applied either.
    expect(await exportCsv()).toBe(before);
  });

  it('a missing column names the header line; an unclosed quote names its line', async () => {
    const res = await postCsv(admin, 'id,program_name\nx,y\n');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { details: unknown } }).error.details).toEqual([{ line: 1, reason: expect.stringContaining('missing column(s): description') as string }]);
    const header = (await exportCsv()).split('\r\n')[0] ?? '';
    const quoted = await postCsv(admin, `${header}\nok,"never closed\n`);
    expect(((await quoted.json()) as { error: { details: unknown } }).error.details).toEqual([{ line: 2, reason: 'a quoted field is never closed' }]);
  });

  it('an export imports back unchanged; a changed amount is updated in place', async () => {
    const before = await exportCsv();
    const res = await postCsv(admin, before.replace(/^(ga-hear-heat-pump,[^\n]*?),8000,/m, '$1,8100,'));
    expect(res.status).toBe(200);
    const result = (await res.json()) as ImportResult;
    expect(result.inserted).toBe(0);
    expect(result.updated).toBe(result.total);
    const offers = await ctx.json<RebateList>(null, '/api/rebates');
    expect(offers.body.rebates.find((r) => r.id === 'ga-hear-heat-pump')?.monetaryValue).toBe(8100);
  });

  it('a catalogue larger than the usual 256 KB body limit imports for an admin; over 8 MB is refused', async () => {
    const many = Array.from({ length: 400 }, (_, i) => ({
      id: `test-ak-programme-${i}`,
      programName: `Test Alaska programme ${i}`,
      description: 'A long description of a test programme. '.repeat(15),
      provider: 'Test Alaska Utility',
      monetaryValue: 100 + i,
      applicationUrl: null,
      startDate: null,
      expirationDate: null,
      category: 'lighting' as const,
      propertyTypes: ['residential'],
      regions: ['Alaska'],
      eligibilityCriteria: { states: ['AK' as const] },
      typicalProjectCost: null,
      sourceUrl: 'https://example.org/ak',
      origin: 'catalogue' as const,
    }));
    const csv = catalogueToCsv(many);
    expect(csv.length).toBeGreaterThan(256 * 1024);
    expect((await postCsv(null, csv)).status).toBe(401);
    const res = await postCsv(admin, csv);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ImportResult).inserted).toBe(400);
    expect((await postCsv(admin, 'x'.repeat(8 * 1024 * 1024 + 1))).status).toBe(413);
  });

  it('only admins import or export; visitors are refused', async () => {
    expect((await postCsv(null, 'x')).status).toBe(401);
    expect((await postCsv(bob, 'x')).status).toBe(403);
    expect((await ctx.app.request('/api/admin/rebates/export', { headers: { cookie: bob } })).status).toBe(403);
    expect((await ctx.app.request('/api/admin/rebates/export')).status).toBe(401);
  });
});

describe('recommendations from the user’s own bills', () => {
  it('a visitor is refused personal picks and AI answers', async () => {
    expect((await ctx.json(null, '/api/rebates/recommendations')).status).toBe(401);
    expect((await ctx.json(null, '/api/rebates/ga-hear-heat-pump/eligibility', { method: 'POST', body: { scenario: 'x' } })).status).toBe(401);
    expect((await ctx.json(null, '/api/rebates/insights', { method: 'POST', body: { description: 'x' } })).status).toBe(401);
  });

  it('without bills, the location falls back to Atlanta, GA and savings come from no usage', async () => {
    const { status, body } = await ctx.json<RecommendationsResult>(bob, '/api/rebates/recommendations');
    expect(status).toBe(200);
    expect(body.location).toMatchObject({ city: 'Atlanta', state: 'GA', source: 'default' });
    expect(body.usage.monthlyKwh).toBeNull();
    expect(body.recommendations.length).toBe(6);
  });

  it('a Georgia electricity bill places the user in Georgia and prices the picks from its usage', async () => {
    const upload = await ctx.upload(alice, new Uint8Array(fs.readFileSync(GEORGIA_BILL)), 'georgia-power-atlanta.pdf');
    expect(upload.status).toBe(202);
    const { bill } = (await upload.json()) as { bill: { id: string } };
    expect((await ctx.waitForBill(alice, bill.id, 60_000)).status).toBe('processed');

    const { status, body } = await ctx.json<RecommendationsResult>(alice, '/api/rebates/recommendations');
    expect(status).toBe(200);
    expect(body.location).toMatchObject({ state: 'GA', zip: '30381', source: 'bill' });
    expect(body.usage.utilities).toEqual(['Georgia Power Company']);
    expect(body.usage.monthlyKwh).toBeGreaterThan(1800);
    expect(body.recommendations).toHaveLength(6);
    expect(body.recommendations.every((r) => r.rebate.regions.includes('Georgia') || r.rebate.regions.includes('Nationwide'))).toBe(true);
    const top = body.recommendations[0];
    expect(top?.rebate.id).toBe('ga-hear-heat-pump');
    expect(top?.annualBillSavings).toBeCloseTo((body.usage.annualElectricityCost ?? 0) * 0.2, 1);
    expect(top?.reasons[1]).toContain('kWh a month');

    // Stated interests lift matching programmes.
    const rankOf = (r: RecommendationsResult) => r.recommendations.findIndex((p) => p.rebate.category === 'appliances');
    const keen = await ctx.json<RecommendationsResult>(alice, '/api/rebates/recommendations?interests=appliances,solar');
    expect(keen.status).toBe(200);
    expect(rankOf(keen.body)).toBeGreaterThanOrEqual(0);
    expect(rankOf(body) === -1 || rankOf(keen.body) < rankOf(body)).toBe(true);
    expect((await ctx.json(alice, '/api/rebates/recommendations?interests=yachts')).status).toBe(422);

    // Another user's picks do not use Alice's bill.
    const other = await ctx.json<RecommendationsResult>(bob, '/api/rebates/recommendations');
    expect(other.body.usage.billCount).toBe(0);
  }, 90_000);

  it('Check Eligibility reads the scenario and the answers: an owner at 90% AMI is eligible, above 150% is not', async () => {
    const yes = await ctx.json<EligibilityResult>(alice, '/api/rebates/ga-hear-heat-pump/eligibility', {
      method: 'POST',
      body: { scenario: 'We own our home and heat with a gas furnace', household: { incomeBand: '80_to_150' } },
    });
    expect(yes.status).toBe(200);
    expect(yes.body).toMatchObject({ isEligible: true, status: 'eligible' });
    expect(yes.body.engine).toMatch(/offline/);
    const no = await ctx.json<EligibilityResult>(alice, '/api/rebates/ga-hear-heat-pump/eligibility', {
      method: 'POST',
      body: { scenario: 'Our income is above 150% of the area median' },
    });
    expect(no.body).toMatchObject({ isEligible: false, status: 'not_eligible' });
    const blank = await ctx.json(alice, '/api/rebates/ga-hear-heat-pump/eligibility', { method: 'POST', body: { scenario: '   ' } });
    expect(blank.status).toBe(422);
  });
});

describe('applications tracker', () => {
  const base = '/api/applications';

  it('a visitor can neither list nor add applications', async () => {
    expect((await ctx.json(null, base)).status).toBe(401);
    expect((await ctx.json(null, base, { method: 'POST', body: { rebateId: 'x', programName: 'y' } })).status).toBe(401);
  });

  it('requires the programme name and rebate id, with the spec message', async () => {
    const res = await ctx.json<{ error: { message: string } }>(alice, base, { method: 'POST', body: { rebateId: 'ga-hear-heat-pump', programName: '  ' } });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('Please fill in required fields');
    const badLink = await ctx.json(alice, base, { method: 'POST', body: { rebateId: 'a', programName: 'b', externalLink: 'javascript:alert(1)' } });
    expect(badLink.status).toBe(422);
  });

  it('another user gets 404 reading, changing or deleting the first user’s application', async () => {
    const created = await ctx.json<{ application: RebateApplication }>(alice, base, {
      method: 'POST',
      body: { rebateId: 'ga-hear-heat-pump', programName: 'Georgia HEAR heat pump', externalLink: 'https://energyrebates.georgia.gov/' },
    });
    expect(created.status).toBe(201);
    const app = created.body.application;
    expect(app.currentStatus).toBe('Submitted');

    expect((await ctx.json<{ applications: RebateApplication[] }>(bob, base)).body.applications).toEqual([]);
    expect((await ctx.json(bob, `${base}/${app.id}`, { method: 'PATCH', body: { currentStatus: 'Paid' } })).status).toBe(404);
    expect((await ctx.json(bob, `${base}/${app.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await ctx.json(null, `${base}/${app.id}`, { method: 'PATCH', body: { currentStatus: 'Paid' } })).status).toBe(401);

    const mine = await ctx.json<{ applications: RebateApplication[] }>(alice, base);
    expect(mine.body.applications).toEqual([app]);

    const updated = await ctx.json<{ application: RebateApplication }>(alice, `${base}/${app.id}`, { method: 'PATCH', body: { currentStatus: 'Under Review', notes: 'Called on Monday' } });
    expect(updated.status).toBe(200);
    expect(updated.body.application).toMatchObject({ currentStatus: 'Under Review', notes: 'Called on Monday', programName: 'Georgia HEAR heat pump' });
    expect((await ctx.json(alice, `${base}/${app.id}`, { method: 'PATCH', body: { currentStatus: 'Lost' } })).status).toBe(422);

    expect((await ctx.json(alice, `${base}/${app.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await ctx.json(alice, `${base}/${app.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await ctx.json(alice, `${base}/not-a-uuid`, { method: 'DELETE' })).status).toBe(422);
  });
});
