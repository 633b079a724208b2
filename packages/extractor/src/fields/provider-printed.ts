import type { Layout, Segment } from './layout.ts';
import { ADDRESS_TAIL, CHOOSING_RE, CUSTOMER_RE, HOUSE_ADDRESS, PLACE_TAIL, positionFactor, REMIT_RE, STREET_TAIL, SUPPLIER_RE } from './provider-context.ts';
import { CORPORATE_WORDS, domainLabel, nameKey, nameTokens, UTILITY_VOCABULARY } from './provider-names.ts';

/**
 * Providers the directory does not know, read from how bills print their own name: a
 * company-looking name with a utility word ("Northwind Power & Light", "Town of Millbrook",
 * "Cedar Creek Water District"), the name after "Thank you for choosing" and "payable to", and
 * the printed name a web address spells ("hydroottawa.com" → "Hydro Ottawa").
 */
export interface PrintedName {
  name: string;
  score: number;
}

const SUFFIX = '(?:,?\\s+(?:Inc\\.?|LLC|L\\.L\\.C\\.|Company|Co\\.|Corporation|Corp\\.?|Ltd\\.?|Limited|LP|L\\.P\\.|Cooperative|Authority|Department|District|Commission|Board))+';
const UTILITY_WORDS =
  '(?:Electric(?:al)?|Power|Energy|Gas|Water|Hydro|Utilities|Utility|Light|Sewer|Sanitation|Public\\s+Service|Cooperative|Co-?op|Edison|Illuminating|Communications|Telephone|Telecommunications|Broadband|Telecom|Fiber|Internet|Cable|Wireless|Natural\\s+Gas|Water\\s+Works|Waterworks|Propane|EMC|PUD)';
const NAME_WORD = "[A-Z][A-Za-z'&.-]*|of|and|&|the|de|du";
const GENERIC_RE = new RegExp(
  `(?<![A-Za-z])((?:City|Town|Village|County|Borough|Township) of [A-Z][A-Za-z.-]+(?:\\s+[A-Z][A-Za-z.-]+){0,2}(?:\\s+(?:${UTILITY_WORDS}|&|and|Public\\s+Works|Department|Services?))*|Hydro[\\s-]+[A-Z][\\p{L}-]+|(?:(?:${NAME_WORD})[\\s-]+){1,5}${UTILITY_WORDS}(?:(?:[\\s-]+|\\s*&\\s*|\\s+and\\s+)(?:${UTILITY_WORDS}|Company|District|Department|Authority|Board|Commission|Services?|Delivery|Distribution|Systems?|Association|Membership\\s+Corporation))*${SUFFIX.replace(')+', ')*')})(?![A-Za-z])`,
  'giu',
);
/** Words a name does not start with ("Visit Acme Power", "Use the Energy Dashboard"). */
const LEADING_FILLER =
  /^(?:the|your|our|this|for|pay|call|visit|if|to|a|an|and|of|total|current|new|save|energy|electric|gas|water|natural|smart|online|customer|service|green|thank|thanks|you|choosing|use|see|view|read|learn|manage|sign|enroll|switch|compare|check|contact|welcome|from|with)$/i;
/** Words of section headings and labels: a name made only of these is not an organisation. */
const HEADING_WORDS = new Set(
  (
    'charges charge summary details detail usage services account billing bill information your total amount due current previous ' +
    'history meter readings reading rate rates important messages message news payment payments options statement basic monthly ' +
    'fees fee taxes tax credits adjustments period plan program programs assistance efficiency outage outages report emergency ' +
    'contact questions peak off on demand generation transmission distribution fuel capacity environmental surcharge rider ' +
    'adjustment franchise tier block time use renewable solar net metering provider providers'
  ).split(' '),
);
/** Regulators print on bills too ("regulated by the Massachusetts Department of Public Utilities"). */
const REGULATOR_RE =
  /\b(?:Public (?:Utilit(?:y|ies)|Service) Commission|Department of Public (?:Utilities|Service)|Energy Board|Utilities Board|Corporation Commission|Regulatory)\b/i;
const LABELLED = /(?:service provider|payable to|remit(?:tance)? to|provided by|utility|pay to the order of|mail (?:your )?payments? to)\s*:?\s*$/i;
/** Web sites that are not the provider's. */
const OTHER_SITES = new Set('facebook twitter x instagram youtube linkedin google apple paypal paymentus doxo energystar usps irs adobe'.split(' '));
/** A short brand standing for the company ("FPL", "BGE", "ComEd"). */
const BRAND_RE = /^(?:[A-Z][A-Z0-9&]{1,5}|[A-Z][a-z]+[A-Z][A-Za-z]*)$/;
const NAME_AFTER = /^\s*:?\s*(?:the\s+)?([A-Z][\w'&.-]*(?:[ \t]+(?:No\.\s*\d+|[A-Z][\w'&.-]*|of|and|&|the))*)/;

/** True for a section heading ("Waste Water", "Water Service Charges") or a sentence, not an organisation. */
export function isHeadingLike(name: string): boolean {
  const words = nameKey(name).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  if (words.every((w) => UTILITY_VOCABULARY.has(w) || HEADING_WORDS.has(w) || /^\d+$/.test(w))) return true;
  if (REGULATOR_RE.test(name)) return true;
  // Organisations print their names capitalised: lower-case words other than joiners mean a sentence.
  return name.split(/\s+/).some((w) => /^[a-z]/.test(w) && !/^(?:of|and|the|de|du|des|la|le|for|at|on)$/.test(w));
}

/** The best-supported printed name, or null. */
export function matchPrinted(layout: Layout): PrintedName | null {
  const scores = new Map<string, PrintedName>();
  const add = (raw: string, score: number, brand = false) => {
    const name = cleanName(raw);
    const isBrand = brand && BRAND_RE.test(name);
    if (!name || !/^[A-Z]/.test(name) || isHeadingLike(name)) return;
    if (!isBrand && (name.split(/\s+/).length < 2 || name.length < 6)) return;
    if (/\b(?:bill|charges?|usage|rate|assistance|programs?|plan|supply|efficiency)\b/i.test(name)) return;
    const key = name.toLowerCase().replace(/[^a-z]/g, '');
    const prev = scores.get(key);
    scores.set(key, { name: prev && prev.name.length >= name.length ? prev.name : name, score: (prev?.score ?? 0) + score });
  };
  const labels = new Set(
    [...layout.text.matchAll(/(?<![\w@.-])(?:www\d?\.)?[a-z0-9][a-z0-9-]*\.(?:com|net|org|gov|us|ca|coop|biz)(?![\w-])/gi)]
      .map((m) => domainLabel(m[0]))
      .filter((l) => l.length >= 3 && !OTHER_SITES.has(l)),
  );

  layout.lines.forEach((line, i) => {
    const prevText = layout.lines[i - 1]?.text ?? '';
    const supplier = SUPPLIER_RE.test(`${prevText} ${line.text}`) ? 0.3 : 1;
    const customer = CUSTOMER_RE.test(line.text) || CUSTOMER_RE.test(prevText) ? 0.2 : 1;
    const base = positionFactor(line) * supplier * customer;
    const labelledAbove = LABELLED.test(prevText) || REMIT_RE.test(prevText);
    for (const seg of line.segments) {
      for (const m of seg.text.matchAll(GENERIC_RE)) {
        const name = cleanName(m[1] ?? '');
        const after = seg.text.slice(m.index + m[0].length);
        // Sentence text ("Ontario's Fair Hydro Plan saved you") is not a company name; nor is a town in an address.
        const before = seg.text.slice(0, m.index);
        if ((/^\s*[a-z]/.test(after) && !labelledAbove) || ADDRESS_TAIL.test(after) || STREET_TAIL.test(after) || PLACE_TAIL.test(after) || /\d\s*$/.test(before)) continue;
        if (looksLikeAddressee(layout, i, name)) continue;
        let score = base;
        if (seg.text.trim().length <= name.length + 3) score += 1; // the name stands alone, like a heading
        if (labelledAbove || LABELLED.test(seg.text.slice(0, m.index)) || REMIT_RE.test(seg.text.slice(0, m.index))) score += 2;
        if (new RegExp(SUFFIX + '$', 'i').test(name)) score += 0.5;
        add(name, score);
      }
      // "Thank you for choosing Northwind Power & Light." / "Make checks payable to FPL."
      for (const [re, bonus] of [[CHOOSING_RE, 3], [REMIT_RE, 3]] as const) {
        const cue = re.exec(seg.text);
        const name = cue ? NAME_AFTER.exec(seg.text.slice(cue.index + cue[0].length))?.[1] : undefined;
        if (name) add(name, base + bonus, true);
      }
      // "Make checks payable to:" above, the organisation on the next line.
      if (REMIT_RE.test(prevText) && /:\s*$/.test(prevText) && seg.x0 <= (layout.lines[i - 1]?.segments[0]?.x1 ?? Infinity)) {
        const name = /^([A-Z][\w'&.-]*(?:\s+(?:[A-Z][\w'&.-]*|of|and|&|the))*)$/.exec(seg.text.trim())?.[1];
        if (name && !/\d/.test(name)) add(name, base + 1, true);
      }
      for (const name of namesSpelledBy(seg, labels)) add(name, base + 2, true);
    }
  });
  // A name printed again and again is the letterhead's.
  for (const candidate of scores.values()) candidate.score += Math.min(3, 0.3 * countMentions(layout.text, candidate.name));
  const ranked = [...scores.values()].sort((a, b) => b.score - a.score);
  const best = ranked[0];
  // "PG&E" everywhere, "Pacific Gas and Electric Company" in the fine print: the full name.
  const full = best && !/\s/.test(best.name) ? ranked.find((c) => c !== best && abbreviates(best.name, c.name)) : undefined;
  return full && best ? { name: full.name, score: best.score + full.score } : (best ?? null);
}

/** True when a brand is made of the leading letters of a name's words: "PG&E", "FPL", "ComEd", "SoCalGas". */
export function abbreviates(brand: string, name: string): boolean {
  const letters = brand.toLowerCase().replace(/[^a-z0-9]/g, '');
  const words = nameKey(name)
    .split(' ')
    .filter((w) => w !== 'and' && w !== 'of' && w !== 'the');
  const fits = (at: number, word: number): boolean => {
    if (at === letters.length) return word === words.length;
    const w = words[word];
    if (!w) return false;
    for (let k = Math.min(w.length, letters.length - at); k >= 1; k--) if (w.startsWith(letters.slice(at, at + k)) && fits(at + k, word + 1)) return true;
    return false;
  };
  return letters.length >= 2 && words.length >= 2 && fits(0, 0);
}

/**
 * "ROBERT LIGHT" over "1234 Main St": a person's name heading a street address. Organisations
 * print a suffix, an "&", three words or more, or a post-office box.
 */
function looksLikeAddressee(layout: Layout, lineIndex: number, name: string): boolean {
  const words = name.split(/\s+/);
  if (words.length !== 2 || /&|\band\b/i.test(name)) return false;
  const next = layout.lines[lineIndex + 1];
  return next !== undefined && next.page === layout.lines[lineIndex]?.page && HOUSE_ADDRESS.test(next.text);
}

/** Printed names a web address on the bill spells: "Hydro Ottawa" for hydroottawa.com, "National Grid" for nationalgridus.com. */
function namesSpelledBy(seg: Segment, labels: Set<string>): string[] {
  if (labels.size === 0) return [];
  const tokens = nameTokens(seg.text);
  const found: string[] = [];
  for (let p = 0; p < tokens.length; p++) {
    let squeezed = '';
    for (let n = 1; n <= 5 && p + n <= tokens.length; n++) {
      const token = tokens[p + n - 1];
      const first = tokens[p];
      if (!token || !first) break;
      const raw = seg.text.slice(token.start, token.end).normalize('NFKD').toLowerCase().replace(/[^a-z0-9&]/g, '');
      if (!['and', '&', 'the', 'of'].includes(raw)) squeezed += raw;
      if (!/^[A-Z]/.test(seg.text.slice(first.start)) || squeezed.length < 3) continue;
      const spelled = [...labels].some((l) => l === squeezed || (squeezed.length >= 5 && l.startsWith(squeezed) && l.length - squeezed.length <= 3));
      if (!spelled) continue;
      let end = p + n;
      while (end < tokens.length && CORPORATE_WORDS.has(tokens[end]?.word ?? '')) end++;
      found.push(seg.text.slice(first.start, tokens[end - 1]?.end ?? token.end).replace(/['’]s$/, ''));
    }
  }
  return found;
}

function countMentions(text: string, name: string): number {
  const body = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return (text.match(new RegExp(`(?<![\\w&])${body}(?![\\w&])`, 'gi')) ?? []).length;
}

/** Drops leading filler words ("Visit Acme Power" → "Acme Power", OCR's stray "J Hydro") and trailing punctuation. */
function cleanName(raw: string): string {
  const words = raw
    .trim()
    .replace(/['’]s$/, '')
    .replace(/(?<!\b(?:Inc|Co|Corp|Ltd|L\.P|L\.L\.C))[,.!:;]+$/, '')
    .split(/\s+/);
  while (words.length > 1 && (LEADING_FILLER.test(words[0] ?? '') || (/^[A-Za-z]$/.test(words[0] ?? '') && words[1] !== '&'))) words.shift();
  while (words.length > 1 && /^(?:of|and|&|the)$/i.test(words[words.length - 1] ?? '')) words.pop();
  return words.join(' ');
}
