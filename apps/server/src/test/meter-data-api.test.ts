import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from './test-app.ts';
import { createFixtureReader, type FixtureFields } from '../features/bills/bill-figures.test-support.ts';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';
import { createAnalyseBillJob } from '../use-cases/analyse-bill.ts';

// Also on PostgreSQL: interval data written and read in raw SQL.

// Issue 29: a Green Button file and bills of the same account and period, through the API.

const FIXTURES = path.resolve(import.meta.dirname, '../../../../packages/greenbutton/test-fixtures');
const PGE_HOURLY = fs.readFileSync(path.join(FIXTURES, 'pge-electric-hourly-2024.csv'));

/** The CSV's rows, read independently of the reader: local date, local hour, kWh, dollars. */
const rows = PGE_HOURLY.toString('utf8')
  .split(/\r?\n/)
  .filter((line) => line.startsWith('Electric usage,'))
  .map((line) => {
    const [, date, start, , usage] = line.split(',');
    return { date: date!, hour: Number(start!.slice(0, 2)), kWh: Number(usage) };
  });
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const february = sum(rows.filter((r) => r.date.startsWith('2024-02')).map((r) => r.kWh));

type Meter = { id: string; timeZone: string; readings: number; readingsAdded: number; readingsInFile: number; delivered: number; unit: string };
type Import = { fileId: string; format: string; meters: Meter[] };
type MeterCheck = { billed: number; metered: number; message: string; finding: string | null; tolerance: number };

const reader = createFixtureReader();
let ctx: BillsTestContext;
let owner: string;
let other: string;
let meterId: string;

function uploadMeterData(cookie: string | null, bytes: Uint8Array, fileName: string) {
  const form = new FormData();
  form.set('file', new File([Buffer.from(bytes)], fileName));
  form.set('timeZone', 'Europe/Paris'); // the browser's zone: the file's own address wins
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  return ctx.app.request('/api/meter-data', { method: 'POST', headers, body: form });
}

async function billWith(fields: FixtureFields) {
  const res = await ctx.upload(owner, reader.file(fields), 'bill.pdf');
  expect(res.status).toBe(202);
  const { bill } = (await res.json()) as { bill: { id: string } };
  expect((await ctx.waitForBill(owner, bill.id)).status).toBe('processed');
  const detail = await ctx.json<{ bill: { id: string; meterCheck: MeterCheck | null } }>(owner, `/api/bills/${bill.id}`);
  expect(detail.status).toBe(200);
  return detail.body.bill;
}

const februaryBill = (fields: FixtureFields = {}): FixtureFields => ({
  utilityProvider: 'Pacific Gas and Electric',
  accountNumber: '0123456789',
  servicePeriodStart: '2024-02-01',
  servicePeriodEnd: '2024-02-29',
  usageAmount: Math.round(february),
  usageUnit: 'kWh',
  totalAmount: 120,
  currentCharges: 120,
  ...fields,
});

beforeAll(async () => {
  ctx = await createBillsTestContext({}, { extract: reader.extract });
  owner = await ctx.signIn();
  other = await ctx.signIn();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('Green Button import', () => {
  it('imports the PG&E hourly CSV in the zone of its service address and keeps the file', async () => {
    const res = await uploadMeterData(owner, PGE_HOURLY, 'pge_electric_usage_interval_data.csv');
    expect(res.status).toBe(201);
    const body = (await res.json()) as Import;
    expect(body.format).toBe('csv');
    expect(body.meters).toHaveLength(1);
    const meter = body.meters[0]!;
    expect(meter).toMatchObject({ unit: 'kWh', timeZone: 'America/Los_Angeles', readingsInFile: 8783, readingsAdded: 8783, readings: 8783 });
    expect(meter.delivered).toBeCloseTo(1668.51, 6);
    meterId = meter.id;
    const kept = fs.readdirSync(path.join(ctx.dataDir, 'meter-data'), { recursive: true }).map(String);
    expect(kept.some((name) => name.endsWith('pge_electric_usage_interval_data.csv'))).toBe(true);
  });

  it('adds no rows on a second import of the same file', async () => {
    const res = await uploadMeterData(owner, PGE_HOURLY, 'again.csv');
    expect(res.status).toBe(201);
    const meter = ((await res.json()) as Import).meters[0]!;
    expect(meter).toMatchObject({ id: meterId, readingsAdded: 0, readings: 8783 });
    const list = await ctx.json<{ meters: Meter[] }>(owner, '/api/meters');
    expect(list.body.meters).toHaveLength(1);
    expect(list.body.meters[0]!.readings).toBe(8783);
  });

  it('refuses the malformed feed with its reason, and a file that is not Green Button data', async () => {
    const malformed = await uploadMeterData(owner, fs.readFileSync(path.join(FIXTURES, 'malformed-gas-no-readingtype.xml')), 'gas.xml');
    expect(malformed.status).toBe(422);
    expect(((await malformed.json()) as { error: { message: string } }).error.message).toMatch(/states no unit \(uom\)/);
    const pdf = await uploadMeterData(owner, reader.file({}), 'bill.pdf');
    expect(pdf.status).toBe(415);
  });
});

describe('charts, load profile, time-of-use what-if', () => {
  it('sums readings by local day and by hour', async () => {
    const days = await ctx.json<{ points: { label: string; delivered: number; received: number }[] }>(owner, `/api/meters/${meterId}/readings?resolution=day`);
    expect(days.status).toBe(200);
    expect(days.body.points).toHaveLength(366);
    expect(days.body.points[0]!.label).toBe('2024-02-01');
    expect(sum(days.body.points.map((p) => p.delivered))).toBeCloseTo(1668.51, 6);
    const firstDay = sum(rows.filter((r) => r.date === '2024-02-01').map((r) => r.kWh));
    expect(days.body.points[0]!.delivered).toBeCloseTo(firstDay, 6);
    const hours = await ctx.json<{ points: { label: string }[] }>(owner, `/api/meters/${meterId}/readings?resolution=hour&from=2024-03-10T08:00:00Z&to=2024-03-11T07:00:00Z`);
    // The spring-forward day has 23 hours.
    expect(hours.body.points).toHaveLength(23);
  });

  it('gives the load profile: base load from the night minimum, shapes and the top 10 hours', async () => {
    const res = await ctx.json<{ baseLoad: number; dailyShape: (number | null)[]; weekdayShape: unknown[]; weekendShape: unknown[]; topHours: { value: number }[] }>(owner, `/api/meters/${meterId}/load-profile`);
    expect(res.status).toBe(200);
    const latest = rows.filter((r) => r.date >= '2024-02-02');
    const nightMinimum = new Map<string, number>();
    for (const r of latest.filter((x) => x.hour < 5)) nightMinimum.set(r.date, Math.min(nightMinimum.get(r.date) ?? Infinity, r.kWh));
    const minima = [...nightMinimum.values()].sort((a, b) => a - b);
    expect(res.body.baseLoad).toBeCloseTo(minima[Math.floor(minima.length / 2)]!, 6);
    expect(res.body.dailyShape).toHaveLength(24);
    expect(res.body.topHours).toHaveLength(10);
    expect(res.body.topHours[0]!.value).toBeCloseTo(Math.max(...latest.map((r) => r.kWh)), 6);
  });

  it("prices the latest year at the bills' rate and under a TOU schedule", async () => {
    await billWith(februaryBill({ currentCharges: 100, usageAmount: 400 }));
    const res = await ctx.json<{ currentRate: number; currentRateSource: string; currentCost: number; touCost: number; difference: number; peakUsage: number }>(owner, `/api/meters/${meterId}/tou-what-if`, {
      method: 'POST',
      body: { peakStartHour: 16, peakEndHour: 21, peakDays: 'weekdays', peakPrice: 0.5, offPeakPrice: 0.3 },
    });
    expect(res.status).toBe(200);
    const latest = rows.filter((r) => r.date >= '2024-02-02');
    const weekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
    const peak = sum(latest.filter((r) => r.hour >= 16 && r.hour < 21 && !weekend(r.date)).map((r) => r.kWh));
    const all = sum(latest.map((r) => r.kWh));
    expect(res.body.peakUsage).toBeCloseTo(peak, 2);
    expect(res.body.touCost).toBeCloseTo(peak * 0.5 + (all - peak) * 0.3, 1);
    expect(res.body.currentRateSource).toBe('bills');
    expect(res.body.currentRate).toBeGreaterThan(0);
    expect(res.body.difference).toBeCloseTo(res.body.touCost - res.body.currentCost, 2);
  });

  it('exports hourly statistics for Home Assistant', async () => {
    const res = await ctx.app.request(`/api/meters/${meterId}/home-assistant.csv`, { headers: { cookie: owner } });
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('statistic_id,unit,start,state,sum');
    expect(lines[1]).toMatch(/^sensor:wattwise_electricity_[0-9a-f]{8},kWh,01\.02\.2024 00:00,[\d.]+,[\d.]+$/);
    expect(Number(lines.at(-1)!.split(',').at(-1))).toBeCloseTo(1668.51, 2);
  });
});

describe('bill check', () => {
  it("shows the meter's usage over the bill's period beside the billed usage, with no finding within the rounding", async () => {
    const bill = await billWith(februaryBill());
    expect(bill.meterCheck).not.toBeNull();
    expect(bill.meterCheck!.metered).toBeCloseTo(february, 6);
    expect(bill.meterCheck!.message).toBe(`Billed ${Math.round(february).toLocaleString('en-US')} kWh; your meter recorded ${Number(february.toFixed(3)).toLocaleString('en-US', { maximumFractionDigits: 3 })} kWh.`);
    expect(bill.meterCheck!.finding).toBeNull();
  });

  it('makes a finding when they differ beyond the rounding, never from an unsure bill field', async () => {
    const off = await billWith(februaryBill({ usageAmount: Math.round(february) + 40 }));
    expect(off.meterCheck!.finding).toMatch(/counts 4\d(\.\d+)? kWh more than your meter recorded/);
    const unsure = await billWith(februaryBill({ usageAmount: Math.round(february) + 40, confidences: { usageAmount: 0.5 } }));
    expect(unsure.meterCheck!.message).toMatch(/^Billed/);
    expect(unsure.meterCheck!.finding).toBeNull();
  });

  it("analyses the bill with the meter's base load, not one estimated from bills", async () => {
    const bill = await billWith(februaryBill());
    const profile = await ctx.json<{ baseLoad: number; days: number }>(owner, `/api/meters/${meterId}/load-profile`);
    const analysed = await ctx.json<{ analysis: { baseLoad: { perDay: number; method: string } | null } }>(owner, `/api/bills/${bill.id}/analyze`, { method: 'POST' });
    expect(analysed.status).toBe(200);
    expect(analysed.body.analysis.baseLoad?.method).toBe(`night-time minimum of your meter's hourly readings over ${profile.body.days} nights`);
    expect(analysed.body.analysis.baseLoad?.perDay).toBeCloseTo(profile.body.baseLoad * 24, 3);
  });

  it("analyses a bill by itself (the automatic analysis) with the meter's base load too", async () => {
    const bill = await billWith(februaryBill());
    const [row] = (await ctx.database.execute('select user_id from utility_bills where id = $1', [bill.id])).rows as { user_id: string }[];
    await createAnalyseBillJob({ db: ctx.database.db, logger: ctx.logger }).handler({ billId: bill.id, userId: row!.user_id }, { id: 'analyse-in-test', attempt: 1 });
    const profile = await ctx.json<{ baseLoad: number; days: number }>(owner, `/api/meters/${meterId}/load-profile`);
    const detail = await ctx.json<{ bill: { analyzed: boolean; analysis: { baseLoad: { perDay: number; method: string } | null } | null } }>(owner, `/api/bills/${bill.id}`);
    expect(detail.body.bill.analyzed).toBe(true);
    expect(detail.body.bill.analysis?.baseLoad?.method).toBe(`night-time minimum of your meter's hourly readings over ${profile.body.days} nights`);
    expect(detail.body.bill.analysis?.baseLoad?.perDay).toBeCloseTo(profile.body.baseLoad * 24, 3);
  });

  it('checks nothing for another account or a period the meter does not cover', async () => {
    expect((await billWith(februaryBill({ accountNumber: '9999999999' }))).meterCheck).toBeNull();
    expect((await billWith(februaryBill({ servicePeriodStart: '2023-12-01', servicePeriodEnd: '2023-12-31' }))).meterCheck).toBeNull();
  });
});

describe('nobody else sees it', () => {
  it('another user sees no meters and none of its readings, profile, what-if or export', async () => {
    expect((await ctx.json<{ meters: unknown[] }>(other, '/api/meters')).body.meters).toEqual([]);
    for (const url of [`/api/meters/${meterId}/readings`, `/api/meters/${meterId}/load-profile`, `/api/meters/${meterId}/home-assistant.csv`]) {
      expect((await ctx.json(other, url)).status, url).toBe(404);
    }
    const tou = await ctx.json(other, `/api/meters/${meterId}/tou-what-if`, { method: 'POST', body: { peakStartHour: 16, peakEndHour: 21, peakPrice: 0.5, offPeakPrice: 0.3 } });
    expect(tou.status).toBe(404);
    // Importing the same file makes the other user's own meter; the owner's stays as it was.
    const res = await uploadMeterData(other, PGE_HOURLY, 'mine.csv');
    expect(res.status).toBe(201);
    const theirs = ((await res.json()) as Import).meters[0]!;
    expect(theirs.id).not.toBe(meterId);
    expect(theirs.readingsAdded).toBe(8783);
    expect((await ctx.json<{ meters: Meter[] }>(owner, '/api/meters')).body.meters.map((m) => m.id)).toEqual([meterId]);
  });

  it('an anonymous visitor can neither upload nor read', async () => {
    expect((await uploadMeterData(null, PGE_HOURLY, 'x.csv')).status).toBe(401);
    for (const url of ['/api/meters', `/api/meters/${meterId}/readings`, `/api/meters/${meterId}/load-profile`, `/api/meters/${meterId}/home-assistant.csv`]) {
      expect((await ctx.json(null, url)).status, url).toBe(401);
    }
  });
});
