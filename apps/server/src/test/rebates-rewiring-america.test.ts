// The Rewiring America adapter against a local HTTP server that answers with the documented
// `GET /api/v1/incentives` shape; composed here because it signs users in through the bills helpers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecommendationsResult } from '@wattwise/shared/contract/rebates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';
import { toRebate } from '../features/rebates/rewiring-america.ts';

const KEY = 'ra-test-key-0123456789';
const incentive = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  items: ['heat_pump_air_conditioner_heater'],
  short_description: { en: 'Rebate on a qualifying heat pump.' },
  payment_methods: ['rebate'],
  amount: { type: 'dollar_amount', number: 20_000 },
  owner_status: ['homeowner'],
  program: 'Test Georgia Utility Heat Pump Program',
  start_date: '2024-01-01',
  end_date: '2030-12-31',
  ...extra,
});

let server: http.Server;
let answer: { status: number; body: unknown } = { status: 200, body: {} };
const seen: { state: string | null; auth: string | undefined }[] = [];
let ctx: BillsTestContext;
let cookie: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push({ state: url.searchParams.get('state'), auth: req.headers.authorization });
    res.writeHead(url.pathname === '/api/v1/incentives' ? answer.status : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  ctx = await createBillsTestContext({ REWIRING_AMERICA_API_KEY: KEY, REWIRING_AMERICA_API_URL: `http://127.0.0.1:${port}` }, { startWorker: false });
  cookie = await ctx.signIn();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('Rewiring America incentives', () => {
  it('are asked for the user’s state with the key and ranked beside our catalogue; expired ones are not offered', async () => {
    answer = {
      status: 200,
      body: {
        incentives: [
          incentive('GA-1'),
          incentive('GA-old', { end_date: '2024-12-31', program: 'Ended programme' }),
          { id: 'broken' },
          incentive('GA-percent', { amount: { type: 'percent', number: 0.3 } }),
        ],
        metadata: { total_incentives: 4, total_states: 1 },
      },
    };
    const { status, body } = await ctx.json<RecommendationsResult>(cookie, '/api/rebates/recommendations?state=GA');
    expect(status).toBe(200);
    expect(seen.at(-1)).toEqual({ state: 'GA', auth: `Bearer ${KEY}` });
    const ids = body.recommendations.map((r) => r.rebate.id);
    expect(ids).toContain('ra-ga-1');
    expect(ids).not.toContain('ra-ga-old');
    expect(body.recommendations.find((r) => r.rebate.id === 'ra-ga-1')?.rebate).toMatchObject({ origin: 'rewiring_america', monetaryValue: 20_000, regions: ['Georgia'] });
    expect(ids.some((id) => id.startsWith('ga-hear-'))).toBe(true);
  });

  it('a failing API leaves the picks to our catalogue', async () => {
    answer = { status: 500, body: { error: 'down' } };
    const { status, body } = await ctx.json<RecommendationsResult>(cookie, '/api/rebates/recommendations?state=GA');
    expect(status).toBe(200);
    expect(body.recommendations).toHaveLength(6);
    expect(body.recommendations.every((r) => r.rebate.origin === 'catalogue')).toBe(true);
  });

  it('maps amounts, tenure and dates, and drops what it cannot place', () => {
    expect(toRebate(incentive('x', { owner_status: ['renter'] }), 'GA')?.eligibilityCriteria).toEqual({ states: ['GA'], tenure: ['renter'] });
    expect(toRebate(incentive('x', { owner_status: ['homeowner', 'renter'] }), 'GA')?.eligibilityCriteria).toEqual({ states: ['GA'] });
    expect(toRebate(incentive('x', { amount: { type: 'percent', number: 0.5, maximum: 840 } }), 'GA')?.monetaryValue).toBe(840);
    expect(toRebate(incentive('x', { items: ['new_electric_vehicle'] }), 'GA')).toBeNull();
    expect(toRebate(incentive('x', { end_date: '2030' }), 'GA')?.expirationDate).toBeNull();
  });
});
