import type { BillType } from '../types.ts';
import type { Layout } from './layout.ts';
import { PROVIDERS } from './provider-list.ts';

export interface ProviderGuess {
  name: string;
  confidence: number;
  /** The provider's main service, when the dictionary knows it. */
  type: BillType | 'multi' | null;
}

interface Compiled {
  type: BillType | 'multi';
  canonical: string;
  names: Array<{ text: string; re: RegExp; weight: number; printable: boolean }>;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const COMPILED: Compiled[] = PROVIDERS.map(([type, canonical, ...aliases]) => ({
  type,
  canonical,
  names: [canonical, ...aliases].map((text) => {
    const isDomain = /^[a-z0-9.-]+\.[a-z]{2,}(?:\/[\w/-]+)?$/i.test(text) && !/\s/.test(text);
    const isShort = !isDomain && text.replace(/[^A-Za-z]/g, '').length <= 4 && text === text.toUpperCase();
    const body = escapeRe(text).replace(/\\ |\s+/g, '[\\s-]*').replace(/&/g, '\\s?(?:&|and)\\s?');
    const re = new RegExp(`(?<![\\w&@])${body}(?![\\w&])`, isShort ? 'g' : 'gi');
    const weight = isDomain ? 2 : isShort ? 0.8 : 1 + Math.min(2, text.length / 12);
    return { text, re, weight, printable: !isDomain && !isShort };
  }),
}));

/**
 * The provider: a dictionary match (names, aliases and web domains, weighted by where they
 * are printed), else a generic reading of the bill's header, remit-to and footer lines.
 */
export function findProvider(layout: Layout): ProviderGuess | null {
  const known = matchDictionary(layout);
  if (known) return known;
  return matchGeneric(layout);
}

const SUPPLIER_RE = /\b(?:supplier|supply|generation (?:provider|service)|esco|billing service|other companies)\b/i;
const REMIT_RE = /\b(?:payable to|remit(?:tance)? to|pay to the order of)\b/i;

function positionFactor(page: number, relY: number): number {
  if (page === 0 && relY < 0.2) return 2;
  if (page === 0) return 1;
  return 0.5;
}

function matchDictionary(layout: Layout): ProviderGuess | null {
  let best: { entry: Compiled; score: number } | null = null;
  for (const entry of COMPILED) {
    let score = 0;
    layout.lines.forEach((line, i) => {
      let lineScore = 0;
      for (const name of entry.names) {
        name.re.lastIndex = 0;
        const n = line.text.match(name.re)?.length ?? 0;
        const standalone = n > 0 && line.segments.some((s) => s.text.trim().length === name.text.length);
        if (n > 0) lineScore = Math.max(lineScore, Math.min(n, 2) * name.weight * (standalone ? 1.5 : 1));
      }
      if (lineScore === 0) return;
      // A third-party supplier's section names the supplier, not the utility that bills.
      const context = `${layout.lines[i - 1]?.text ?? ''} ${line.text}`;
      if (SUPPLIER_RE.test(context)) lineScore *= 0.3;
      if (REMIT_RE.test(line.text)) lineScore *= 2;
      score += lineScore * positionFactor(line.page, line.relY);
    });
    if (score > 0 && (!best || score > best.score)) best = { entry, score };
  }
  if (!best || best.score < 1.5) return null;
  // Return the fullest name printed on the bill, else the canonical name.
  let printed: string | null = null;
  let printedLength = 0;
  for (const name of best.entry.names) {
    if (!name.printable || name.text.length <= printedLength) continue;
    name.re.lastIndex = 0;
    const m = name.re.exec(layout.text);
    if (m) {
      const asPrinted = m[0].replace(/\s+/g, ' ').trim();
      // A lower-case logo ("xfinity") reads better in the dictionary's casing.
      printed = asPrinted === asPrinted.toLowerCase() ? name.text : asPrinted;
      printedLength = name.text.length;
    }
  }
  const legal = printed ? findLegalName(layout, printed) : null;
  return {
    name: legal ?? printed ?? best.entry.canonical,
    confidence: Math.min(0.95, 0.55 + best.score / 20),
    type: best.entry.type,
  };
}

const SUFFIX = '(?:,?\\s+(?:Inc\\.?|LLC|L\\.L\\.C\\.|Company|Co\\.|Corporation|Corp\\.?|Ltd\\.?|Limited|LP|L\\.P\\.|Cooperative|Authority|Department|District|Commission|Board))+';

/** "Duke Energy" printed as part of "Duke Energy Carolinas, LLC": take the full legal name. */
function findLegalName(layout: Layout, name: string): string | null {
  const re = new RegExp(`(?<![\\w])${escapeRe(name)}(?:\\s+[A-Z][A-Za-z]+){0,2}${SUFFIX}`, 'i');
  for (const line of layout.lines) {
    const m = re.exec(line.text);
    if (m && m[0].length > name.length && !/\b(?:of|for|to)\s*$/i.test(m[0])) return m[0].trim();
  }
  return null;
}

const UTILITY_WORDS =
  '(?:Electric(?:al)?|Power|Energy|Gas|Water|Hydro|Utilities|Utility|Light|Sewer|Sanitation|Public\\s+Service|Cooperative|Co-?op|Communications|Broadband|Telecom|Fiber|Internet|Cable|Wireless|Natural\\s+Gas|Water\\s+Works|Waterworks|Propane)';
const NAME_WORD = "[A-Z][A-Za-z'&.-]*|of|and|&|the|de|du";
const GENERIC_RE = new RegExp(
  `(?<![A-Za-z])((?:City|Town|Village|County) of [A-Z][A-Za-z.-]+(?:\\s+[A-Z][A-Za-z.-]+)?(?:\\s+${UTILITY_WORDS})*|(?:(?:${NAME_WORD})[\\s-]+){1,5}${UTILITY_WORDS}(?:[\\s-]+(?:${UTILITY_WORDS}|Company|District|Department|Authority|Board|Commission|Services?|Delivery|Distribution|Systems?|Association|Membership\\s+Corporation))*${SUFFIX.replace(')+', ')*')})`,
  'gi',
);
const GENERIC_STOP = /^(?:the|your|our|this|for|pay|call|visit|if|to|a|an|and|of|total|current|new|save|energy|electric|gas|water|natural|smart|online|customer|service|green)$/i;

/** Unknown providers: company-looking names with a utility word, best printed high on page 1. */
function matchGeneric(layout: Layout): ProviderGuess | null {
  const scores = new Map<string, { name: string; score: number }>();
  const labelled = /(?:service provider|payable to|remit(?:tance)? to|supplier|provided by|utility)\s*:?\s*$/i;
  layout.lines.forEach((line, i) => {
    for (const seg of line.segments) {
      const prevText = layout.lines[i - 1]?.text ?? '';
      for (const m of seg.text.matchAll(GENERIC_RE)) {
        let name = (m[1] ?? '').trim().replace(/[,.]$/, '');
        // Drop leading filler words ("Visit Acme Power" → "Acme Power").
        const words = name.split(/\s+/);
        while (words.length > 1 && GENERIC_STOP.test(words[0] ?? '')) words.shift();
        name = words.join(' ');
        if (name.split(/\s+/).length < 2 || name.length < 6 || !/^[A-Z]/.test(name)) continue;
        // Sentence text ("Ontario's Fair Hydro Plan saved you") is not a company name.
        if (/^\s*[a-z]/.test(seg.text.slice(m.index + m[0].length)) && !labelled.test(prevText)) continue;
        if (/\b(?:bill|charges?|usage|rate|assistance|programs?|plan|supply|efficiency)\b/i.test(name)) continue;
        let score = positionFactor(line.page, line.relY);
        if (seg.text.trim().length <= name.length + 3) score += 1; // the name stands alone, like a heading
        if (labelled.test(prevText) || labelled.test(seg.text.slice(0, m.index))) score += 2;
        if (new RegExp(SUFFIX + '$', 'i').test(name)) score += 0.5;
        const key = name.toLowerCase().replace(/[^a-z]/g, '');
        const prev = scores.get(key);
        scores.set(key, { name: prev && prev.name.length >= name.length ? prev.name : name, score: (prev?.score ?? 0) + score });
      }
    }
  });
  const best = [...scores.values()].sort((a, b) => b.score - a.score)[0];
  if (!best) return null;
  return { name: best.name, confidence: Math.min(0.7, 0.3 + best.score / 10), type: null };
}
