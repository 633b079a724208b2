import type { Layout, LayoutLine } from './layout.ts';

/** A third-party supplier's section names the supplier, not the utility that bills. */
export const SUPPLIER_RE = /\b(?:supplier|supply|generation (?:provider|service)|esco|billing service|other companies|energy service company)\b/i;
/** The remittance stub names the organisation the money goes to. */
export const REMIT_RE = /\b(?:payable to|remit(?:tance)? to|pay to the order of|mail (?:your )?payments? to)\b/i;
/** "Thank you for choosing X", "Thanks for being an X customer". */
export const CHOOSING_RE = /\bthank(?:s| you) for (?:choosing|being an? |your business with |using |paying )/i;

/** Labels of the customer's name and address block. */
export const CUSTOMER_RE = /\b(?:service for|customer name|account name|account holder|bill to|mail to|prepared for|customer\s*:|name\s*:|attn)\b/i;
/** A town followed by its state and postal code is an address ("City of Industry, CA 91716"). */
export const ADDRESS_TAIL = /^\s*,?\s*(?:[A-Z]{2}\.?\s+\d{5}|(?:AB|BC|MB|NB|NL|NS|ON|PE|QC|SK)\s+[A-Z]\d[A-Z])/;

/** A name followed by a street type is a street ("44 Georgia Power Rd"). */
export const STREET_TAIL = /^\s+(?:Rd|Road|St|Street|Ave|Avenue|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Hwy|Highway|Pkwy|Parkway|Ct|Court|Pl|Place|Cir|Circle|Ter|Trl)\b\.?/;

/**
 * "Liberty County", "Jackson Township": a place; "Dollar Energy Fund", "Spectrum Health",
 * "National Grid Foundation": another kind of organisation named like a provider.
 */
export const PLACE_TAIL =
  /^\s+(?:County|City|Township|Parish|Borough|Fund|Foundation|Alliance|Insurance|Health|Hospital|Days|Park|Bank|Mutual|Counsel|Stadium|Arena|University|College|School|Church|Home|Homes)\b/i;
/** A street address line: house number and street ("1234 Main St"), not a post-office box. */
export const HOUSE_ADDRESS = /^\s*\d{1,6}[A-Z]?\s+(?:[NSEW]\.?\s+)?[A-Za-z]/;

/** Lines high on page 1 carry the logo and letterhead; later pages are mostly fine print. */
export function positionFactor(line: LayoutLine): number {
  if (line.page === 0 && line.relY < 0.2) return 2;
  if (line.page === 0) return 1;
  return 0.5;
}

/** How much a mention on this line says about who bills: supplier sections count less, remit-to and thanks more. */
export function contextFactor(layout: Layout, index: number): number {
  const line = layout.lines[index];
  if (!line) return 0;
  const prev = layout.lines[index - 1]?.text ?? '';
  let factor = positionFactor(line);
  if (SUPPLIER_RE.test(`${prev} ${line.text}`)) factor *= 0.3;
  if (REMIT_RE.test(line.text) || REMIT_RE.test(prev)) factor *= 2;
  if (CHOOSING_RE.test(line.text)) factor *= 2;
  // The customer may be a business or a town with a utility-like name.
  if (CUSTOMER_RE.test(line.text) || CUSTOMER_RE.test(prev)) factor *= 0.2;
  return factor;
}

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' '),
);
const PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));

/**
 * The state or province of the addresses printed on the bill ("Springfield, IL 62701",
 * "Kitchener ON N2G 4R6"): the one named most often, or null.
 */
export function billState(layout: Layout): string | null {
  const counts = new Map<string, number>();
  for (const m of layout.text.matchAll(/\b([A-Z]{2})[ ,]+(\d{5}(?:-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d)\b/g)) {
    const code = m[1] ?? '';
    const isZip = /^\d/.test(m[2] ?? '');
    if (isZip ? US_STATES.has(code) : PROVINCES.has(code)) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : null;
}
