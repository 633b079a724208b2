import type { UsageUnit } from '../types.ts';
import { fixOcrDigits, normalizeText } from './ocr-text.ts';

export interface UsageMatch {
  amount: number;
  unit: UsageUnit;
  start: number;
  end: number;
}

/** Printed unit spellings → normalised unit and multiplier. Letter-spaced "k W h" is tolerated. */
const UNIT_SPELLINGS: Array<[RegExp, UsageUnit, number]> = [
  [/^k\s?w\s?h(?:rs?)?$|^kilowatt[\s-]?hours?$/i, 'kWh', 1],
  [/^mwh$|^megawatt[\s-]?hours?$/i, 'kWh', 1000],
  [/^therms?$|^thms?$/i, 'therms', 1],
  [/^dth$|^dekatherms?$/i, 'therms', 10],
  [/^[ch]cf$|^hundred cubic feet$/i, 'CCF', 1],
  [/^mcf$/i, 'CCF', 10],
  [/^kgals?$|^thousand gallons$|^tgal$/i, 'gallons', 1000],
  [/^gallons?$|^gals?$/i, 'gallons', 1],
  [/^gb$|^gigabytes?$/i, 'GB', 1],
  [/^tb$|^terabytes?$/i, 'GB', 1000],
  [/^m3$|^m³$|^cubic met(?:er|re)s?$|^cu\.? ?m$/i, 'm3', 1],
];

const UNIT_ALT =
  'k\\s?w\\s?h(?:rs?)?|kilowatt[\\s-]?hours?|mwh|megawatt[\\s-]?hours?|therms?|thms?|dth|dekatherms?|[ch]cf|hundred cubic feet|mcf|kgals?|thousand gallons|tgal|gallons?|gals?|gb|gigabytes?|tb|terabytes?|m3|m³|cubic met(?:er|re)s?';

const USAGE_RE = new RegExp(
  `(?<![\\w.,$])(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)\\s?(?:\\(\\s?)?(${UNIT_ALT})(?![a-z\\d])`,
  'gi',
);

/** Normalises a printed unit ("KWH", "Therms", "HCF", "kgal", "m³") to the product's units. */
export function normalizeUnit(raw: string): { unit: UsageUnit; factor: number } | null {
  const cleaned = raw.trim().replace(/\.$/, '');
  for (const [re, unit, factor] of UNIT_SPELLINGS) if (re.test(cleaned)) return { unit, factor };
  return null;
}

/** "19 therms", "2,860 gallons", "2.86 kgal" (→ 2860 gallons), "579.42 kWh", "360 m³". */
export function findUsages(input: string): UsageMatch[] {
  const text = fixOcrDigits(normalizeText(input));
  const out: UsageMatch[] = [];
  for (const m of text.matchAll(USAGE_RE)) {
    const [raw, num = '', unitRaw = ''] = m;
    const norm = normalizeUnit(unitRaw);
    if (!norm) continue;
    const amount = Number(num.replace(/,/g, '')) * norm.factor;
    if (!Number.isFinite(amount)) continue;
    out.push({ amount: roundUsage(amount), unit: norm.unit, start: m.index, end: m.index + raw.length });
  }
  return out;
}

/** The unit named anywhere in a label ("Usage (kWh)", "KWH CONSUMPTION", "Gas used (m³)"). */
export function unitInLabel(label: string): { unit: UsageUnit; factor: number } | null {
  const m = new RegExp(`(?<![a-z])(${UNIT_ALT})(?![a-z])`, 'i').exec(normalizeText(label));
  return m?.[1] ? normalizeUnit(m[1]) : null;
}

/** A bare number ("579.4200", "1,194") as printed under a usage label. */
export function parseQuantity(text: string): number | null {
  const m = /(?<![\w.,$])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\d%/])/.exec(fixOcrDigits(text));
  return m?.[1] ? roundUsage(Number(m[1].replace(/,/g, ''))) : null;
}

function roundUsage(n: number): number {
  return Math.round(n * 1000) / 1000;
}
