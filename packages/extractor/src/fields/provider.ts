import type { BillType } from '../types.ts';
import type { Layout } from './layout.ts';
import { getDirectory, type DirectoryIndex } from './provider-directory.ts';
import { matchDirectory, type DirectoryMatch } from './provider-match.ts';
import { GENERIC_NAME_WORDS, nameKey } from './provider-names.ts';
import { matchPrinted } from './provider-printed.ts';

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
  /** The directory's full name of the provider, when it differs from the name printed on the bill. */
  directoryName?: string;
}

/**
 * The provider: an organisation of the utility directory named on the bill (names, aliases
 * and web domains, weighted by where they are printed), else a company-looking name read
 * from the bill's letterhead, remit-to, thanks and web address. The printed full name wins
 * over the directory's spelling.
 */
export function findProvider(layout: Layout): ProviderGuess | null {
  return findProviderIn(layout, getDirectory());
}

/** findProvider with a given directory (tests use small ones). */
export function findProviderIn(layout: Layout, directory: DirectoryIndex): ProviderGuess | null {
  const known = matchDirectory(layout, directory);
  const printed = matchPrinted(layout);
  if (known && printed && printed.score >= 2) {
    const knownKey = nameKey(known.printed ?? known.org.name);
    const printedKey = nameKey(printed.name);
    // "City of Springfield" known, "City of Springfield Utilities" printed: the printed name, the known facts.
    if (printedKey !== knownKey && ` ${printedKey} `.includes(` ${knownKey} `)) return { ...fromDirectory(known), name: printed.name };
    // Known by its web domain only, its full name printed: "Enbridge Gas Distribution Inc." over the directory's affiliate.
    if (known.namedBy === 'other' && firstDistinctiveWord(printedKey) === firstDistinctiveWord(nameKey(known.org.name))) {
      const { state: _state, eiaId: _eiaId, directoryName: _name, ...kind } = fromDirectory(known);
      return { ...kind, name: printed.name };
    }
  }
  // A retail supplier or community-choice programme is the answer only when no utility is named.
  const role = known?.org.ownership;
  const margin = role === 'retail_marketer' || role === 'community_choice' ? 0.5 : 1.5;
  if (known && !(printed && printed.score > known.score * margin)) return fromDirectory(known);
  if (!printed) return null;
  return { name: printed.name, confidence: Math.min(0.7, 0.3 + printed.score / 10), type: serviceOfName(printed.name), source: 'printed' };
}

const SERVICE_WORDS: Array<[BillType, RegExp]> = [
  ['electricity', /\b(?:electric(?:al|ity)?|power|light|hydro|edison|illuminating|emc|pud)\b/i],
  ['natural_gas', /\b(?:gas|propane)\b/i],
  ['water', /\b(?:water|sewer|wastewater|sanitation|sanitary)\b/i],
  ['internet', /\b(?:communications|telephone|telecom(?:munications)?|broadband|fiber|internet|cable|wireless)\b/i],
];

/** "Cedar Creek Water District" sells water; "Lakeshore Gas & Electric" more than one service. */
function serviceOfName(name: string): BillType | 'multi' | null {
  const services = SERVICE_WORDS.filter(([, re]) => re.test(name)).map(([type]) => type);
  if (services.length > 1) return 'multi';
  return services[0] ?? null;
}

function fromDirectory(m: DirectoryMatch): ProviderGuess {
  // A lower-case logo ("xfinity") reads better in the directory's casing.
  const printed = m.printed && m.printed !== m.printed.toLowerCase() ? m.printed : null;
  const sameKey = printed ? null : m.org.names.find((n) => m.printed && nameKey(n) === nameKey(m.printed));
  const name = printed ?? sameKey ?? m.org.name;
  return {
    name,
    confidence: Math.min(0.95, 0.55 + m.score / 20),
    type: m.org.type,
    source: 'directory',
    ...(m.state ? { state: m.state } : {}),
    ...(m.org.eiaId !== undefined ? { eiaId: m.org.eiaId } : {}),
    ...(name !== m.org.name ? { directoryName: m.org.name } : {}),
  };
}

function firstDistinctiveWord(key: string): string | undefined {
  return key.split(' ').find((w) => !GENERIC_NAME_WORDS.has(w));
}
