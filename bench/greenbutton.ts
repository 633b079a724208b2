/**
 * Green Button import (issue 29): a year of 15-minute data for 5 meters (175,200 readings) in one
 * ESPI feed, read by @wattwise/greenbutton in a fresh process, so its peak memory (max RSS) is
 * the reader's and not this script's. Then the one-year chart query: the first meter's 35,040
 * readings stored as an import stores them, summed by day and by hour through the server's own
 * service (`getMeterSeries`) in the user's row-level-security scope, as GET /api/meters/{id}/readings does.
 *
 *   npm run -s bench:greenbutton                                   # chart on PGlite (in memory)
 *   npm run -s bench:greenbutton -- --postgres postgres://…/test   # chart on a fresh database there, dropped after
 *   add --json for a report line
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import type { Database } from '../apps/server/src/db/client.ts';
import { readGreenButtonFile, type MeterData } from '../packages/greenbutton/src/index.ts';

const argv = process.argv.slice(2);
const METERS = 5;
const START = Date.UTC(2024, 0, 1, 8) / 1000;
const pgUrl = argv.includes('--postgres') ? argv[argv.indexOf('--postgres') + 1] : undefined;

// The server's modules are loaded by the chart part only: the reading child process stays the reader alone.
const server = async () => ({
  ...(await import('../apps/server/src/db/client.ts')),
  ...(await import('../apps/server/src/db/schema/auth.ts')),
  ...(await import('../apps/server/src/db/schema/properties.ts')),
  ...(await import('../apps/server/src/db/user-scope.ts')),
  ...(await import('../apps/server/src/features/meter-data/meter-data.queries.ts')),
  ...(await import('../apps/server/src/features/meter-data/meter-data.service.ts')),
  pg: (await import('pg')).default,
});

async function openDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const { createDatabase, pg } = await server();
  if (!pgUrl) return { database: await createDatabase({ kind: 'pglite' }), drop: () => Promise.resolve() };
  const name = `wattwise_bench_gb_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ kind: 'postgres', url: url.toString(), max: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1));
}

/** Stores one meter's readings and times the day and hour series of its whole year. */
async function chartQuery(meterData: MeterData) {
  const { user, property, upsertMeter, insertReadings, refreshHours, withUserScope, getMeterSeries } = await server();
  const { database, drop } = await openDatabase();
  try {
    await database.migrate();
    const db = database.db;
    const userId = `bench-${randomBytes(4).toString('hex')}`;
    await db.insert(user).values({ id: userId, name: 'Bench', email: `${userId}@example.com`, emailVerified: true });
    const [home] = await db.insert(property).values({ userId, name: 'Home' }).returning();
    const meter = await upsertMeter(db, { userId, propertyId: home!.id, sourceId: meterData.id, commodity: meterData.commodity, unit: meterData.unit, intervalSeconds: meterData.intervalSeconds, timeZone: 'America/Los_Angeles' });
    const began = performance.now();
    const added = await insertReadings(
      db,
      meterData.readings.map((r) => ({ userId, meterId: meter.id, start: new Date(r.start * 1000), durationSeconds: r.duration, flow: r.flow, value: r.value, cost: r.cost ?? null, quality: r.quality ?? null })),
    );
    await refreshHours(db, userId, meter.id, new Date(meterData.readings[0]!.start * 1000), new Date((meterData.readings.at(-1)!.start + 3600) * 1000));
    const insertMs = Math.round(performance.now() - began);
    const timed = async (resolution: 'day' | 'hour', runs: number) => {
      const samples: number[] = [];
      let points = 0;
      for (let i = 0; i < runs + 3; i++) {
        const t = performance.now();
        const series = await withUserScope(db, userId, (scoped) => getMeterSeries(scoped, userId, meter.id, { resolution }));
        if (i >= 3) samples.push(performance.now() - t); // the first runs warm the cache
        points = series.points.length;
      }
      samples.sort((a, b) => a - b);
      return { points, p50_ms: percentile(samples, 50), p95_ms: percentile(samples, 95) };
    };
    return { database: pgUrl ? 'postgresql' : 'pglite', readings: added, insertMs, day: await timed('day', 20), hour: await timed('hour', 20) };
  } finally {
    await drop();
  }
}

if (argv[0] === '--child') {
  const file = argv[1]!;
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  const data = await readGreenButtonFile(file, { timeZone: 'America/Los_Angeles' });
  const ms = performance.now() - began;
  const cpu = process.cpuUsage(cpuBefore);
  const readings = data.meters.reduce((sum, meter) => sum + meter.readings.length, 0);
  process.stdout.write(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, readings, meters: data.meters.length, maxRssMB: process.resourceUsage().maxRSS / 1024 }));
} else {
  const dir = mkdtempSync(join(tmpdir(), 'gb-bench-'));
  try {
    const file = join(dir, 'five-meters-15min-year.xml');
    const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xmlns:espi="http://naesb.org/espi">\n'];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let m = 1; m <= METERS; m++) {
      const up = `RetailCustomer/1/UsagePoint/${m}`;
      parts.push(
        `<entry><link rel="self" href="${up}"/><link rel="related" href="${up}/MeterReading"/><title>Meter ${m}</title><content><espi:UsagePoint><espi:ServiceCategory><espi:kind>0</espi:kind></espi:ServiceCategory></espi:UsagePoint></content></entry>\n`,
        `<entry><link rel="self" href="${up}/MeterReading/1"/><link rel="up" href="${up}/MeterReading"/><link rel="related" href="ReadingType/${m}"/><content><espi:MeterReading/></content></entry>\n`,
        `<entry><link rel="self" href="ReadingType/${m}"/><content><espi:ReadingType><espi:flowDirection>1</espi:flowDirection><espi:intervalLength>900</espi:intervalLength><espi:powerOfTenMultiplier>0</espi:powerOfTenMultiplier><espi:uom>72</espi:uom></espi:ReadingType></content></entry>\n`,
      );
      for (let day = 0; day < 365; day++) {
        const dayStart = START + day * 86400;
        const readings: string[] = [];
        for (let q = 0; q < 96; q++) {
          readings.push(
            `<espi:IntervalReading><espi:cost>${Math.floor(random() * 9000)}</espi:cost><espi:timePeriod><espi:duration>900</espi:duration><espi:start>${dayStart + q * 900}</espi:start></espi:timePeriod><espi:value>${Math.floor(random() * 600)}</espi:value></espi:IntervalReading>`,
          );
        }
        parts.push(
          `<entry><link rel="self" href="${up}/MeterReading/1/IntervalBlock/${day}"/><link rel="up" href="${up}/MeterReading/1/IntervalBlock"/><content><espi:IntervalBlock><espi:interval><espi:duration>86400</espi:duration><espi:start>${dayStart}</espi:start></espi:interval>${readings.join('')}</espi:IntervalBlock></content></entry>\n`,
        );
      }
    }
    parts.push('</feed>\n');
    writeFileSync(file, parts.join(''));
    const bytes = statSync(file).size;
    const runs = [0, 1, 2].map(() => JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', 'bench/greenbutton.ts', '--child', file], { encoding: 'utf8' })) as { ms: number; cpuMs: number; readings: number; meters: number; maxRssMB: number });
    const best = runs.reduce((a, b) => (a.ms <= b.ms ? a : b));
    const chart = await chartQuery((await readGreenButtonFile(file, { timeZone: 'America/Los_Angeles' })).meters[0]!);
    const report = { chart, file: 'generated ESPI feed', megabytes: Number((bytes / 1e6).toFixed(1)), readings: best.readings, meters: best.meters, readMs: runs.map((r) => Math.round(r.ms)), cpuMs: runs.map((r) => Math.round(r.cpuMs)), peakRssMB: Math.round(Math.max(...runs.map((r) => r.maxRssMB))) };
    if (argv.includes('--json')) process.stdout.write(`${JSON.stringify(report)}\n`);
    else {
      process.stdout.write(`feed: ${report.megabytes} MB, ${report.readings} readings in ${report.meters} meters\n`);
      process.stdout.write(`chart (${chart.database}): ${chart.readings} readings of one meter stored (with their hourly sums) in ${chart.insertMs} ms; a year by day (${chart.day.points} points) p50 ${chart.day.p50_ms} ms, p95 ${chart.day.p95_ms} ms; by hour (${chart.hour.points} points) p50 ${chart.hour.p50_ms} ms, p95 ${chart.hour.p95_ms} ms\n`);
      process.stdout.write(`read: ${report.readMs.join(' / ')} ms wall, ${report.cpuMs.join(' / ')} ms CPU (3 runs, fresh process each); peak RSS ${report.peakRssMB} MB (whole process, Node + tsx included)\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
