import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { looksLikeUtilityCsv, readUtilityCsv } from './csv.ts';
import { readEspi } from './espi.ts';
import { GreenButtonError, type GreenButtonData, type MeterData } from './types.ts';

export * from './types.ts';
export { isTimeZone, wallClockMs, zonedToUtcMs } from './zone.ts';

export interface ReadOptions {
  /** IANA zone of the service address: the wall-clock times of utility CSVs are read in it. */
  timeZone: string;
}

export type GreenButtonKind = 'espi' | 'csv';

/** What the first bytes of a file say it is: an ESPI feed, a utility usage CSV, or neither. */
export function sniffGreenButton(head: Uint8Array | string): GreenButtonKind | undefined {
  const text = (typeof head === 'string' ? head : new TextDecoder().decode(head.subarray(0, 8192))).replace(/^\uFEFF/, '');
  if (/^\s*</.test(text)) {
    return /<(\w+:)?(feed|entry)[\s>]/.test(text) && /naesb\.org\/espi|<(\w+:)?(UsagePoint|IntervalBlock|ReadingType|MeterReading|LocalTimeParameters)[\s>]/.test(text) ? 'espi' : undefined;
  }
  return looksLikeUtilityCsv(text) ? 'csv' : undefined;
}

function* chunksOf(bytes: Uint8Array): Iterable<Uint8Array> {
  const size = 1 << 16;
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

/** Reads Green Button data (ESPI XML or utility CSV) held in memory. */
export async function readGreenButton(bytes: Uint8Array, options: ReadOptions): Promise<GreenButtonData> {
  const kind = sniffGreenButton(bytes);
  if (kind === 'espi') return readEspi(chunksOf(bytes));
  if (kind === 'csv') return readUtilityCsv(new TextDecoder().decode(bytes), options);
  throw new GreenButtonError('neither an ESPI Green Button feed nor a utility usage CSV');
}

/** Reads a Green Button file from disk; XML is streamed, never held whole. */
export async function readGreenButtonFile(path: string, options: ReadOptions): Promise<GreenButtonData> {
  const handle = await open(path, 'r');
  let head: Uint8Array;
  try {
    const buffer = new Uint8Array(8192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const kind = sniffGreenButton(head);
  if (kind === 'espi') return readEspi(createReadStream(path, { highWaterMark: 1 << 16 }) as AsyncIterable<Uint8Array>);
  if (kind === 'csv') {
    const { readFile } = await import('node:fs/promises');
    return readUtilityCsv(await readFile(path, 'utf8'), options);
  }
  throw new GreenButtonError('neither an ESPI Green Button feed nor a utility usage CSV');
}

export interface MeterTotals {
  commodity: MeterData['commodity'];
  unit: MeterData['unit'];
  intervalSeconds: number;
  readings: number;
  /** Start of the first reading, ISO UTC. */
  first: string;
  /** End of the last reading, ISO UTC. */
  last: string;
  /** Σ flowDirection 1, in the unit. */
  delivered: number;
  /** Σ flowDirection 19 (solar export), in the unit. */
  received: number;
}

/** Rounds a sum of readings to the precision its parts carry (no binary noise like 1391.6660000001). */
function tidy(value: number): number {
  return Number(value.toFixed(9));
}

export function meterTotals(meter: MeterData): MeterTotals {
  let delivered = 0;
  let received = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const reading of meter.readings) {
    if (reading.flow === 19) received += reading.value;
    else delivered += reading.value;
    first = Math.min(first, reading.start);
    last = Math.max(last, reading.start + reading.duration);
  }
  return {
    commodity: meter.commodity,
    unit: meter.unit,
    intervalSeconds: meter.intervalSeconds,
    readings: meter.readings.length,
    first: new Date(first * 1000).toISOString(),
    last: new Date(last * 1000).toISOString(),
    delivered: tidy(delivered),
    received: tidy(received),
  };
}

export { GreenButtonError };
