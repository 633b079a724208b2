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

/**
 * A unit printed with its scale in a column header or label: "(1,000 gal)", "(in 1000 gallons)",
 * "(x100 cu ft)", "(100 cubic feet)". The figure under it counts that many units.
 */
const SCALED_UNIT_RE = /\(\s*(?:in\s+(?:units\s+of\s+)?|x\s?|per\s+)?(10|100|1,?000)\s*(gal(?:lons?|s)?|cu\.?\s?ft\.?|cubic\s+f(?:ee|oo)t|cf)\s*\)/i;

function scaledUnit(text: string): { unit: UsageUnit; factor: number; start: number; end: number } | null {
  const m = SCALED_UNIT_RE.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const scale = Number(m[1].replace(',', ''));
  const isGallons = /^gal/i.test(m[2]);
  // Cubic feet are billed in hundreds (CCF): 100 cu ft = 1 CCF.
  const unit: UsageUnit = isGallons ? 'gallons' : 'CCF';
  const factor = isGallons ? scale : scale / 100;
  if (factor < 1) return null;
  return { unit, factor, start: m.index, end: m.index + m[0].length };
}

/** "19 therms", "2,860 gallons", "2.86 kgal" (→ 2860 gallons), "579.42 kWh", "360 m³". */
export function findUsages(input: string): UsageMatch[] {
  const text = fixOcrDigits(normalizeText(input));
  const scaled = scaledUnit(text);
  const out: UsageMatch[] = [];
  for (const m of text.matchAll(USAGE_RE)) {
    const [raw, num = '', unitRaw = ''] = m;
    const before = text.slice(Math.max(0, m.index - 3), m.index);
    // "$ 244.37 kWh": a dollar amount with a unit read beside it is not usage; "9 35 kWh": a
    // one- or two-digit fragment after another digit group is part of a figure OCR split.
    if (/\$\s$/.test(before) || (/\d\s$/.test(before) && /^\d{1,2}$/.test(num))) continue;
    // "(1,000 gal)" names the unit of the figure beside it; it is not a quantity itself.
    if (scaled && m.index >= scaled.start && m.index < scaled.end) continue;
    const norm = normalizeUnit(unitRaw);
    if (!norm) continue;
    // "1.610 kWh": OCR read the thousands comma as a point (no month uses under ten kWh or
    // gallons to the thousandth).
    const digits = /^\d\.\d{3}$/.test(num) && norm.factor === 1 && (norm.unit === 'kWh' || norm.unit === 'gallons') ? num.replace('.', '') : num;
    const amount = Number(digits.replace(/,/g, '')) * norm.factor;
    if (!Number.isFinite(amount)) continue;
    out.push({ amount: roundUsage(amount), unit: norm.unit, start: m.index, end: m.index + raw.length });
  }
  return out;
}

/** The unit named anywhere in a label ("Usage (kWh)", "KWH CONSUMPTION", "Gas used (m³)"). */
export function unitInLabel(label: string): { unit: UsageUnit; factor: number } | null {
  const text = normalizeText(label);
  const scaled = scaledUnit(text);
  if (scaled) return { unit: scaled.unit, factor: scaled.factor };
  const m = new RegExp(`(?<![a-z])(${UNIT_ALT})(?![a-z])`, 'i').exec(text);
  return m?.[1] ? normalizeUnit(m[1]) : null;
}

/** A bare number ("579.4200", "1,194") as printed under a usage label. */
export function parseQuantity(text: string): number | null {
  const unscaled = text.replace(SCALED_UNIT_RE, (unit) => ' '.repeat(unit.length));
  const m = /(?<![\w.,$])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\d%/])/.exec(fixOcrDigits(unscaled));
  return m?.[1] ? roundUsage(Number(m[1].replace(/,/g, ''))) : null;
}

function roundUsage(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/**
 * The unit a bill defines for its bare usage figures: "1 unit of usage = 100 cubic ft",
 * "One billing unit equals 748 gallons", "1 HCF = 748 gallons" (then the unit is HCF itself).
 */
export function printedUsageUnit(text: string): { unit: UsageUnit; factor: number } | null {
  const t = normalizeText(text);
  const m = /\b(?:1|one)\s+(?:billing\s+|water\s+)?(unit|hcf|ccf|kgal)(?:\s+of\s+(?:usage|water|consumption|measure|service))?\s*(?:=|equals|is equal to|is)\s*(100|one hundred|1,?000|748)\s*(cu(?:bic)?\.?\s*f(?:ee|oo)?t|cf|gallons?|gal)/i.exec(t);
  if (!m?.[1] || !m[2] || !m[3]) return null;
  const named = m[1].toLowerCase();
  if (named === 'hcf' || named === 'ccf') return { unit: 'CCF', factor: 1 };
  if (named === 'kgal') return { unit: 'gallons', factor: 1000 };
  const amount = Number(m[2].replace(/,/g, '').replace(/one hundred/i, '100'));
  if (/^(?:cu|cf)/i.test(m[3])) return amount === 100 ? { unit: 'CCF', factor: 1 } : null;
  // "1 unit = 748 gallons" is a hundred cubic feet; "1 unit = 1,000 gallons" a thousand gallons.
  if (amount === 748) return { unit: 'CCF', factor: 1 };
  if (amount === 1000) return { unit: 'gallons', factor: 1000 };
  return null;
}
