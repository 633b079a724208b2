import { SaxesParser } from 'saxes';
import { GreenButtonError, type Commodity, type FlowDirection, type GreenButtonData, type IntervalReading, type MeterData, type MeterUnit, type UsageSummary } from './types.ts';

/**
 * A streaming reader of ESPI Atom feeds (Green Button "Download My Data" XML). Resources come one
 * per Atom entry, linked by hrefs rather than nested, in any order and with any namespace prefix;
 * readings are kept raw until the whole feed is read, then scaled by their ReadingType.
 */

interface Link {
  rel: string;
  href: string;
}

interface RawReadings {
  starts: number[];
  durations: number[];
  values: number[];
  costs: number[];
  qualities: number[];
}

interface Entry {
  links: Link[];
  title: string;
  resource?: string;
  fields: Map<string, string>;
  readings?: RawReadings;
  summaries?: Map<string, string>[];
}

/** uom codes (IEC 61968-9 / ESPI) of energy and volume this reader understands, and how to reach the reported unit. */
const UNITS: Record<string, { unit: MeterUnit; factor: number; commodity: Commodity | undefined }> = {
  '72': { unit: 'kWh', factor: 1e-3, commodity: 'electricity' }, // Wh
  '169': { unit: 'therms', factor: 1, commodity: 'natural_gas' },
  '42': { unit: 'm³', factor: 1, commodity: undefined },
  '128': { unit: 'gallons', factor: 1, commodity: 'water' },
};

const SERVICE_KINDS: Record<string, Commodity> = { '0': 'electricity', '1': 'natural_gas', '2': 'water' };
/** ReadingType commodity codes: 1 electricity (secondary metered), 2 electricity (primary), 7 natural gas, 4 potable water. */
const READING_COMMODITIES: Record<string, Commodity> = { '1': 'electricity', '2': 'electricity', '7': 'natural_gas', '4': 'water' };

const SUMMARY_RESOURCES = new Set(['UsageSummary', 'ElectricPowerUsageSummary']);
const RESOURCES = new Set(['UsagePoint', 'MeterReading', 'ReadingType', 'IntervalBlock', 'LocalTimeParameters', ...SUMMARY_RESOURCES]);
/** ESPI money: hundred-thousandths of the currency. */
const MONEY_SCALE = 100_000;

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** Hrefs may be absolute, root-relative or bare: compare them without scheme, host and slashes. */
export function normalizeHref(href: string): string {
  return href.trim().replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/^\/+|\/+$/g, '');
}

function parseNumber(text: string, what: string): number {
  const trimmed = /\s/.test(text) ? text.replace(/\s+/g, '') : text;
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(value)) throw new GreenButtonError(`${what} "${text.trim()}" is not a number`);
  return value;
}

/** value × 10^power without the binary rounding of multiplying by 0.001. */
function scale(value: number, power: number): number {
  return power >= 0 ? value * 10 ** power : value / 10 ** -power;
}

/** Reads an ESPI feed (or a single entry) from chunks of text. */
export async function readEspi(chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>): Promise<GreenButtonData> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const entries: Entry[] = [];
  const stack: string[] = [];
  let entry: Entry | undefined;
  let entryDepth = -1;
  let contentDepth = -1;
  let text = '';
  // The IntervalReading being read: scalars, not an object per reading (175k readings a year of 15-minute data per 5 meters).
  let inReading = false;
  let readingStart = Number.NaN;
  let readingDuration = Number.NaN;
  let readingValue = Number.NaN;
  let readingCost = Number.NaN;
  let readingQuality = Number.NaN;
  let summary: Map<string, string> | undefined;
  let failure: Error | undefined;

  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    stack.push(name);
    text = '';
    if (name === 'entry') {
      entry = { links: [], title: '', fields: new Map() };
      entryDepth = stack.length;
      return;
    }
    if (!entry) return;
    if (name === 'link' && stack.length === entryDepth + 1) {
      const rel = tag.attributes.rel;
      const href = tag.attributes.href;
      if (typeof href === 'string') entry.links.push({ rel: typeof rel === 'string' ? rel.trim() : 'alternate', href: normalizeHref(href) });
    } else if (name === 'content' && stack.length === entryDepth + 1) {
      contentDepth = stack.length;
    } else if (contentDepth !== -1 && stack.length === contentDepth + 1 && RESOURCES.has(name)) {
      entry.resource ??= name;
      if (name === 'IntervalBlock') entry.readings ??= { starts: [], durations: [], values: [], costs: [], qualities: [] };
      if (SUMMARY_RESOURCES.has(name)) {
        summary = new Map();
        (entry.summaries ??= []).push(summary);
      }
    } else if (name === 'IntervalReading' && entry.readings) {
      inReading = true;
      readingStart = readingDuration = readingValue = readingCost = readingQuality = Number.NaN;
    }
  });

  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.on('cdata', (chunk) => {
    text += chunk;
  });

  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    const depth = stack.length;
    const parent = stack[depth - 2];
    const value = text;
    text = '';
    try {
      if (entry) {
        if (name === 'entry' && depth === entryDepth) {
          entries.push(entry);
          entry = undefined;
          entryDepth = -1;
        } else if (name === 'title' && depth === entryDepth + 1) {
          entry.title = value.trim();
        } else if (name === 'content' && depth === contentDepth) {
          contentDepth = -1;
        } else if (inReading) {
          if (name === 'IntervalReading') {
            if (Number.isNaN(readingStart) || Number.isNaN(readingDuration) || Number.isNaN(readingValue)) {
              throw new GreenButtonError('an IntervalReading lacks its timePeriod or value');
            }
            const raw = entry.readings!;
            raw.starts.push(readingStart);
            raw.durations.push(readingDuration);
            raw.values.push(readingValue);
            raw.costs.push(readingCost);
            raw.qualities.push(readingQuality);
            inReading = false;
          } else if (parent === 'timePeriod' && name === 'start') readingStart = parseNumber(value, 'reading start');
          else if (parent === 'timePeriod' && name === 'duration') readingDuration = parseNumber(value, 'reading duration');
          else if (parent === 'IntervalReading' && name === 'value') readingValue = parseNumber(value, 'reading value');
          else if (parent === 'IntervalReading' && name === 'cost') readingCost = parseNumber(value, 'reading cost');
          else if (parent === 'ReadingQuality' && name === 'quality') readingQuality = parseNumber(value, 'reading quality');
        } else if (summary && contentDepth !== -1) {
          if (SUMMARY_RESOURCES.has(name) && depth === contentDepth + 1) summary = undefined;
          else if (parent) summary.set(`${parent}.${name}`, value.trim());
        } else if (contentDepth !== -1 && depth > contentDepth + 1 && parent) {
          // Leaf fields of UsagePoint, ReadingType, LocalTimeParameters: "parent.name" → text.
          if (!entry.fields.has(`${parent}.${name}`)) entry.fields.set(`${parent}.${name}`, value.trim());
        }
      }
    } catch (error) {
      failure ??= error instanceof Error ? error : new Error(String(error));
    }
    stack.pop();
  });

  let parseError: Error | undefined;
  parser.on('error', (error) => {
    parseError ??= error;
  });

  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (parseError) throw new GreenButtonError(`not well-formed XML: ${parseError.message}`);
    if (failure) throw failure;
  }
  parser.write(decoder.decode());
  parser.close();
  if (parseError) throw new GreenButtonError(`not well-formed XML: ${parseError.message}`);
  if (failure) throw failure;
  return assemble(entries);
}

/** Two normalized hrefs name the same resource when equal or when one is the other with more path in front. */
function sameHref(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  return a === b || a.endsWith(`/${b}`) || b.endsWith(`/${a}`);
}

function selfHref(entry: Entry): string | undefined {
  return entry.links.find((link) => link.rel === 'self')?.href;
}

function hrefsOf(entry: Entry, rel: string): string[] {
  return entry.links.filter((link) => link.rel === rel).map((link) => link.href);
}

/** Whether `child` belongs to `owner`: owner points at it (related), it points up at owner's collection, or its href sits under owner's. */
function belongsTo(child: Entry, owner: Entry): boolean {
  const ownerSelf = selfHref(owner);
  const childSelf = selfHref(child);
  const childUps = hrefsOf(child, 'up');
  for (const related of hrefsOf(owner, 'related')) {
    if (sameHref(related, childSelf) || childUps.some((up) => sameHref(related, up))) return true;
  }
  if (ownerSelf && childSelf?.startsWith(`${ownerSelf}/`)) return true;
  if (ownerSelf && childUps.some((up) => up.startsWith(`${ownerSelf}/`))) return true;
  return false;
}

/** The owner of each child; a child no link places goes to the only owner when there is just one. */
function ownerOf(child: Entry, owners: Entry[]): Entry | undefined {
  const linked = owners.filter((owner) => belongsTo(child, owner));
  if (linked.length === 1) return linked[0];
  if (linked.length === 0 && owners.length === 1) return owners[0];
  // Several candidates: the one whose href is the longest prefix of the child's.
  const childSelf = selfHref(child) ?? '';
  return linked.sort((a, b) => (selfHref(b) ?? '').length - (selfHref(a) ?? '').length).find((owner) => childSelf.startsWith(selfHref(owner) ?? '\u0000'));
}

function flowOf(raw: string | undefined, where: string): FlowDirection {
  if (raw === undefined || raw === '' || raw === '1') return 1;
  if (raw === '19') return 19;
  throw new GreenButtonError(`${where} has flowDirection ${raw}; only 1 (delivered) and 19 (received) are understood`);
}

function mostCommon(values: number[]): number {
  const counts = new Map<number, number>();
  let best = values[0] ?? 0;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > (counts.get(best) ?? 0)) best = value;
  }
  return best;
}

function assemble(entries: Entry[]): GreenButtonData {
  const of = (resource: string) => entries.filter((entry) => entry.resource === resource);
  const usagePoints = of('UsagePoint');
  const meterReadings = of('MeterReading');
  const readingTypes = of('ReadingType');
  const blocks = of('IntervalBlock');
  const summaryEntries = entries.filter((entry) => entry.summaries !== undefined);
  if (entries.length === 0) throw new GreenButtonError('no Atom entries: not a Green Button feed');
  if (blocks.length === 0) throw new GreenButtonError('the feed has no IntervalBlock: no readings to import');
  if (meterReadings.length === 0) throw new GreenButtonError('the feed has no MeterReading to say what the readings measure');
  if (usagePoints.length === 0) throw new GreenButtonError('the feed has no UsagePoint (meter)');

  const byMeter = new Map<Entry, { readings: IntervalReading[]; unit?: MeterUnit; commodity?: Commodity; summaries: UsageSummary[] }>();
  for (const usagePoint of usagePoints) byMeter.set(usagePoint, { readings: [], summaries: [] });

  const blocksByReading = new Map<Entry, Entry[]>();
  for (const block of blocks) {
    const meterReading = ownerOf(block, meterReadings);
    if (!meterReading) throw new GreenButtonError(`IntervalBlock ${selfHref(block) ?? ''} is linked to no MeterReading`);
    blocksByReading.set(meterReading, [...(blocksByReading.get(meterReading) ?? []), block]);
  }

  for (const [meterReading, readingBlocks] of blocksByReading) {
    const where = `MeterReading ${selfHref(meterReading) ?? meterReading.title}`;
    const related = hrefsOf(meterReading, 'related');
    const readingType =
      readingTypes.find((type) => related.some((href) => sameHref(href, selfHref(type)))) ??
      readingTypes.find((type) => hrefsOf(type, 'up').some((href) => sameHref(href, selfHref(meterReading))));
    if (!readingType) throw new GreenButtonError(`${where} has no ReadingType: the unit of its readings is unknown`);
    const uom = readingType.fields.get('ReadingType.uom');
    if (!uom) throw new GreenButtonError(`the ReadingType of ${where} states no unit (uom): its readings cannot be read`);
    const unitInfo = UNITS[uom];
    if (!unitInfo) throw new GreenButtonError(`the ReadingType of ${where} has unit code ${uom}, not an energy or volume unit this reader knows`);
    const power = parseNumber(readingType.fields.get('ReadingType.powerOfTenMultiplier') || '0', 'powerOfTenMultiplier');
    const flow = flowOf(readingType.fields.get('ReadingType.flowDirection'), `the ReadingType of ${where}`);
    const usagePoint = ownerOf(meterReading, usagePoints);
    if (!usagePoint) throw new GreenButtonError(`${where} is linked to no UsagePoint`);
    const meter = byMeter.get(usagePoint)!;
    if (meter.unit && meter.unit !== unitInfo.unit) throw new GreenButtonError(`UsagePoint ${selfHref(usagePoint) ?? ''} mixes ${meter.unit} and ${unitInfo.unit} readings`);
    meter.unit = unitInfo.unit;
    const kind = usagePoint.fields.get('ServiceCategory.kind');
    meter.commodity ??=
      (kind ? SERVICE_KINDS[kind] : undefined) ?? READING_COMMODITIES[readingType.fields.get('ReadingType.commodity') ?? ''] ?? unitInfo.commodity;
    if (!meter.commodity) throw new GreenButtonError(`UsagePoint ${selfHref(usagePoint) ?? ''} does not say whether it meters gas or water`);
    for (const block of readingBlocks) {
      const raw = block.readings!;
      for (let i = 0; i < raw.starts.length; i++) {
        const reading: IntervalReading = {
          start: raw.starts[i]!,
          duration: raw.durations[i]!,
          value: scale(raw.values[i]!, power) * unitInfo.factor,
          flow,
        };
        const cost = raw.costs[i]!;
        if (!Number.isNaN(cost)) reading.cost = cost / MONEY_SCALE;
        const quality = raw.qualities[i]!;
        if (!Number.isNaN(quality)) reading.quality = quality;
        meter.readings.push(reading);
      }
    }
  }

  for (const summaryEntry of summaryEntries) {
    const usagePoint = ownerOf(summaryEntry, usagePoints);
    if (!usagePoint) continue;
    const meter = byMeter.get(usagePoint)!;
    for (const fields of summaryEntry.summaries!) {
      const start = fields.get('billingPeriod.start');
      const duration = fields.get('billingPeriod.duration');
      if (!start || !duration) continue;
      const summary: UsageSummary = { start: parseNumber(start, 'billingPeriod start'), duration: parseNumber(duration, 'billingPeriod duration') };
      for (const [key, text] of fields) {
        if (key.endsWith('.billLastPeriod') && text) summary.billLastPeriod = parseNumber(text, 'billLastPeriod') / MONEY_SCALE;
      }
      const consumption = fields.get('overallConsumptionLastPeriod.value');
      const consumptionUom = fields.get('overallConsumptionLastPeriod.uom');
      const consumptionUnit = consumptionUom ? UNITS[consumptionUom] : undefined;
      if (consumption && consumptionUnit && consumptionUnit.unit === meter.unit) {
        const power = parseNumber(fields.get('overallConsumptionLastPeriod.powerOfTenMultiplier') || '0', 'powerOfTenMultiplier');
        summary.consumption = scale(parseNumber(consumption, 'overallConsumptionLastPeriod'), power) * consumptionUnit.factor;
      }
      meter.summaries.push(summary);
    }
  }

  const meters: MeterData[] = [];
  for (const [usagePoint, meter] of byMeter) {
    if (meter.readings.length === 0 || !meter.unit || !meter.commodity) continue;
    meter.readings.sort((a, b) => a.start - b.start || a.flow - b.flow);
    meters.push({
      id: selfHref(usagePoint) ?? `UsagePoint ${meters.length + 1}`,
      ...(usagePoint.title ? { title: usagePoint.title } : {}),
      commodity: meter.commodity,
      unit: meter.unit,
      intervalSeconds: mostCommon(meter.readings.map((reading) => reading.duration)),
      readings: meter.readings,
      summaries: meter.summaries,
    });
  }
  if (meters.length === 0) throw new GreenButtonError('no readings are linked to a meter');
  return { format: 'espi', meters };
}
