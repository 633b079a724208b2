import type { BillType } from '../types.ts';
import type { Layout } from './layout.ts';
import { ADDRESS_TAIL, billState, CHOOSING_RE, CUSTOMER_RE, positionFactor, REMIT_RE, SUPPLIER_RE } from './provider-context.ts';
import { getDirectory, UTILITY_VOCABULARY } from './provider-directory.ts';
import { matchDirectory, type DirectoryMatch } from './provider-match.ts';
import { domainLabel, domainSkeleton, nameKey } from './provider-names.ts';

export interface ProviderGuess {
  name: string;
  confidence: number;
  /** The provider's main service, when the directory knows it. */
  type: BillType | 'multi' | null;
  /** Two-letter state or province, when the directory knows the provider serves it. */
  state?: string;
  /** EIA-861 utility number, for electric utilities in the directory. */
  eiaId?: number;
  /** "directory" when the name was recognised, "printed" when read from the bill's wording alone. */
  source?: 'directory' | 'printed';
}

/**
 * The provider: an organisation of the utility directory named on the bill (names, aliases
 * and web domains, weighted by where they are printed), else a company-looking name read
 * from the bill's letterhead, remit-to, thanks and web address. The printed full name wins
 * over the directory's spelling.
 */
export function findProvider(layout: Layout): ProviderGuess | null {
  const known = matchDirectory(layout, getDirectory());
  const printed = matchGeneric(layout);
  const knownKey = known ? nameKey(known.printed ?? known.org.name) : '';
  const printedKey = printed ? nameKey(printed.name) : '';
  if (known && printed && printedKey !== knownKey && ` ${printedKey} `.includes(` ${knownKey} `) && printed.score >= 2) {
    // "City of Springfield" known, "City of Springfield Utilities" printed: the printed name, the known facts.
    return { ...fromDirectory(known), name: printed.name };
  }
  if (known && !(printed && printed.score > known.score * 1.5)) return fromDirectory(known);
  if (!printed) return null;
  const state = billState(layout);
  return { name: printed.name, confidence: Math.min(0.7, 0.3 + printed.score / 10), type: null, source: 'printed', ...(state ? { state } : {}) };
}

function fromDirectory(m: DirectoryMatch): ProviderGuess {
  // A lower-case logo ("xfinity") reads better in the directory's casing.
  const printed = m.printed && m.printed !== m.printed.toLowerCase() ? m.printed : null;
  const sameKey = printed ? null : m.org.names.find((n) => m.printed && nameKey(n) === nameKey(m.printed));
  return {
    name: printed ?? sameKey ?? m.org.name,
    confidence: Math.min(0.95, 0.55 + m.score / 20),
    type: m.org.type,
    source: 'directory',
    ...(m.state ? { state: m.state } : {}),
    ...(m.org.eiaId !== undefined ? { eiaId: m.org.eiaId } : {}),
  };
}

const SUFFIX = '(?:,?\\s+(?:Inc\\.?|LLC|L\\.L\\.C\\.|Company|Co\\.|Corporation|Corp\\.?|Ltd\\.?|Limited|LP|L\\.P\\.|Cooperative|Authority|Department|District|Commission|Board))+';
const UTILITY_WORDS =
  '(?:Electric(?:al)?|Power|Energy|Gas|Water|Hydro|Utilities|Utility|Light|Sewer|Sanitation|Public\\s+Service|Cooperative|Co-?op|Communications|Telephone|Telecommunications|Broadband|Telecom|Fiber|Internet|Cable|Wireless|Natural\\s+Gas|Water\\s+Works|Waterworks|Propane|EMC|PUD)';
const NAME_WORD = "[A-Z][A-Za-z'&.-]*|of|and|&|the|de|du";
const GENERIC_RE = new RegExp(
  `(?<![A-Za-z])((?:City|Town|Village|County|Borough|Township) of [A-Z][A-Za-z.-]+(?:\\s+[A-Z][A-Za-z.-]+){0,2}(?:\\s+(?:${UTILITY_WORDS}|&|and|Public\\s+Works|Department|Services?))*|(?:(?:${NAME_WORD})[\\s-]+){1,5}${UTILITY_WORDS}(?:(?:[\\s-]+|\\s*&\\s*|\\s+and\\s+)(?:${UTILITY_WORDS}|Company|District|Department|Authority|Board|Commission|Services?|Delivery|Distribution|Systems?|Association|Membership\\s+Corporation))*${SUFFIX.replace(')+', ')*')})(?![A-Za-z])`,
  'gi',
);
const GENERIC_STOP = /^(?:the|your|our|this|for|pay|call|visit|if|to|a|an|and|of|total|current|new|save|energy|electric|gas|water|natural|smart|online|customer|service|green|thank|thanks|you|choosing)$/i;
/** Words of section headings and labels: a name made only of these is not an organisation. */
const HEADING_WORDS = new Set(
  'charges charge summary details detail usage services account billing bill information your total amount due current previous history meter readings reading rate rates important messages message news payment payments options statement basic monthly fees fee taxes tax credits adjustments period plan program programs assistance efficiency outage outages report emergency contact questions'.split(
    ' ',
  ),
);
const LABELLED = /(?:service provider|payable to|remit(?:tance)? to|provided by|utility|pay to the order of|mail (?:your )?payments? to)\s*:?\s*$/i;

/** True for a section heading ("Waste Water", "Water Service Charges") or a sentence, not an organisation. */
export function isHeadingLike(name: string): boolean {
  const words = nameKey(name).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  if (words.every((w) => UTILITY_VOCABULARY.has(w) || HEADING_WORDS.has(w) || /^\d+$/.test(w))) return true;
  // Organisations print their names capitalised: lower-case words other than joiners mean a sentence.
  return name.split(/\s+/).some((w) => /^[a-z]/.test(w) && !/^(?:of|and|the|de|du|des|la|le|for|at|on)$/.test(w));
}

interface Candidate {
  name: string;
  score: number;
}

/** Unknown providers: company-looking names, best printed high on page 1, in remit-to or thanks. */
function matchGeneric(layout: Layout): Candidate | null {
  const scores = new Map<string, Candidate>();
  const add = (raw: string, score: number) => {
    const name = cleanName(raw);
    if (!name || name.split(/\s+/).length < 2 || name.length < 6 || !/^[A-Z]/.test(name) || isHeadingLike(name)) return;
    if (/\b(?:bill|charges?|usage|rate|assistance|programs?|plan|supply|efficiency)\b/i.test(name)) return;
    const key = name.toLowerCase().replace(/[^a-z]/g, '');
    const prev = scores.get(key);
    scores.set(key, { name: prev && prev.name.length >= name.length ? prev.name : name, score: (prev?.score ?? 0) + score });
  };
  const domains = [...layout.text.matchAll(/(?<![\w@.-])(?:www\d?\.)?[a-z0-9][a-z0-9-]*\.(?:com|net|org|gov|us|ca|coop|biz)(?![\w-])/gi)].map((m) => domainLabel(m[0]));

  layout.lines.forEach((line, i) => {
    const prevText = layout.lines[i - 1]?.text ?? '';
    const supplier = SUPPLIER_RE.test(`${prevText} ${line.text}`) ? 0.3 : 1;
    const customer = CUSTOMER_RE.test(line.text) || CUSTOMER_RE.test(prevText) ? 0.2 : 1;
    const base = positionFactor(line) * supplier * customer;
    for (const seg of line.segments) {
      const labelledAbove = LABELLED.test(prevText) || REMIT_RE.test(prevText);
      for (const m of seg.text.matchAll(GENERIC_RE)) {
        const name = cleanName(m[1] ?? '');
        // Sentence text ("Ontario's Fair Hydro Plan saved you") is not a company name.
        const after = seg.text.slice(m.index + m[0].length);
        if (/^\s*[a-z]/.test(after) && !labelledAbove) continue;
        if (ADDRESS_TAIL.test(after)) continue;
        let score = base;
        if (seg.text.trim().length <= name.length + 3) score += 1; // the name stands alone, like a heading
        if (labelledAbove || LABELLED.test(seg.text.slice(0, m.index)) || REMIT_RE.test(seg.text.slice(0, m.index))) score += 2;
        if (new RegExp(SUFFIX + '$', 'i').test(name)) score += 0.5;
        if (domains.some((d) => d.length >= 6 && d === domainSkeleton(name))) score += 2;
        add(name, score);
      }
      // "Thank you for choosing Northwind Power & Light."
      const thanks = CHOOSING_RE.exec(seg.text);
      if (thanks) {
        const rest = seg.text.slice(thanks.index + thanks[0].length);
        const name = /^([A-Z][\w'&.-]*(?:\s+(?:[A-Z][\w'&.-]*|of|and|&|the))*)/.exec(rest)?.[1];
        if (name) add(name, base + 3);
      }
      // "Make checks payable to:" above, the organisation on the next line.
      if (REMIT_RE.test(prevText) && /:\s*$/.test(prevText) && seg.x0 <= (layout.lines[i - 1]?.segments[0]?.x1 ?? Infinity)) {
        const name = /^([A-Z][\w'&.-]*(?:\s+(?:[A-Z][\w'&.-]*|of|and|&|the))*)$/.exec(seg.text.trim())?.[1];
        if (name && !/\d/.test(name)) add(name, base + 1);
      }
    }
  });
  const best = [...scores.values()].sort((a, b) => b.score - a.score)[0];
  return best ?? null;
}

/** Drops leading filler words ("Visit Acme Power" → "Acme Power") and trailing punctuation. */
function cleanName(raw: string): string {
  const words = raw
    .trim()
    .replace(/(?<!\b(?:Inc|Co|Corp|Ltd|L\.P|L\.L\.C))[,.!:;]+$/, '')
    .split(/\s+/);
  while (words.length > 1 && GENERIC_STOP.test(words[0] ?? '')) words.shift();
  while (words.length > 1 && /^(?:of|and|&|the)$/i.test(words[words.length - 1] ?? '')) words.pop();
  return words.join(' ');
}
