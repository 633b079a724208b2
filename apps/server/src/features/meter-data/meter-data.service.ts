import { GreenButtonError, meterTotals, readGreenButton, sniffGreenButton, zonedToUtcMs, type MeterData } from '@wattwise/greenbutton';
import type { MeterBaseLoad } from '@wattwise/shared/analysis/types';
import type { BillDetail } from '@wattwise/shared/contract/bills';
import type { LoadProfile, Meter, MeterCheck, MeterImport, MeterResolution, MeterSeries, TouScheduleInput, TouWhatIf } from '@wattwise/shared/contract/meter-data';
import { touScheduleSchema } from '@wattwise/shared/contract/meter-data';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { safeFileName, type Storage } from '../../platform/storage.ts';
import { listBillFigures } from '../bills/bills.service.ts';
import { resolveUploadProperty } from '../properties/properties.service.ts';
import { countReadings, findMeter, findMeters, findPropertyMeters, insertMeterFile, insertReadings, meterSpan, readingsWithin, refreshHours, sumReadings, upsertMeter, type MeterRow } from './meter-data.queries.ts';
import { zoneOfAddress } from './time-zone.ts';

export type MeterDataDeps = { db: Db; storage: Storage; logger: Logger };

export const METER_MESSAGES = {
  notGreenButton: 'This file is not Green Button data: upload the XML or CSV your utility\'s "Download My Data" gives.',
  unreadable: (reason: string) => `This Green Button file cannot be read: ${reason}.`,
  notFound: 'No such meter.',
  needsHourly: 'This meter\'s readings are longer than an hour: a load profile and a time-of-use comparison need hourly or 15-minute data.',
  noReadings: 'This meter has no readings yet.',
  notElectric: 'A time-of-use comparison prices electricity; this meter measures something else.',
} as const;

/** The most a Green Button upload may be: several years of 15-minute data for a few meters. */
export const MAX_METER_FILE_BYTES = 60 * 1024 * 1024;

function toMeterDto(row: MeterRow, stats: { readings: number; first: string | Date | null; last: string | Date | null }): Meter {
  const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
  return {
    id: row.id,
    propertyId: row.propertyId,
    title: row.title,
    commodity: row.commodity,
    unit: row.unit,
    intervalSeconds: row.intervalSeconds,
    accountNumber: row.accountNumber,
    timeZone: row.timeZone,
    readings: stats.readings,
    first: iso(stats.first),
    last: iso(stats.last),
  };
}

/** Whether an upload is Green Button data (the upload page routes by it). */
export function isGreenButtonUpload(bytes: Uint8Array): boolean {
  return sniffGreenButton(bytes) !== undefined;
}

function csvAddress(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder().decode(bytes.subarray(0, 4096));
  return /^\uFEFF?Address,\s*"?([^"\r\n]*)"?/im.exec(head)?.[1];
}

/**
 * Imports a Green Button file into a property: the file kept, its meters found or made, its
 * readings added (a reading already stored — same meter, start and direction — adds nothing).
 * Times are UTC; a utility CSV's wall-clock times are read in the zone of the service address
 * (the file's, else the property's), else the zone the browser gave.
 */
export async function importMeterData(
  deps: MeterDataDeps,
  userId: string,
  input: { bytes: Uint8Array; fileName: string; propertyId?: string | undefined; timeZone?: string | undefined },
  scoped: <T>(work: (db: Db) => Promise<T>) => Promise<T>,
): Promise<MeterImport> {
  const format = sniffGreenButton(input.bytes);
  if (!format) throw new AppError('UNSUPPORTED_FILE_TYPE', 415, METER_MESSAGES.notGreenButton);
  const property = await scoped((db) => resolveUploadProperty(db, userId, input.propertyId, 'residential'));
  const timeZone = zoneOfAddress(format === 'csv' ? csvAddress(input.bytes) : undefined) ?? zoneOfAddress(property.address) ?? input.timeZone ?? 'UTC';
  let data;
  try {
    data = await readGreenButton(input.bytes, { timeZone });
  } catch (error) {
    if (error instanceof GreenButtonError) throw new AppError('UNREADABLE_FILE', 422, METER_MESSAGES.unreadable(error.message));
    throw error;
  }
  const fileName = input.fileName.split(/[\\/]/).pop()?.slice(0, 200) || 'green-button';
  const key = `${userId}/${Date.now()}-${safeFileName(fileName)}`;
  await deps.storage.put(key, input.bytes);
  try {
    return await scoped(async (db) => {
      const meters: MeterImport['meters'] = [];
      for (const found of data.meters) meters.push(await importMeter(db, userId, property.id, timeZone, found));
      const file = await insertMeterFile(db, {
        userId,
        propertyId: property.id,
        fileName,
        filePath: key,
        fileSize: input.bytes.byteLength,
        format: data.format,
        readingsAdded: meters.reduce((sum, m) => sum + m.readingsAdded, 0),
      });
      return { fileId: file.id, fileName, format: data.format, meters };
    });
  } catch (error) {
    await deps.storage.delete(key).catch((e: unknown) => deps.logger.error({ err: e, key }, 'could not undo stored meter file'));
    throw error;
  }
}

async function importMeter(db: Db, userId: string, propertyId: string, timeZone: string, data: MeterData): Promise<MeterImport['meters'][number]> {
  const row = await upsertMeter(db, {
    userId,
    propertyId,
    sourceId: data.id,
    title: data.title ?? data.address ?? null,
    commodity: data.commodity,
    unit: data.unit,
    intervalSeconds: data.intervalSeconds,
    accountNumber: data.accountNumber ?? null,
    timeZone,
  });
  const added = await insertReadings(
    db,
    data.readings.map((r) => ({
      userId,
      meterId: row.id,
      start: new Date(Math.round(r.start * 1000)),
      durationSeconds: Math.round(r.duration),
      flow: r.flow,
      value: r.value,
      cost: r.cost ?? null,
      quality: r.quality ?? null,
    })),
  );
  if (added > 0) {
    // The hours the file covers get their sums again from every stored reading there (readings are sorted by start).
    const first = data.readings[0]!.start;
    const last = data.readings.at(-1)!.start;
    await refreshHours(db, userId, row.id, new Date(Math.floor(first / 3600) * 3600_000), new Date((Math.floor(last / 3600) + 1) * 3600_000));
  }
  const totals = meterTotals(data);
  const stored = await countReadings(db, userId, row.id);
  const [listed] = (await findMeters(db, userId, propertyId)).filter((m) => m.meter.id === row.id);
  return {
    ...toMeterDto(row, { readings: stored, first: listed?.first ?? null, last: listed?.last ?? null }),
    readingsInFile: totals.readings,
    readingsAdded: added,
    delivered: totals.delivered,
    received: totals.received,
  };
}

export async function listMeters(db: Db, userId: string, propertyId?: string): Promise<Meter[]> {
  return (await findMeters(db, userId, propertyId)).map((row) => toMeterDto(row.meter, row));
}

async function requireMeter(db: Db, userId: string, id: string): Promise<MeterRow> {
  const row = await findMeter(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 404, METER_MESSAGES.notFound);
  return row;
}

async function span(db: Db, userId: string, row: MeterRow): Promise<{ from: Date; to: Date }> {
  const found = await meterSpan(db, userId, row.id);
  if (!found) throw new AppError('NO_READINGS', 422, METER_MESSAGES.noReadings);
  return { from: found.first, to: found.last };
}

export async function getMeterSeries(db: Db, userId: string, id: string, query: { resolution: MeterResolution; from?: string | undefined; to?: string | undefined }): Promise<MeterSeries> {
  const row = await requireMeter(db, userId, id);
  const whole = await span(db, userId, row);
  const from = query.from ? new Date(query.from) : whole.from;
  const to = query.to ? new Date(query.to) : whole.to;
  const buckets = await sumReadings(db, userId, row.id, row.timeZone, query.resolution, from, to);
  return {
    meterId: row.id,
    unit: row.unit,
    timeZone: row.timeZone,
    resolution: query.resolution,
    points: buckets.map((b) => ({ start: b.start.toISOString(), label: b.label, delivered: round(b.delivered), received: round(b.received), readings: b.readings })),
  };
}

function round(value: number, digits = 6): number {
  return Number(value.toFixed(digits));
}

async function hourlyYear(db: Db, userId: string, id: string) {
  const row = await requireMeter(db, userId, id);
  if (row.intervalSeconds > 3600) throw new AppError('NEEDS_HOURLY', 422, METER_MESSAGES.needsHourly);
  const whole = await span(db, userId, row);
  // The latest year of readings.
  const from = new Date(Math.max(whole.from.getTime(), whole.to.getTime() - 365 * 86_400_000));
  const hours = await sumReadings(db, userId, row.id, row.timeZone, 'hour', from, whole.to);
  return { row, from, to: whole.to, hours };
}

const WEEKEND = new Set([0, 6]);

function hourOf(label: string): number {
  return Number(label.slice(11, 13));
}

function weekdayOf(label: string): number {
  return new Date(`${label.slice(0, 10)}T00:00:00Z`).getUTCDay();
}

function average(values: number[]): number | null {
  return values.length === 0 ? null : round(values.reduce((a, b) => a + b, 0) / values.length);
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return round(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** Base load, daily shape, weekday vs weekend and top hours, from the latest year of hourly figures. */
export async function getLoadProfile(db: Db, userId: string, id: string): Promise<LoadProfile> {
  const { row, hours } = await hourlyYear(db, userId, id);
  const net = (h: { delivered: number; received: number }) => h.delivered - h.received;
  const byHour: number[][] = Array.from({ length: 24 }, () => []);
  const weekday: number[][] = Array.from({ length: 24 }, () => []);
  const weekend: number[][] = Array.from({ length: 24 }, () => []);
  const nightMinimum = new Map<string, number>();
  const hoursPerDay = new Map<string, number>();
  for (const h of hours) {
    const hour = hourOf(h.label);
    const value = net(h);
    byHour[hour]!.push(value);
    (WEEKEND.has(weekdayOf(h.label)) ? weekend : weekday)[hour]!.push(value);
    const day = h.label.slice(0, 10);
    hoursPerDay.set(day, (hoursPerDay.get(day) ?? 0) + 1);
    // Night: 00:00–05:00 local, when little but the always-on load runs.
    if (hour < 5) nightMinimum.set(day, Math.min(nightMinimum.get(day) ?? Number.POSITIVE_INFINITY, h.delivered));
  }
  const top = [...hours].sort((a, b) => net(b) - net(a)).slice(0, 10);
  return {
    meterId: row.id,
    unit: row.unit,
    days: [...hoursPerDay.values()].filter((n) => n >= 23).length,
    baseLoad: median([...nightMinimum.values()]),
    dailyShape: byHour.map(average),
    weekdayShape: weekday.map(average),
    weekendShape: weekend.map(average),
    topHours: top.map((h) => ({ start: h.start.toISOString(), label: h.label, value: round(net(h)) })),
  };
}

/**
 * The base load an electricity meter of the property measured (night-time minimum × 24 h), for
 * the bill analysis and its recommendations; null without hourly electricity readings.
 */
export async function meterBaseLoadOfProperty(db: Db, userId: string, propertyId: string | null): Promise<MeterBaseLoad | null> {
  if (!propertyId) return null;
  const meter = (await listMeters(db, userId, propertyId)).find((m) => m.unit === 'kWh' && m.intervalSeconds <= 3600 && m.readings > 0);
  if (!meter) return null;
  const profile = await getLoadProfile(db, userId, meter.id);
  if (profile.baseLoad === null || profile.days === 0) return null;
  return { perDay: round(profile.baseLoad * 24, 3), unit: 'kWh', nights: profile.days };
}

/**
 * $/kWh of the property's electricity bills: their charges over their usage, from bills whose
 * usage and amount were both read sure or confirmed (an unsure one would price the what-if).
 */
async function rateFromBills(db: Db, userId: string, propertyId: string): Promise<number | null> {
  const priced = (await listBillFigures(db, userId, { propertyId })).flatMap((b) => {
    const charges = b.currentCharges ?? b.totalAmount;
    const sure = b.billType === 'electricity' && b.status === 'processed' && b.usageSure && b.amountSure && /^kwh$/i.test(b.usageUnit ?? '');
    return sure && charges !== null && b.usageAmount !== null && b.usageAmount > 0 ? [{ charges, usage: b.usageAmount }] : [];
  });
  if (priced.length === 0) return null;
  const charges = priced.reduce((sum, b) => sum + b.charges, 0);
  const usage = priced.reduce((sum, b) => sum + b.usage, 0);
  return round(charges / usage, 5);
}

/** The latest year of readings priced at the bills' rate and under a time-of-use schedule. */
export async function getTouWhatIf(db: Db, userId: string, id: string, input: TouScheduleInput): Promise<TouWhatIf> {
  const schedule = touScheduleSchema.parse(input);
  const { row, from, to, hours } = await hourlyYear(db, userId, id);
  if (row.unit !== 'kWh') throw new AppError('NOT_ELECTRIC', 422, METER_MESSAGES.notElectric);
  let usage = 0;
  let peakUsage = 0;
  let touCost = 0;
  for (const h of hours) {
    const value = h.delivered - h.received;
    const hour = hourOf(h.label);
    const peakDay = schedule.peakDays === 'every_day' || !WEEKEND.has(weekdayOf(h.label));
    const peak = peakDay && hour >= schedule.peakStartHour && hour < schedule.peakEndHour;
    usage += value;
    if (peak) peakUsage += value;
    touCost += value * (peak ? schedule.peakPrice : schedule.offPeakPrice);
  }
  const billRate = schedule.currentRate === undefined ? await rateFromBills(db, userId, row.propertyId) : null;
  const currentRate = schedule.currentRate ?? billRate;
  const currentCost = currentRate === null ? null : round(usage * currentRate, 2);
  return {
    meterId: row.id,
    from: from.toISOString(),
    to: to.toISOString(),
    usage: round(usage, 3),
    peakUsage: round(peakUsage, 3),
    currentRate,
    currentRateSource: schedule.currentRate !== undefined ? 'entered' : billRate === null ? null : 'bills',
    currentCost,
    touCost: round(touCost, 2),
    difference: currentCost === null ? null : round(touCost - currentCost, 2),
  };
}

const BILL_COMMODITY: Partial<Record<BillDetail['billType'], Meter['commodity']>> = { electricity: 'electricity', natural_gas: 'natural_gas', water: 'water' };
const UNIT_WORDS: Record<Meter['unit'], RegExp> = { kWh: /^kwh$/i, therms: /^therms?$/i, 'm³': /^(m3|m³|cubic met(er|re)s?)$/i, gallons: /^(gal|gallons?)$/i };
/** A bill field read with less confidence than this (and not corrected) never makes a finding. */
const SURE = 0.8;

function decimals(value: number): number {
  const text = String(value);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  return text.includes('.') ? text.split('.')[1]!.length : 0;
}

const formatAmount = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 3 });

function dayMs(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d);
}

/**
 * The bill check: what the property's meter recorded over the bill's service period (first day
 * 00:00 to the day after the last, in the meter's zone), beside the billed usage. Null when no
 * meter of the same commodity, unit and account covers the whole period. A finding only when the
 * two differ by more than the rounding of both, and only from bill fields read surely.
 */
export async function meterCheckForBill(db: Db, userId: string, bill: BillDetail): Promise<MeterCheck | null> {
  return (await meterCheckOfBill(db, userId, bill)).check;
}

/**
 * The check, and whether any meter could have measured the bill (same property, commodity, unit
 * and account). Without such a meter the check is null whatever readings arrive, so the answer
 * depends only on the bill and the user's meters, not on readings.
 */
export async function meterCheckOfBill(db: Db, userId: string, bill: BillDetail): Promise<{ check: MeterCheck | null; metered: boolean }> {
  const commodity = BILL_COMMODITY[bill.billType];
  const billed = bill.usageAmount;
  if (!commodity || !bill.propertyId || billed === null || !bill.servicePeriodStart || !bill.servicePeriodEnd || !bill.usageUnit) return { check: null, metered: false };
  const billUnit = bill.usageUnit.trim();
  const digits = (s: string) => s.replace(/\D/g, '');
  const candidates = (await findPropertyMeters(db, userId, bill.propertyId)).filter(
    (m) =>
      m.commodity === commodity &&
      UNIT_WORDS[m.unit].test(billUnit) &&
      // Both state an account: they must be the same one.
      (!m.accountNumber || !digits(bill.accountNumber) || digits(m.accountNumber) === digits(bill.accountNumber)),
  );
  return { check: await checkAgainstMeters(db, userId, bill, billed, candidates), metered: candidates.length > 0 };
}

async function checkAgainstMeters(db: Db, userId: string, bill: BillDetail, billed: number, candidates: MeterRow[]): Promise<MeterCheck | null> {
  if (!bill.servicePeriodStart || !bill.servicePeriodEnd) return null;
  for (const meter of candidates) {
    const from = new Date(zonedToUtcMs(meter.timeZone, dayMs(bill.servicePeriodStart)));
    const to = new Date(zonedToUtcMs(meter.timeZone, dayMs(bill.servicePeriodEnd) + 86_400_000));
    if (to <= from) continue;
    const within = await readingsWithin(db, userId, meter.id, from, to);
    if (within.deliveredReadings === 0 || within.coveredSeconds < (to.getTime() - from.getTime()) / 1000) continue;
    const metered = round(within.delivered - within.received, 6);
    const meterStep = 10 ** -Math.min(6, Math.max(0, ...within.values.split(' ').filter(Boolean).map((v) => decimals(Number(v)))));
    const tolerance = round(10 ** -decimals(billed) / 2 + (within.deliveredReadings * meterStep) / 2, 6);
    const fields = bill.fields;
    const sure = [fields.usageAmount, fields.servicePeriodStart, fields.servicePeriodEnd].every((f) => f.corrected || f.confidence >= SURE);
    const unit = meter.unit;
    const exported = within.received > 0 ? ` (net of ${formatAmount(round(within.received, 3))} ${unit} sent to the grid)` : '';
    const message = `Billed ${formatAmount(billed)} ${unit}; your meter recorded ${formatAmount(round(metered, 3))} ${unit}${exported}.`;
    const difference = billed - metered;
    const finding =
      sure && Math.abs(difference) > tolerance
        ? `The bill counts ${formatAmount(round(Math.abs(difference), 3))} ${unit} ${difference > 0 ? 'more' : 'less'} than your meter recorded from ${bill.servicePeriodStart} to ${bill.servicePeriodEnd}, beyond the ±${formatAmount(tolerance)} ${unit} rounding of the two: worth asking the utility.`
        : null;
    return { meterId: meter.id, unit, billed, metered, received: round(within.received, 6), readings: within.deliveredReadings, tolerance, message, finding };
  }
  return null;
}

/**
 * Hourly statistics for Home Assistant's "Import statistics" integration (klausj1/homeassistant-statistics):
 * `statistic_id,unit,start,state,sum` with start as `dd.MM.yyyy HH:mm` in the meter's zone, state
 * and sum the running total at the end of the hour (a counter, as HA's energy dashboard wants).
 */
export async function exportHomeAssistantCsv(db: Db, userId: string, id: string): Promise<{ fileName: string; csv: string }> {
  const row = await requireMeter(db, userId, id);
  const whole = await span(db, userId, row);
  const hours = await sumReadings(db, userId, row.id, row.timeZone, 'hour', whole.from, whole.to);
  const statisticId = `sensor:wattwise_${row.commodity}_${row.id.replace(/-/g, '').slice(0, 8)}`;
  const haUnit = row.unit === 'therms' ? 'therm' : row.unit === 'gallons' ? 'gal' : row.unit;
  const lines = ['statistic_id,unit,start,state,sum'];
  let total = 0;
  for (const h of hours) {
    // HA statistics start on the hour; readings shorter than an hour were summed into it.
    total += h.delivered - h.received;
    const [date, time] = h.label.split(' ');
    const [y, m, d] = date!.split('-');
    const value = round(total, 3);
    lines.push(`${statisticId},${haUnit},${d}.${m}.${y} ${time},${value},${value}`);
  }
  return { fileName: `wattwise-${row.commodity}-${row.id.slice(0, 8)}-home-assistant.csv`, csv: `${lines.join('\n')}\n` };
}
