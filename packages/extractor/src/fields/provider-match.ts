import type { Layout, Segment } from './layout.ts';
import { ADDRESS_TAIL, billState, contextFactor, PLACE_TAIL, STREET_TAIL } from './provider-context.ts';
import type { DirectoryIndex, DirectoryOrg } from './provider-directory.ts';
import { boundedLevenshtein, CORPORATE_WORDS, domainLabel, GENERIC_NAME_WORDS, nameKey, nameTokens, spellingsOf, type NameToken } from './provider-names.ts';

export interface DirectoryMatch {
  org: DirectoryOrg;
  score: number;
  /** The fullest form of the organisation's name printed on the bill, or null. */
  printed: string | null;
  /** How the bill names it: in full as printed, through OCR slips, or by web address or initials only. */
  namedBy: 'name' | 'misread' | 'other';
  /** The bill's state when the organisation serves it; its only state when the bill names none. */
  state: string | null;
}

interface Span {
  text: string;
  words: number;
  exact: boolean;
}

/** Words before a name that do not make it part of a longer name ("Visit Georgia Power"). */
const LEAD_INS = new Set(
  'the visit pay call contact choosing thank thanks welcome from to by at with your dear and or for via on is questions about www'.split(' '),
);
/** Words that may follow a town's name in the utility's printed name ("City of Ames Electric Services"). */
const MUNICIPAL_TAIL = new Set('utilities water light power electric sewer and department public works service board commission gas'.split(' '));
const DOMAIN_IN_TEXT = /(?<![\w@.-])(?:https?:\/\/)?(?:www\d?\.)?[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|net|org|gov|us|ca|coop|biz|info|co)(?![\w-])/gi;

function isCapitalised(text: string): boolean {
  return /^[A-Z0-9]/.test(text);
}

/** Extends a matched name over its corporate suffix ("Georgia Power" → "Georgia Power Company"). */
function extendSpan(tokens: NameToken[], words: string[], from: number, to: number): number {
  let end = to;
  const municipal = /^(?:city|town|village|county|borough)$/.test(words[from] ?? '');
  while (end < tokens.length) {
    const w = words[end] ?? '';
    if (CORPORATE_WORDS.has(w) || (municipal && MUNICIPAL_TAIL.has(w))) end++;
    else break;
  }
  // A name does not end on "and".
  while (end > to && words[end - 1] === 'and') end--;
  return end;
}

/**
 * OCR slips spread thin: word by word, a distinctive word ("Edlson") may differ by one letter
 * in five, a generic one ("Cooperatlve") by one in four, and the whole name by one or two;
 * "Wind" is not "Land". "rn" read for "m" counts as one slip.
 */
function ocrDistance(text: string, key: string, bound: number): number {
  const a = text.split(' ');
  const b = key.split(' ');
  if (a.length !== b.length) return bound + 1;
  let total = 0;
  for (let i = 0; i < b.length && total <= bound; i++) {
    const word = b[i] ?? '';
    const read = a[i] ?? '';
    const allowed = Math.floor(word.length / (GENERIC_NAME_WORDS.has(word) ? 4 : 5));
    let best = allowed + 1;
    for (const spelling of spellingsOf(word)) {
      for (const candidate of [read, read.replace(/rn/g, 'm')]) best = Math.min(best, boundedLevenshtein(candidate, spelling, allowed) + (candidate === read ? 0 : 1));
    }
    if (best > allowed) return bound + 1;
    total += best;
  }
  return total;
}

/** Long names read with OCR slips: the directory keys within a small edit distance. */
function fuzzyKeys(dir: DirectoryIndex, text: string): string[] {
  if (text.length < 16) return [];
  const bound = text.length >= 24 ? 2 : 1;
  const found: string[] = [];
  for (const b of [`^${text.slice(0, 4)}`, `$${text.slice(-4)}`]) {
    for (const key of dir.fuzzyBuckets.get(b) ?? []) {
      if (Math.abs(key.length - text.length) > bound + 3 || found.includes(key)) continue;
      if (ocrDistance(text, key, bound) <= bound) found.push(key);
    }
  }
  return found;
}

/**
 * Finds the directory's organisations named on the bill, weighting each mention by where it
 * is printed and what surrounds it, and returns the best-supported one.
 */
export function matchDirectory(layout: Layout, dir: DirectoryIndex): DirectoryMatch | null {
  const state = billState(layout);
  const scores = new Map<number, number>();
  const spans = new Map<number, Span[]>();
  // Of several organisations printing the same name, the one serving the bill's state.
  const pick = (orgs: number[]): number => orgs.find((i) => state !== null && dir.orgs[i]?.states.includes(state)) ?? orgs[0] ?? -1;

  layout.lines.forEach((line, lineIndex) => {
    const lineScores = new Map<number, number>();
    const credit = (org: number, value: number) => lineScores.set(org, Math.max(lineScores.get(org) ?? 0, value));
    const fuzzyZone = (line.page === 0 && line.relY < 0.3) || contextFactor(layout, lineIndex) > 2;
    for (const seg of line.segments) matchSegment(dir, seg, fuzzyZone, pick, credit, spans);
    const lower = line.text.toLowerCase();
    for (const entry of dir.exact) {
      if (!lower.includes(entry.probe)) continue;
      entry.re.lastIndex = 0;
      const n = line.text.match(entry.re)?.length ?? 0;
      if (n === 0) continue;
      const standalone = line.segments.some((s) => s.text.trim().length === entry.text.length);
      credit(entry.org, Math.min(n, 2) * (entry.kind === 'domain' ? 2 : 0.8) * (standalone ? 1.5 : 1));
    }
    for (const m of line.text.matchAll(DOMAIN_IN_TEXT)) {
      const orgs = dir.byDomainLabel.get(domainLabel(m[0]));
      if (orgs) credit(pick(orgs), 2);
    }
    if (lineScores.size === 0) return;
    const factor = contextFactor(layout, lineIndex);
    for (const [org, value] of lineScores) {
      // Retail suppliers and community-choice programmes print beside the utility that bills.
      const role = dir.orgs[org]?.ownership;
      const supplier = role === 'retail_marketer' || role === 'community_choice' ? 0.5 : 1;
      scores.set(org, (scores.get(org) ?? 0) + value * factor * supplier);
    }
  });

  let best: { org: number; score: number } | null = null;
  for (const [org, score] of scores) if (!best || score > best.score + 1e-9 || (Math.abs(score - best.score) < 1e-9 && org < best.org)) best = { org, score };
  if (!best || best.score < 1.5) return null;
  const printedOf = (org: number) =>
    (spans.get(org) ?? []).sort((a, b) => Number(b.exact) - Number(a.exact) || b.words - a.words || b.text.length - a.text.length)[0] ?? null;
  let winner = best.org;
  let printed = printedOf(winner);
  // "Duke Energy" everywhere, "Duke Energy Carolinas, LLC" in the fine print: the affiliate's full name.
  const shortKey = printed ? nameKey(printed.text) : null;
  for (const [org, score] of scores) {
    const fuller = printedOf(org);
    if (org === winner || !fuller || !shortKey || score < best.score * 0.2 || !fuller.exact) continue;
    const key = nameKey(fuller.text);
    if (key.startsWith(shortKey + ' ') && (!printed || fuller.words > printed.words)) {
      winner = org;
      printed = fuller;
    }
  }
  const org = dir.orgs[winner];
  if (!org) return null;
  // The bill's own state when the organisation serves it; its only state when the bill names none.
  const orgState = state !== null ? (org.states.includes(state) ? state : null) : org.states.length === 1 ? (org.states[0] ?? null) : null;
  // A name read with OCR slips is returned in the directory's spelling.
  const namedBy = printed?.exact ? 'name' : printed ? 'misread' : 'other';
  return { org, score: best.score, printed: printed?.exact ? printed.text : null, namedBy, state: orgState };
}

function matchSegment(
  dir: DirectoryIndex,
  seg: Segment,
  fuzzyZone: boolean,
  pick: (orgs: number[]) => number,
  credit: (org: number, value: number) => void,
  spans: Map<number, Span[]>,
): void {
  const tokens = nameTokens(seg.text);
  const words = tokens.map((t) => t.word);
  const segLength = seg.text.trim().length;
  let p = 0;
  while (p < tokens.length) {
    let matched = 0;
    const longest = Math.min(dir.maxKeyWords, tokens.length - p);
    // Exact names first, at any length; OCR-tolerant reading only where none is printed.
    const tries: Array<[number, boolean]> = [];
    for (let n = longest; n >= 1; n--) tries.push([n, true]);
    if (fuzzyZone) for (let n = longest; n >= 2; n--) tries.push([n, false]);
    for (const [n, exact] of tries) {
      if (matched) break;
      const key = words.slice(p, p + n).join(' ');
      const keys = exact ? (dir.byKey.has(key) ? [key] : []) : fuzzyKeys(dir, key);
      for (const k of keys) {
        const orgs = dir.byKey.get(k) ?? [];
        const first = tokens[p];
        const last = tokens[p + n - 1];
        if (!first || !last) continue;
        const before = tokens[p - 1];
        const raw = seg.text.slice(first.start, last.end);
        // "Farmers Union Electric" does not name "Union Electric".
        if (before && isCapitalised(seg.text.slice(before.start)) && !LEAD_INS.has(before.word)) continue;
        const end = extendSpan(tokens, words, p, p + n);
        const after = seg.text.slice(tokens[end - 1]?.end ?? last.end);
        // "PO Box 60074, City of Industry, CA 91716": a town in an address, not its utility.
        const spanText = seg.text.slice(first.start, tokens[end - 1]?.end ?? last.end);
        // "Macon, CO 81230": a town, its state read as "Company", and a ZIP code.
        if (ADDRESS_TAIL.test(after) || STREET_TAIL.test(after) || PLACE_TAIL.test(after) || (/^\s*\d{5}\b/.test(after) && /\b[A-Z]{2}$/.test(spanText))) continue;
        const standalone = segLength <= seg.text.slice(first.start, tokens[end - 1]?.end).length + 3;
        // A one-word name ("Kinetic", "Prospect") counts alone as a logo or with its inner capitals.
        const single = n === 1 && !standalone && !/[a-z][A-Z]/.test(raw);
        const org = pick(orgs.filter((i) => dir.orgs[i]?.source === 'hand' || (isCapitalised(raw) && !single)));
        if (org < 0) continue;
        // Letters read as digits ("JACKS0N EMC") are not printed as such: the directory's spelling then.
        const misread = tokens.slice(p, end).some((t) => /\d/.test(seg.text.slice(t.start, t.end)) && !/\d/.test(t.word));
        const text = seg.text
          .slice(first.start, tokens[end - 1]?.end ?? last.end)
          .replace(/\s+/g, ' ')
          // "National Grid." ends a sentence; "Inc." keeps its period.
          .replace(/(?<!\b(?:Inc|Co|Corp|Ltd|L\.P|L\.L\.C))[.,]$/, '');
        const weight = (1 + Math.min(2, k.length / 12)) * (standalone ? 1.5 : 1) * (exact ? 1 : 0.7);
        credit(org, weight);
        const list = spans.get(org) ?? [];
        list.push({ text, words: end - p, exact: exact && !misread });
        spans.set(org, list);
        matched = n;
        break;
      }
    }
    p += matched || 1;
  }
}
