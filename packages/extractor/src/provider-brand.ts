import { getDirectory, type DirectoryIndex } from './fields/provider-directory.ts';
import { GENERIC_NAME_WORDS, nameKey } from './fields/provider-names.ts';
import type { DocumentText, FieldValue } from './types.ts';

/**
 * The brand a customer knows beside the utility's legal name: "NSTAR ELECTRIC COMPANY D/B/A
 * EVERSOURCE ENERGY" is NSTAR Electric Company (legal) doing business as Eversource Energy
 * (brand). Read from a "d/b/a" / "doing business as" line of the bill that names the provider,
 * else from the utility directory: a directory name ending in "d/b/a Brand", or a brand whose
 * names include the legal name's distinctive first words ("NSTAR" for Eversource Energy).
 */

const DBA = /^(.*?[A-Za-z0-9.)])\s*,?\s+(?:d\s?\/\s?b\s?\/\s?a|d\.b\.a\.?|dba|doing\s+business\s+as|trading\s+as)\s*:?\s+(.+)$/i;

export interface ProviderNames {
  /** The legal name (what the bill names as the company), in the directory's or title casing. */
  legalName: string;
  /** The brand the customer knows, when it differs from the legal name. */
  brand: FieldValue<string | null>;
}

/** Short words title-cased like any other; other words of up to three letters are initialisms ("EMC", "PUD", "LLC"). */
const SHORT_WORDS = new Set(['AND', 'OF', 'THE', 'GAS', 'CO', 'INC', 'FOR', 'BY', 'CITY', 'OIL']);

const clean = (s: string) => s.split(/\s{3,}/)[0]?.replace(/[\s,;:.-]+$/, '').trim() ?? '';

/** A name printed in capitals, in the casing the directory gives it, else in title case ("PG&E", "EMC" kept). */
export function displayCase(name: string, directory: DirectoryIndex = getDirectory()): string {
  if (/[a-z]/.test(name)) return name;
  const key = nameKey(name);
  for (const i of directory.byKey.get(key) ?? []) {
    const org = directory.orgs[i];
    const spelled = org?.names.find((n) => n.toUpperCase() === name.toUpperCase()) ?? (org && nameKey(org.name) === key && org.name.toUpperCase().startsWith(name.toUpperCase()) ? org.name.slice(0, name.length) : undefined);
    if (spelled) return spelled;
  }
  return name.replace(/[A-Z][A-Z'’]*/g, (word) => (word.length <= 3 && !SHORT_WORDS.has(word) ? word : word[0] + word.slice(1).toLowerCase()));
}

function sameOrg(a: string, b: string): boolean {
  const ka = nameKey(a);
  const kb = nameKey(b);
  return ka !== '' && kb !== '' && (ka === kb || ` ${ka} `.includes(` ${kb} `) || ` ${kb} `.includes(` ${ka} `));
}

/** The d/b/a lines of the document: [legal, brand]. */
function dbaLines(doc: DocumentText): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const page of doc.pages) {
    for (const line of page.lines) {
      const m = DBA.exec(line.text.trim());
      const legal = clean(m?.[1]?.split(/\s{3,}/).at(-1) ?? '');
      const brand = clean(m?.[2] ?? '');
      if (legal.length >= 3 && brand.length >= 3 && /[A-Za-z]{2}/.test(brand)) out.push([legal, brand]);
    }
  }
  return out;
}

/** The directory's brand for a legal name: "X d/b/a Brand" entries, or a brand known by X's distinctive first words. */
function directoryBrand(legal: string, directory: DirectoryIndex): string | null {
  const key = nameKey(legal);
  const words = key.split(' ');
  for (const i of directory.byKey.get(key) ?? []) {
    const m = DBA.exec(directory.orgs[i]?.name ?? '');
    if (m?.[2]) return clean(m[2]);
  }
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const prefix = words.slice(0, n);
    if (prefix.every((w) => GENERIC_NAME_WORDS.has(w))) continue;
    for (const i of directory.byKey.get(prefix.join(' ')) ?? []) {
      const org = directory.orgs[i];
      if (!org || sameOrg(org.name, legal) || org.source !== 'hand') continue;
      // The brand adds something: not just the legal name's own first words ("Duke Energy" of "Duke Energy Carolinas").
      if (` ${key} `.startsWith(` ${nameKey(org.name)} `)) continue;
      const dba = DBA.exec(org.name);
      return dba?.[2] ? clean(dba[2]) : org.name;
    }
  }
  return null;
}

/**
 * The provider's legal name and brand, given the provider the rules read (`provider`, null when
 * none). Returns null when no brand is known and the name read needs nothing.
 */
export function findProviderNames(doc: DocumentText, provider: string | null, directory: DirectoryIndex = getDirectory()): ProviderNames | null {
  const lines = dbaLines(doc);
  const printed = provider === null ? lines[0] : lines.find(([legal, brand]) => sameOrg(legal, provider) || sameOrg(brand, provider));
  if (printed) {
    const [legal, brand] = printed;
    return { legalName: displayCase(legal, directory), brand: { value: displayCase(brand, directory), confidence: provider === null ? 0.6 : 0.9 } };
  }
  if (provider === null) return null;
  const stripped = DBA.exec(provider);
  const legal = stripped?.[1] ? clean(stripped[1]) : provider;
  const brand = stripped?.[2] ? clean(stripped[2]) : directoryBrand(legal, directory);
  if (!brand || sameOrg(brand, legal)) return null;
  return { legalName: legal, brand: { value: displayCase(brand, directory), confidence: stripped ? 0.9 : 0.8 } };
}
