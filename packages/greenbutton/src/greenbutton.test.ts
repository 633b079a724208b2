import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GreenButtonError, meterTotals, readGreenButton, readGreenButtonFile, sniffGreenButton, wallClockMs, type MeterData } from './index.ts';

const fixtures = join(import.meta.dirname, '..', 'test-fixtures');
// The PG&E exports are of a San Francisco address: their wall-clock times are Pacific.
const options = { timeZone: 'America/Los_Angeles' };

interface FlowTruth {
  count: number;
  total: number;
  max_interval: number;
  raw_value_sum: number;
  cost_total_currency: number | null;
}

interface Described {
  file: string;
  usage_points: number;
  per_usage_point?: Record<string, { readings: number; total_kWh: string }>;
  usage_summary_truths?: { count: number; 'first_billLastPeriod_currency_if_1e-5': number | null };
  truths: Record<string, unknown> & { readings: number };
}

const described = readdirSync(fixtures)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(join(fixtures, name), 'utf8')) as Described);

const UNIT_OF_TRUTH: Record<string, MeterData['unit']> = { kWh: 'kWh', therm: 'therms', US_gal: 'gallons' };

function iso(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

function localLabel(seconds: number): string {
  return new Date(wallClockMs(options.timeZone, seconds * 1000)).toISOString().slice(0, 16).replace('T', ' ');
}

describe('Green Button fixtures: every truth', () => {
  it('covers all thirteen files', () => {
    expect(described).toHaveLength(13);
  });

  for (const file of described.filter((entry) => entry.file.endsWith('.xml') && !entry.file.startsWith('malformed'))) {
    it(`${file.file}: counts, span, totals per flow direction, costs, summaries`, async () => {
      const data = await readGreenButtonFile(join(fixtures, file.file), options);
      const truths = file.truths;
      const readings = data.meters.flatMap((meter) => meter.readings);
      expect(data.meters).toHaveLength(file.usage_points);
      expect(readings).toHaveLength(truths.readings);
      expect(iso(Math.min(...readings.map((r) => r.start)))).toBe(truths.first_start);
      expect(iso(Math.max(...readings.map((r) => r.start)))).toBe(truths.last_start);
      expect(iso(Math.max(...readings.map((r) => r.start + r.duration)))).toBe(truths.last_end);
      expect([...new Set(readings.map((r) => r.duration))].sort((a, b) => a - b)).toEqual(truths.durations_s);

      const flowKeys = Object.keys(truths).filter((key) => key.startsWith('flow_'));
      expect(flowKeys.length).toBeGreaterThan(0);
      for (const key of flowKeys) {
        const [, flowText, unitText] = /^flow_(\w+?)_(.+)$/.exec(key)!;
        const truth = truths[key] as FlowTruth;
        // A ReadingType without flowDirection reads as delivered (1).
        const flow = flowText === '19' ? 19 : 1;
        const ofFlow = readings.filter((r) => r.flow === flow);
        for (const meter of data.meters) expect(meter.unit).toBe(UNIT_OF_TRUTH[unitText!]);
        expect(ofFlow).toHaveLength(truth.count);
        expect(ofFlow.reduce((sum, r) => sum + r.value, 0)).toBeCloseTo(truth.total, 6);
        expect(Math.max(...ofFlow.map((r) => r.value))).toBeCloseTo(truth.max_interval, 6);
        if (truth.cost_total_currency === null) expect(ofFlow.every((r) => r.cost === undefined)).toBe(true);
        else expect(ofFlow.reduce((sum, r) => sum + (r.cost ?? 0), 0)).toBeCloseTo(truth.cost_total_currency, 5);
      }
      if (typeof truths.net_kWh_forward_minus_reverse === 'number') {
        const totals = data.meters.map(meterTotals);
        const net = totals.reduce((sum, t) => sum + t.delivered - t.received, 0);
        expect(net).toBeCloseTo(truths.net_kWh_forward_minus_reverse, 6);
      }
      for (const [key, truth] of Object.entries(file.per_usage_point ?? {})) {
        const [href, flowPart] = key.split('|');
        const meter = data.meters.find((m) => m.id === href!.replace(/^\/+/, ''));
        expect(meter, key).toBeDefined();
        const ofFlow = meter!.readings.filter((r) => `flow=${r.flow}` === flowPart);
        expect(ofFlow).toHaveLength(truth.readings);
        expect(ofFlow.reduce((sum, r) => sum + r.value, 0)).toBeCloseTo(Number(truth.total_kWh), 6);
      }
      if (file.usage_summary_truths) {
        const summaries = data.meters.flatMap((meter) => meter.summaries);
        expect(summaries).toHaveLength(file.usage_summary_truths.count);
        const firstBill = file.usage_summary_truths['first_billLastPeriod_currency_if_1e-5'];
        if (firstBill === null) expect(summaries[0]!.billLastPeriod).toBeUndefined();
        else expect(summaries[0]!.billLastPeriod).toBeCloseTo(firstBill, 5);
        // Kept as the utility's statement, never added to the intervals.
        expect(meterTotals(data.meters[0]!).readings).toBe(data.meters[0]!.readings.length);
      }
    });
  }

  for (const file of described.filter((entry) => entry.file.endsWith('.csv'))) {
    it(`${file.file}: utility CSV rows, totals, costs, local days and DST`, async () => {
      const truths = file.truths as Record<string, unknown> & {
        readings: number;
        unit: string;
        total: number;
        max_interval: number;
        min_interval: number;
        cost_total_usd: number;
        first_start_local: string;
        last_start_local: string;
        days: number;
        rows_per_day_counts: Record<string, number>;
        rows_with_notes: number;
      };
      const data = await readGreenButtonFile(join(fixtures, file.file), options);
      expect(data.meters).toHaveLength(1);
      const meter = data.meters[0]!;
      expect(meter.unit).toBe(truths.unit === 'therms' ? 'therms' : 'kWh');
      expect(meter.accountNumber).toBe('0123456789');
      expect(meter.readings).toHaveLength(truths.readings);
      const values = meter.readings.map((r) => r.value);
      expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(truths.total, 6);
      expect(Math.max(...values)).toBeCloseTo(truths.max_interval, 6);
      expect(Math.min(...values)).toBeCloseTo(truths.min_interval, 6);
      expect(meter.readings.reduce((sum, r) => sum + (r.cost ?? 0), 0)).toBeCloseTo(truths.cost_total_usd, 6);
      expect(localLabel(meter.readings[0]!.start)).toBe(truths.first_start_local);
      expect(localLabel(meter.readings.at(-1)!.start)).toBe(truths.last_start_local);
      const perDay = new Map<string, number>();
      for (const r of meter.readings) perDay.set(localLabel(r.start).slice(0, 10), (perDay.get(localLabel(r.start).slice(0, 10)) ?? 0) + 1);
      expect(perDay.size).toBe(truths.days);
      const counts: Record<string, number> = {};
      for (const n of perDay.values()) counts[n] = (counts[n] ?? 0) + 1;
      expect(counts).toEqual(truths.rows_per_day_counts);
      expect(meter.readings.filter((r) => r.quality === 8)).toHaveLength(truths.rows_with_notes);
      // Stored in UTC: no two readings share a start, even across the DST changes.
      expect(new Set(meter.readings.map((r) => r.start)).size).toBe(meter.readings.length);
    });
  }

  it('refuses the malformed feed (empty ReadingType) with its reason', async () => {
    await expect(readGreenButtonFile(join(fixtures, 'malformed-gas-no-readingtype.xml'), options)).rejects.toThrow(
      /ReadingType .* states no unit \(uom\)/,
    );
  });
});

const espiFeed = (readingType: string, blocks: string) => `<?xml version="1.0"?>
<!-- a comment --><?xml-stylesheet type="text/xsl" href="x.xsl"?>
<a:feed xmlns:a="http://www.w3.org/2005/Atom" xmlns:g="http://naesb.org/espi">
 <a:entry><a:link rel="self" href="https://example.test/espi/1_1/resource/RetailCustomer/1/UsagePoint/7/MeterReading/1/IntervalBlock/1"/>
  <a:content>${blocks}</a:content></a:entry>
 <a:entry><a:link rel="self" href="/espi/1_1/resource/ReadingType/9"/><a:content>${readingType}</a:content></a:entry>
 <a:entry><a:link rel="self" href="RetailCustomer/1/UsagePoint/7/MeterReading/1"/><a:link rel="related" href="ReadingType/9"/>
  <a:content><g:MeterReading/></a:content></a:entry>
 <a:entry><a:link rel="self" href="RetailCustomer/1/UsagePoint/7"/><a:title>Main meter</a:title>
  <a:content><g:UsagePoint><g:ServiceCategory><g:kind> 0 </g:kind></g:ServiceCategory></g:UsagePoint></a:content></a:entry>
</a:feed>`;

const block = (start: number, ...values: number[]) =>
  `<g:IntervalBlock><g:interval><g:start>${start}</g:start><g:duration>${values.length * 3600}</g:duration></g:interval>${values
    .map((value, i) => `<g:IntervalReading><g:timePeriod><g:duration>3600</g:duration><!-- x --><g:start>${start + i * 3600}</g:start></g:timePeriod><g:value> ${value} </g:value></g:IntervalReading>`)
    .reverse()
    .join('')}</g:IntervalBlock>`;

const encode = (text: string) => new TextEncoder().encode(text);

describe('ESPI hazards', () => {
  it('reads any prefix, entries out of order, absolute and bare hrefs, several blocks in one content, descending readings', async () => {
    const data = await readGreenButton(
      encode(espiFeed('<g:ReadingType><g:uom>72</g:uom><g:powerOfTenMultiplier>3</g:powerOfTenMultiplier></g:ReadingType>', block(7200, 1, 2) + block(0, 3, 4))),
      options,
    );
    expect(data.meters).toHaveLength(1);
    const meter = data.meters[0]!;
    expect(meter).toMatchObject({ id: 'RetailCustomer/1/UsagePoint/7', title: 'Main meter', commodity: 'electricity', unit: 'kWh', intervalSeconds: 3600 });
    expect(meter.readings.map((r) => [r.start, r.value])).toEqual([
      [0, 3],
      [3600, 4],
      [7200, 1],
      [10800, 2],
    ]);
  });

  it('refuses readings of a unit it does not know, and a feed without ReadingType', async () => {
    await expect(readGreenButton(encode(espiFeed('<g:ReadingType><g:uom>38</g:uom></g:ReadingType>', block(0, 1))), options)).rejects.toThrow(/unit code 38/);
    const withoutType = espiFeed('', block(0, 1)).replace(/<a:entry><a:link rel="self" href="\/espi\/1_1\/resource\/ReadingType\/9"\/><a:content><\/a:content><\/a:entry>/, '');
    await expect(readGreenButton(encode(withoutType), options)).rejects.toThrow(/has no ReadingType/);
  });

  it('refuses what is not Green Button data', async () => {
    await expect(readGreenButton(encode('%PDF-1.7'), options)).rejects.toBeInstanceOf(GreenButtonError);
    await expect(readGreenButton(encode('<html><body>hi</body></html>'), options)).rejects.toBeInstanceOf(GreenButtonError);
    expect(sniffGreenButton('<feed xmlns="http://www.w3.org/2005/Atom" xmlns:espi="http://naesb.org/espi">')).toBe('espi');
    expect(sniffGreenButton('\uFEFF\nName,x\n\nTYPE,DATE,START TIME,END TIME,USAGE (kWh),COST,NOTES\n')).toBe('csv');
  });
});

describe('utility CSV', () => {
  const csv = (rows: string[], unit = 'therms') => encode(`\uFEFFName,X\nAccount Number,42\n\nTYPE,DATE,START TIME,END TIME,USAGE (${unit}),COST,NOTES\n${rows.join('\n')}\n`);

  it('gives a day row its real length on DST days (23 and 25 hours)', async () => {
    const data = await readGreenButton(
      csv(['Natural gas usage,2024-03-10,00:00,23:59,1.00,$2.00', 'Natural gas usage,2024-11-03,00:00,23:59,1.00,$2.00', 'Natural gas usage,2024-11-04,00:00,23:59,"1,000.5","$1,002.00"']),
      options,
    );
    const meter = data.meters[0]!;
    expect(meter.readings.map((r) => r.duration)).toEqual([23 * 3600, 25 * 3600, 24 * 3600]);
    expect(meter.readings[2]).toMatchObject({ value: 1000.5, cost: 1002 });
    expect(meter.accountNumber).toBe('42');
  });

  it('refuses a usage column of an unknown unit', async () => {
    await expect(readGreenButton(csv(['Electric usage,2024-01-01,00:00,00:59,1,$1'], 'kVArh'), options)).rejects.toThrow(/"kVArh"/);
  });
});
