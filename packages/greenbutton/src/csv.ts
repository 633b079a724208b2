import { GreenButtonError, type Commodity, type GreenButtonData, type IntervalReading, type MeterUnit } from './types.ts';
import { zonedToUtcMs } from './zone.ts';

/**
 * Utility CSV exports of "Download My Data" (PG&E / Opower style): an optional BOM, a preamble of
 * `Key,value` lines (Name, Address, Account Number, Service), then
 * `TYPE,DATE,START TIME,END TIME,USAGE (unit),COST,NOTES` rows in local wall-clock time with an
 * inclusive end minute (`00:00`–`00:59`), `$` costs and days of 23 or 25 hours at DST changes.
 */

const UNIT_HEADERS: { pattern: RegExp; unit: MeterUnit; commodity: Commodity }[] = [
  { pattern: /^kwh$/i, unit: 'kWh', commodity: 'electricity' },
  { pattern: /^therms?$/i, unit: 'therms', commodity: 'natural_gas' },
  { pattern: /^(m3|m³|cubic meters?)$/i, unit: 'm³', commodity: 'natural_gas' },
  { pattern: /^(gal|gallons?)$/i, unit: 'gallons', commodity: 'water' },
];

/** Splits one CSV line, honouring double quotes. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields.map((value) => value.trim());
}

function parseMoney(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const negative = /^\(.*\)$|^-/.test(text);
  const value = Number(text.replace(/[$,()\s-]/g, ''));
  if (!Number.isFinite(value)) return undefined;
  return negative ? -value : value;
}

function wallMs(date: string, time: string, where: string): number {
  const d = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(date) ?? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(date);
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!d || !t) throw new GreenButtonError(`${where}: date "${date}" or time "${time}" is not understood`);
  const [year, month, day] = d[0].includes('/') ? [Number(d[3]), Number(d[1]), Number(d[2])] : [Number(d[1]), Number(d[2]), Number(d[3])];
  return Date.UTC(year, month - 1, day, Number(t[1]), Number(t[2]), Number(t[3] ?? 0));
}

const DAY_MS = 86_400_000;

export interface CsvOptions {
  /** IANA zone of the service address; the file's times are wall-clock times there. */
  timeZone: string;
}

export function looksLikeUtilityCsv(head: string): boolean {
  return /^TYPE,DATE,START TIME,END TIME,USAGE/im.test(head);
}

export function readUtilityCsv(text: string, options: CsvOptions): GreenButtonData {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const preamble = new Map<string, string>();
  let headerIndex = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/^\uFEFF/, '');
    if (/^TYPE,DATE,/i.test(line)) {
      headerIndex = i;
      break;
    }
    const [key, ...rest] = splitCsvLine(line);
    if (key) preamble.set(key.toLowerCase(), rest.join(',').trim());
  }
  if (headerIndex === -1) throw new GreenButtonError('no "TYPE,DATE,START TIME,END TIME,USAGE" header: not a utility usage CSV');
  const original = splitCsvLine(lines[headerIndex]!);
  const header = original.map((name) => name.toUpperCase());
  const column = (name: string) => header.findIndex((field) => field.startsWith(name));
  const usageColumn = column('USAGE');
  const unitText = /\(([^)]+)\)/.exec(original[usageColumn] ?? '')?.[1]?.trim() ?? '';
  const unitInfo = UNIT_HEADERS.find((entry) => entry.pattern.test(unitText));
  if (!unitInfo) throw new GreenButtonError(`the usage column's unit "${unitText}" is not one this reader knows`);
  const [dateColumn, startColumn, endColumn, costColumn, notesColumn] = ['DATE', 'START TIME', 'END TIME', 'COST', 'NOTES'].map(column);
  if (dateColumn === -1 || startColumn === -1 || endColumn === -1) throw new GreenButtonError('the header lacks DATE, START TIME or END TIME');

  const readings: IntervalReading[] = [];
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const fields = splitCsvLine(line);
    const where = `line ${i + 1}`;
    const date = fields[dateColumn!] ?? '';
    const startWall = wallMs(date, fields[startColumn!] ?? '', where);
    let endWall = wallMs(date, fields[endColumn!] ?? '', where) + 60_000; // inclusive end minute
    if (endWall <= startWall) endWall += DAY_MS; // a row that runs past midnight
    const usageText = (fields[usageColumn] ?? '').replace(/,/g, '');
    const value = usageText === '' ? Number.NaN : Number(usageText);
    if (!Number.isFinite(value)) throw new GreenButtonError(`${where}: usage "${fields[usageColumn] ?? ''}" is not a number`);
    const start = zonedToUtcMs(options.timeZone, startWall);
    // Rows shorter than a day keep their wall-clock length (an hour stays an hour across a DST
    // change); a day row spans the day's real length, 23 or 25 hours on a change.
    const wallLength = endWall - startWall;
    const duration = wallLength < DAY_MS ? wallLength : zonedToUtcMs(options.timeZone, endWall) - start;
    const reading: IntervalReading = { start: start / 1000, duration: duration / 1000, value, flow: 1 };
    const cost = costColumn === -1 ? undefined : parseMoney(fields[costColumn!]);
    if (cost !== undefined) reading.cost = cost;
    if (notesColumn !== -1 && /estimat/i.test(fields[notesColumn!] ?? '')) reading.quality = 8;
    readings.push(reading);
  }
  if (readings.length === 0) throw new GreenButtonError('the file has a header but no readings');
  readings.sort((a, b) => a.start - b.start);
  const durations = new Map<number, number>();
  for (const reading of readings) durations.set(reading.duration, (durations.get(reading.duration) ?? 0) + 1);
  const intervalSeconds = [...durations].sort((a, b) => b[1] - a[1])[0]![0];
  const account = preamble.get('account number');
  const address = preamble.get('address');
  return {
    format: 'csv',
    meters: [
      {
        id: preamble.get('service') || `${unitInfo.commodity} meter`,
        commodity: unitInfo.commodity,
        unit: unitInfo.unit,
        intervalSeconds,
        readings,
        summaries: [],
        ...(account ? { accountNumber: account } : {}),
        ...(address ? { address } : {}),
      },
    ],
  };
}
