/**
 * Bill search over 100,000 generated bills (issue 17): how long one search takes through the
 * server's own query (`searchBillsOfUser` inside the user's row-level-security scope), on the
 * embedded database and on PostgreSQL.
 *
 *   npm run -s bench:search                                   # PGlite (in memory)
 *   npm run -s bench:search -- --postgres postgres://…/test   # a fresh database on that server, dropped after
 *   add --bills N to change the size, --json for a report line
 *
 * Bills: 450 users with 200 bills each and one user with 10,000 (an account manager's load),
 * each with bill-like text (provider, account, address, period, charges, notices) drawn from a
 * seeded generator, so every run sees the same data. Terms: a provider word, an account number,
 * an amount, a date, a street, a rare notice, a two-word phrase and a word on every bill.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDatabase, type Database } from '../apps/server/src/db/client.ts';
import { user } from '../apps/server/src/db/schema/auth.ts';
import { utilityBill } from '../apps/server/src/db/schema/bills.ts';
import { withUserScope } from '../apps/server/src/db/user-scope.ts';
import { searchBillsOfUser } from '../apps/server/src/features/bills/bill-search.queries.ts';
import { SEARCH_RESULT_LIMIT } from '../packages/shared/src/contract/search.ts';

const argv = process.argv.slice(2);
const argOf = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const TOTAL = Number(argOf('--bills') ?? 100_000);
const HEAVY = Math.min(10_000, Math.floor(TOTAL / 10));
const PER_USER = 200;
const pgUrl = argOf('--postgres');

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(17);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

const PROVIDERS = ['Georgia Power', 'Duke Energy Carolinas', 'Pacific Gas and Electric', 'Consolidated Edison', 'Xcel Energy', 'Bluestem REMC', 'Lakeside Electric Cooperative', 'Dominion Energy', 'Florida Power & Light', 'Commonwealth Edison', 'Piedmont Natural Gas', 'Austin Water', 'Puget Sound Energy', 'Entergy Louisiana', 'Ameren Missouri', 'Evergy Kansas'];
const STREETS = ['Maple', 'Oak', 'Cedar', 'Willow', 'Juniper', 'Magnolia', 'Sycamore', 'Hawthorn', 'Birch', 'Aspen', 'Chestnut', 'Poplar', 'Laurel', 'Hickory', 'Alder', 'Redwood'];
const NOTICES = [
  'Budget billing spreads your payments evenly across the year.',
  'Your payment is overdue. Please pay the past due amount to avoid disconnection.',
  'Storm recovery charge approved by the public service commission.',
  'Tree trimming crews will work in your neighborhood next month.',
  'Heat pump rebates of up to $1,500 are available this season.',
  'Paperless billing saves trees. Enroll online.',
  'Fuel cost adjustment decreased this period.',
  'Meter reading was estimated because the meter was not accessible.',
];

const day = (d: Date) => d.toISOString().slice(0, 10);

function billOf(userId: string, index: number, provider: string, account: string, street: string) {
  const end = new Date(Date.UTC(2026, 10, 1) - index * 30 * 86_400_000);
  const start = new Date(end.getTime() - 29 * 86_400_000);
  const due = new Date(end.getTime() + 21 * 86_400_000);
  const usage = Math.round(300 + rand() * 1400);
  const rate = 0.09 + rand() * 0.12;
  const energy = Math.round(usage * rate * 100) / 100;
  const base = 9.5 + Math.round(rand() * 1000) / 100;
  const taxes = Math.round((energy + base) * 0.06 * 100) / 100;
  const total = Math.round((energy + base + taxes) * 100) / 100;
  const notices = [pick(NOTICES), ...(rand() < 0.3 ? [pick(NOTICES)] : [])];
  const text = [
    provider,
    `Account Number ${account}`,
    `Service Address ${100 + Math.floor(rand() * 9000)} ${street} Street`,
    `Statement Date ${day(end)}  Billing Period ${day(start)} to ${day(end)} (30 days)`,
    `Electric Service ${usage} kWh x $${rate.toFixed(4)} $${energy.toFixed(2)}`,
    `Customer Charge $${base.toFixed(2)}  Taxes and Fees $${taxes.toFixed(2)}`,
    `Total Amount Due $${total.toFixed(2)}  Due Date ${day(due)}`,
    ...notices,
  ].join('\n');
  return {
    userId,
    fileName: `bill-${index}.pdf`,
    filePath: `${userId}/${index}-bill.pdf`,
    mimeType: 'application/pdf',
    fileSize: 50_000,
    propertyType: 'residential' as const,
    billType: 'electricity',
    status: 'processed' as const,
    progress: 100,
    utilityProvider: provider,
    accountNumber: account,
    totalAmount: total,
    dueDate: day(due),
    servicePeriodStart: day(start),
    servicePeriodEnd: day(end),
    usageAmount: usage,
    usageUnit: 'kWh',
    extractedText: text,
  };
}

type Owner = { id: string; bills: number; provider: string; account: string; street: string; sample: { total: number; end: string } };

async function seed(database: Database): Promise<Owner[]> {
  const owners: Owner[] = [];
  const counts = [HEAVY, ...Array.from({ length: Math.floor((TOTAL - HEAVY) / PER_USER) }, () => PER_USER)];
  const db = database.db;
  let inserted = 0;
  const started = performance.now();
  for (const [i, bills] of counts.entries()) {
    const id = `bench-search-${i}`;
    await db.insert(user).values({ id, name: `Bench ${i}`, email: `${id}@example.com`, emailVerified: true });
    const provider = pick(PROVIDERS);
    const account = `${1000 + Math.floor(rand() * 9000)}-${100 + Math.floor(rand() * 900)}-${1000 + Math.floor(rand() * 9000)}`;
    const street = pick(STREETS);
    let sample = { total: 0, end: '' };
    for (let from = 0; from < bills; from += 500) {
      const rows = Array.from({ length: Math.min(500, bills - from) }, (_, k) => billOf(id, from + k, provider, account, street));
      sample = { total: rows[0]?.totalAmount ?? 0, end: rows[0]?.servicePeriodEnd ?? '' };
      await db.insert(utilityBill).values(rows);
      inserted += rows.length;
    }
    owners.push({ id, bills, provider, account, street, sample });
    if (i % 50 === 0) process.stderr.write(`\r  seeded ${inserted} bills (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  process.stderr.write(`\r  seeded ${inserted} bills in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  await database.execute('analyze utility_bills');
  return owners;
}

function termsFor(owner: Owner): string[] {
  return [
    owner.provider.split(' ')[0] ?? owner.provider,
    owner.account,
    owner.sample.total.toFixed(2),
    owner.sample.end,
    owner.street,
    'overdue',
    '"storm recovery"',
    'electric service',
  ];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function measure(database: Database, owners: Owner[], runs: number) {
  const samples: number[] = [];
  let hits = 0;
  for (let i = 0; i < runs; i += 1) {
    const owner = pick(owners);
    const term = pick(termsFor(owner));
    const start = performance.now();
    const rows = await withUserScope(database.db, owner.id, (db) => searchBillsOfUser(db, owner.id, term, SEARCH_RESULT_LIMIT));
    samples.push(performance.now() - start);
    hits += rows.length;
  }
  samples.sort((a, b) => a - b);
  return { runs, p50_ms: percentile(samples, 50), p95_ms: percentile(samples, 95), max_ms: samples.at(-1) ?? 0, mean_results: hits / runs };
}

async function main() {
  let drop: (() => Promise<void>) | null = null;
  let database: Database;
  if (pgUrl) {
    const name = `wattwise_bench_search_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    database = await createDatabase({ kind: 'postgres', url: url.toString(), max: 2 });
    drop = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await createDatabase({ kind: 'pglite' });
  }
  try {
    await database.migrate();
    const owners = await seed(database);
    const heavy = owners[0] as Owner;
    // Warm-up: the first queries load the index pages.
    await measure(database, owners.slice(1), 20);
    const report = {
      database: pgUrl ? 'postgresql' : 'pglite',
      bills: owners.reduce((n, o) => n + o.bills, 0),
      users: owners.length,
      typical_user: await measure(database, owners.slice(1), 400),
      heavy_user: { bills: heavy.bills, ...(await measure(database, [heavy], 100)) },
    };
    if (argv.includes('--json')) console.log(JSON.stringify(report));
    else {
      console.log(`${report.database}: ${report.bills} bills, ${report.users} users`);
      for (const [label, r] of [['typical user (200 bills)', report.typical_user], [`heavy user (${heavy.bills} bills)`, report.heavy_user]] as const) {
        console.log(`  ${label.padEnd(26)} p50 ${r.p50_ms.toFixed(1)} ms  p95 ${r.p95_ms.toFixed(1)} ms  max ${r.max_ms.toFixed(1)} ms  (${r.runs} searches, ${r.mean_results.toFixed(1)} results each)`);
      }
    }
  } finally {
    await database.close();
    await drop?.();
  }
}

await main();
