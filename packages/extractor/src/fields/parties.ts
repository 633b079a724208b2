import { CUSTOMER_NAME_LABELS, SERVICE_ADDRESS_LABELS } from './labels.ts';
import type { Layout, Segment } from './layout.ts';
import { findLabels, pairValue, type Found } from './pairing.ts';
import { Votes } from './votes.ts';
import { wrappedPairs } from './wrapped.ts';

const STREET_RE = /^(?:\d+[A-Z]?(?:-\d+)?\s+[A-Za-z0-9][A-Za-z0-9.,'#&/ -]{2,90}|P\.?\s?O\.?\s+Box\s+\d+.*)$/i;
const CITY_RE = /^[A-Za-z][A-Za-z .'-]{1,40},?\s+(?:[A-Z]{2}|[A-Z][a-z]+)\.?,?\s+(?:\d{5}(?:-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d)$/;
const NOT_NAME =
  /\b(?:service|accounts?|department|dept|office|team|division|statement|bill|billing|amount|due|date|customer|charges?|payment|total|balance|electric|energy|gas|water|power|company|llc|box|page|summary|details?|usage|meter|period|your|here|please|thank|contact|address|location|information|rate|plan|make|checks?|payable|return|portion|enclosed|detach|mail|online|visit|call|hello|hi|dear|welcome|p\.?o\.?)\b/i;

const MONTH_WORD = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?(?![a-z])/i;
const NUMERIC_DATE = /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}\b/;

/** A date or a date range ("08 Apr 2025 - 06 May 2025") looks like "number + words" too. */
function looksLikeDate(text: string): boolean {
  const rest = text.replace(/^\d+/, '');
  return NUMERIC_DATE.test(text) || (MONTH_WORD.test(rest) && /\b(?:19|20)\d{2}\b/.test(rest));
}

const PO_BOX_RE = /\bP\.?\s?O\.?\s+Box\b/i;
/** Words of an organisation's name: its address is where to write, not where service is. */
const ORGANISATION_RE = /\b(?:company|co|inc|llc|ltd|corp(?:oration)?|utilit(?:y|ies)|electric|power|energy|gas|water|authority|department|city|county|district|cooperative|co-op|remit|mail|send|payments?)\b/i;

export function parseStreet(text: string): Found<string>[] {
  const t = text.trim().replace(/\s{2,}/g, ' ');
  if (!STREET_RE.test(t) || /\$|\d+\.\d{2}\b/.test(t) || /^\d+\s*(?:kwh|therms?|ccf|gallons|days?)\b/i.test(t)) return [];
  if (looksLikeDate(t)) return [];
  if (!/[A-Za-z]{2,}/.test(t.replace(/^\d+/, ''))) return [];
  return [{ value: t, start: 0, end: text.length }];
}

/** "PASADENA. CA 91109" (OCR read the comma as a period) → "PASADENA, CA 91109". */
function cleanCity(text: string): string {
  return text.trim().replace(/\.\s+([A-Z]{2}\.?\s+\d{5})/, ', $1');
}

export function isCityLine(text: string): boolean {
  return CITY_RE.test(text.trim());
}

export function parseName(text: string): Found<string>[] {
  const t = text.trim().replace(/\s{2,}/g, ' ').replace(/[,;]$/, '');
  if (!/^[A-Za-z][A-Za-z.'-]*(?:,?\s+(?:[A-Za-z][A-Za-z.'-]*|&|and)){1,5}$/.test(t)) return [];
  if (NOT_NAME.test(t)) return [];
  if (t === t.toLowerCase()) return [];
  // Every word of a name is capitalised but its particles ("de", "van", "and"): a sentence
  // ("database against a database of …") is not a name.
  if (t.split(/\s+/).some((w) => /^[a-z]/.test(w) && !NAME_PARTICLES.has(w))) return [];
  return [{ value: t, start: 0, end: text.length }];
}

const NAME_PARTICLES = new Set(['de', 'del', 'della', 'der', 'di', 'da', 'du', 'dos', 'das', 'la', 'le', 'van', 'von', 'y', 'e', 'and', 'of', 'the', 'bin', 'al']);

/** A business's legal form ending its name ("HARBOR VIEW BAKERY LLC", "Smith & Sons, Inc."). */
const LEGAL_FORM_RE = /,?\s+(?:llc|l\.l\.c\.|inc\.?|incorporated|corp\.?|corporation|co\.?|company|ltd\.?|llp|pllc|p\.?c\.|lp)$/i;

/** A person's name, or a business's name with its legal form; never a utility's. */
export function parseHolder(text: string): Found<string>[] {
  const person = parseName(text);
  if (person.length > 0) return person;
  const t = text.trim().replace(/\s{2,}/g, ' ');
  const form = LEGAL_FORM_RE.exec(t);
  if (!form) return [];
  const name = t.slice(0, form.index);
  if (!/^[A-Za-z0-9][A-Za-z0-9&'.,-]*(?:\s+[A-Za-z0-9&'.,-]+){0,6}$/.test(name) || !/[A-Za-z]{2,}/.test(name) || NOT_NAME.test(name)) return [];
  return [{ value: t, start: 0, end: text.length }];
}

/**
 * The segment left-aligned with `seg` on the nearest line below (dir 1) or above (dir -1) that
 * has one, within a few line heights. OCR may order lines of mixed heights loosely, so this
 * looks at neighbouring lines by position rather than by index only.
 */
function alignedNeighbour(layout: Layout, seg: Segment, dir: 1 | -1, accept: (s: Segment) => boolean): Segment | null {
  let best: { seg: Segment; dy: number } | null = null;
  for (let i = seg.line - 3; i <= seg.line + 3; i++) {
    const line = layout.lines[i];
    if (!line || i === seg.line || line.page !== seg.page) continue;
    const dy = (line.y - seg.y) * dir;
    if (dy < seg.height * 0.4 || dy > seg.height * 4) continue;
    for (const s of line.segments) {
      if (Math.abs(s.x0 - seg.x0) >= seg.height * 1.5 || !/[A-Za-z0-9]{2,}/.test(s.text)) continue;
      if (!best || dy < best.dy) best = { seg: s, dy };
    }
  }
  return best && accept(best.seg) ? best.seg : null;
}

/** OCR reads the street suffix "Pl" as "PI". */
function cleanStreet(text: string): string {
  return text.trim().replace(/\bPI\b(?=\s*(?:,|$|\s+(?:Apt|Ste|Unit|#)))/g, 'Pl');
}

/** A street line plus the city line printed under it, joined "street, city, ST zip". */
function withCityLine(layout: Layout, seg: Segment, street: string): string {
  const cleaned = cleanStreet(street);
  if (/\b[A-Z]{2}\s+\d{5}\b|\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/.test(cleaned)) return cleaned;
  const city = alignedNeighbour(layout, seg, 1, (s) => isCityLine(s.text));
  return city ? `${cleaned}, ${cleanCity(city.text)}` : cleaned;
}

interface AddressBlock {
  name: Segment | null;
  /** The name with the line it wrapped from ("THE PALACE AT WASHINGTON SQUARE" / "OWNERS ASSOCIATION"). */
  wrappedName?: string;
  street: Segment;
  address: string;
}

const COMPLETE_NAME = /\b(?:INC|INCORPORATED|LLC|L\.L\.C|LLP|LP|CORP|CORPORATION|CO|COMPANY|LTD|LIMITED|PLLC|PC|PA|NA|TRUST)\.?$/;

/**
 * A long name printed in capitals wraps onto a second line: the capitals line just above the
 * name (within a line and a half, aligned, no digits, no label or organisation words) begins it;
 * a line above that ends in a legal form ("… INC") is the whole name.
 */
function wrappedName(layout: Layout, name: Segment): string | undefined {
  const text = name.text.trim();
  if (text !== text.toUpperCase()) return undefined;
  const above = alignedNeighbour(layout, name, -1, (s) => {
    const t = s.text.trim();
    return t === t.toUpperCase() && /^[A-Z][A-Z&'.,-]*(?:\s+[A-Z&'.,-]+){0,6}$/.test(t) && !NOT_NAME.test(t) && Math.abs(s.x0 - name.x0) < name.height * 0.6;
  });
  const line = above ? layout.lines[above.line] : undefined;
  const own = layout.lines[name.line];
  if (!above || !line || !own || own.y - line.y > name.height * 1.6) return undefined;
  // A name that ends in its legal form ("HARBORSIDE GRILL INC") is whole: the line under it is
  // another party (a parent company, an attention line), not the rest of the name; the first
  // line names the customer.
  if (COMPLETE_NAME.test(above.text.trim())) return above.text.trim();
  return `${above.text.trim()} ${text}`;
}

/**
 * "6920 E JEFFERSON RD, SAN JOSE, CA 95116": street and city on one line, split at the comma
 * after which the rest reads as a city line. Null when the text is not a whole address.
 */
export function splitOneLineAddress(text: string): { street: string; city: string } | null {
  const t = text.trim().replace(/\s{2,}/g, ' ');
  for (let i = t.indexOf(','); i > 0; i = t.indexOf(',', i + 1)) {
    const street = t.slice(0, i).trim();
    const city = t.slice(i + 1).trim();
    if (isCityLine(city) && parseStreet(street).length > 0) return { street, city };
  }
  return null;
}

/**
 * Mailing-address blocks: [name] / street / city-state-zip aligned on the left, or [name] /
 * the whole address on one line (a segment, or a line whose words the text layer spread into
 * several segments).
 */
function findAddressBlocks(layout: Layout): AddressBlock[] {
  const blocks: AddressBlock[] = [];
  // A business over a PO box is most often the utility's own remittance address.
  const nameAbove = (seg: Segment) => alignedNeighbour(layout, seg, -1, (s) => (PO_BOX_RE.test(seg.text) ? parseName(s.text) : parseHolder(s.text)).length > 0);
  const block = (name: Segment | null, street: Segment, address: string): AddressBlock => ({ name, street, address, wrappedName: name ? wrappedName(layout, name) : undefined });
  for (const line of layout.lines) {
    for (const seg of line.segments) {
      if (parseStreet(seg.text).length === 0) continue;
      const oneLine = splitOneLineAddress(seg.text);
      if (oneLine) {
        blocks.push(block(nameAbove(seg), seg, `${cleanStreet(oneLine.street)}, ${cleanCity(oneLine.city)}`));
        continue;
      }
      const city = alignedNeighbour(layout, seg, 1, (s) => isCityLine(s.text));
      if (city) {
        blocks.push(block(nameAbove(seg), seg, `${cleanStreet(seg.text)}, ${cleanCity(city.text)}`));
        continue;
      }
      // From the line's first segment, the whole line may read as one address (the text layer
      // spread its words apart); a line that goes on into another column does not.
      const first = line.segments[0];
      const whole = splitOneLineAddress(line.segments.map((s) => s.text).join(' '));
      if (seg === first && whole) {
        blocks.push(block(nameAbove(seg), seg, `${cleanStreet(whole.street)}, ${cleanCity(whole.city)}`));
      }
    }
  }
  return blocks;
}

const PROSE_SERVICE_ADDRESS_RE = /\b(?:service|premises|property)\s+(?:at|to|address\s+is|location\s+is)\s*:?\s+(\d+[A-Z]?\s+[A-Za-z0-9 .'#/-]{2,60},\s*[A-Za-z .'-]{2,40},?\s+[A-Z]{2}\.?\s+\d{5}(?:-\d{4})?)(?!\d)/gi;

export function findServiceAddress(layout: Layout): { value: string; confidence: number } | null {
  const votes = new Votes<string>();
  let blocks: AddressBlock[] | undefined;
  for (const hit of findLabels(layout, SERVICE_ADDRESS_LABELS)) {
    const paired = pairValue(layout, hit, parseStreet, { right: true, below: true, reach: 2 });
    if (!paired) continue;
    let full = withCityLine(layout, paired.seg, paired.value);
    if (full === cleanStreet(paired.value)) {
      // No city line read under the labelled street: the same street in a mailing block
      // (address window, remittance stub) carries it.
      blocks ??= findAddressBlocks(layout);
      const key = normalizeKey(cleanStreet(paired.value));
      const same = blocks.find((b) => normalizeKey(b.address).startsWith(key));
      if (same) full = same.address;
    }
    votes.add(full, paired.score + (full !== paired.value ? 0.2 : 0), normalizeKey(full));
  }
  // A letter names the premises in a sentence ("your statement for service at 6219 CEDAR RD,
  // BATON ROUGE, LA 70809."), often wrapped onto the next line.
  for (const text of [...layout.lines.map((l) => l.text), ...wrappedPairs(layout).map((w) => w.text)]) {
    for (const m of text.matchAll(PROSE_SERVICE_ADDRESS_RE)) {
      const address = (m[1] ?? '').replace(/\s+/g, ' ').trim();
      votes.add(address, 0.7, normalizeKey(address));
    }
  }
  if (votes.size === 0) {
    // No service-address label read: the customer's mailing block is the best guess, unless a
    // second street address stands on its own (no person's or organisation's name over it) —
    // then that one is the service location whose label was unreadable.
    const blocks = findAddressBlocks(layout).filter((b) => !PO_BOX_RE.test(b.address));
    const mailing = blocks.find((b) => b.name);
    const other = blocks.find(
      (b) => !b.name && normalizeKey(b.address) !== normalizeKey(mailing?.address ?? '') && !ORGANISATION_RE.test(alignedNeighbour(layout, b.street, -1, () => true)?.text ?? ''),
    );
    if (mailing && other) votes.add(other.address, 0.4, normalizeKey(other.address));
    else if (mailing) votes.add(mailing.address, 0.5, normalizeKey(mailing.address));
  }
  const best = votes.best();
  return best ? { value: best.value, confidence: best.confidence } : null;
}

/** `provider`: the utility's name as read, never the account holder's. */
export function findCustomerName(layout: Layout, provider: string | null = null): { value: string; confidence: number } | null {
  const votes = new Votes<string>();
  const utility = normalizeKey(provider?.split(/\s+/)[0] ?? '');
  const add = (name: string, score: number) => {
    if (utility.length < 4 || !normalizeKey(name).startsWith(utility)) votes.add(name, score, normalizeKey(name));
  };
  for (const hit of findLabels(layout, CUSTOMER_NAME_LABELS)) {
    const paired = pairValue(layout, hit, parseName, { right: true, below: true, reach: 2 });
    if (paired) add(paired.value, paired.score);
  }
  for (const block of findAddressBlocks(layout)) {
    if (block.wrappedName) add(block.wrappedName, 0.65);
    // Under a whole name (it ends in its legal form), the block's own name line is another party.
    const underWhole = block.wrappedName !== undefined && block.name !== null && !block.wrappedName.endsWith(block.name.text.trim());
    if (block.name && !underWhole) add(block.name.text.trim(), 0.6);
  }
  // A name printed just above the "Service Address:" line, aligned with it.
  for (const hit of findLabels(layout, SERVICE_ADDRESS_LABELS)) {
    const seg = alignedNeighbour(layout, hit.seg, -1, (s) => parseName(s.text).length > 0);
    if (seg) add(seg.text.trim(), 0.4);
  }
  // A greeting ("Hello Maria,") names the reader, often by first name only: not the account
  // holder's name. A full name in a letter's greeting ("Dear Maria Lopez,") is, weakly.
  for (const line of layout.lines) {
    const greeting = /^(?:dear|hello|hi)\s+(.+?)\s*[,:]?$/i.exec(line.segments[0]?.text.trim() ?? '');
    const name = greeting?.[1] && !/^(?:customer|member|neighbou?r|friend|valued)\b/i.test(greeting[1]) ? parseName(greeting[1])[0]?.value : undefined;
    if (name && name.split(/\s+/).length >= 2) add(name, 0.35);
  }
  const best = votes.best();
  return best ? { value: best.value, confidence: best.confidence } : null;
}

function normalizeKey(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]/g, '');
}
