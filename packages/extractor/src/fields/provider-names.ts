/**
 * Name normalisation shared by the utility directory's build script and the matcher, so a
 * name printed on a bill and a directory name reduce to the same key: lower case, accents
 * and punctuation dropped, "&" read as "and", abbreviations spelled out ("Elec Coop" →
 * "electric cooperative"), corporate suffixes ("Inc", "Company", "LLC") dropped at the end.
 */

export interface NameToken {
  /** Canonical form: lower case, abbreviation spelled out. */
  word: string;
  /** Character offsets of the token in the source text. */
  start: number;
  end: number;
}

/** Abbreviations found in EIA names and on bills, to the word they stand for. */
const SYNONYMS: Record<string, string> = {
  co: 'company',
  cmpny: 'company',
  corp: 'corporation',
  coop: 'cooperative',
  cooperatve: 'cooperative',
  elec: 'electric',
  assn: 'association',
  assoc: 'association',
  member: 'membership',
  dist: 'district',
  pwr: 'power',
  lgt: 'light',
  lt: 'light',
  wtr: 'water',
  util: 'utilities',
  utils: 'utilities',
  utility: 'utilities',
  pub: 'public',
  mun: 'municipal',
  muni: 'municipal',
  comm: 'commission',
  dept: 'department',
  svc: 'service',
  svcs: 'service',
  serv: 'service',
  services: 'service',
  systems: 'system',
  sys: 'system',
  wks: 'works',
  rrl: 'rural',
  irr: 'irrigation',
  agny: 'agency',
  auth: 'authority',
  saint: 'st',
  mt: 'mount',
  ft: 'fort',
  number: 'no',
  incorporated: 'inc',
  ltd: 'limited',
  natl: 'national',
  cnty: 'county',
  twp: 'township',
  brd: 'board',
};

/** Words of utility names, labels and filler: alone they say nothing about who the utility is. */
export const UTILITY_VOCABULARY = new Set(
  (
    'the of and a an for to in on at by your our my energy electric electricity power light gas natural water sewer ' +
    'wastewater waste storm stormwater utilities service public municipal company corporation cooperative association ' +
    'membership district department authority commission board system works rural county city town village state ' +
    'solutions retail marketing holdings group partners plus home smart green clean choice direct total account summary ' +
    'billing bill details usage charges delivery supply customer payment information residential commercial'
  ).split(' '),
);
/** Common words that name utilities only together with others ("United Electric Cooperative"). */
export const COMMON_NAME_WORDS = new Set(
  'national american united first general community regional area valley river lake mountain north south east west northern southern eastern western central new best'.split(
    ' ',
  ),
);
/** Words that do not single out one organisation. */
export const GENERIC_NAME_WORDS = new Set([...UTILITY_VOCABULARY, ...COMMON_NAME_WORDS]);

/** The spellings that canonicalise to a word: "utilities" ← "utility", "util", "utils". */
export function spellingsOf(word: string): string[] {
  return [word, ...Object.keys(SYNONYMS).filter((k) => SYNONYMS[k] === word)];
}

/** Suffixes a bill may print or leave out: dropped from the end of a key. */
export const CORPORATE_WORDS = new Set(['inc', 'llc', 'company', 'corporation', 'limited', 'lp', 'llp', 'plc', 'pllc', 'dba']);

function fold(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * Tokens of a text with their offsets. "&" becomes the token "and", "Co-op" becomes
 * "cooperative"; apostrophes and periods inside a word are dropped ("People's" → "peoples",
 * "D.C." → "dc").
 */
export function nameTokens(text: string): NameToken[] {
  const folded = fold(text);
  const tokens: NameToken[] = [];
  const re = /&|[A-Za-z0-9]+(?:['’.][A-Za-z0-9]+)*\.?(?:-op\b)?/g;
  for (const m of folded.matchAll(re)) {
    const raw = m[0];
    const start = m.index;
    const end = start + raw.length;
    if (raw === '&') {
      tokens.push({ word: 'and', start, end });
      continue;
    }
    let word = raw.toLowerCase().replace(/['’.]/g, '');
    if (word === 'co-op') word = 'cooperative';
    // OCR reads letters as look-alike digits inside words ("JACKS0N"); "MP2", "V247" keep theirs.
    if (/\d/.test(word) && (word.match(/[a-z]/g) ?? []).length >= 3 && (word.match(/\d/g) ?? []).length === 1) word = word.replace(/0/g, 'o').replace(/1/g, 'l').replace(/5/g, 's');
    word = SYNONYMS[word] ?? word;
    tokens.push({ word, start, end });
  }
  return tokens;
}

/** Drops a leading "the" and trailing corporate words, keeping at least one word. */
export function trimKeyWords(words: string[]): string[] {
  let from = 0;
  let to = words.length;
  if (words[0] === 'the' && to > 1) from = 1;
  while (to - from > 1 && CORPORATE_WORDS.has(words[to - 1] ?? '')) to--;
  return words.slice(from, to);
}

/** The matching key of a name: canonical words joined by single spaces. */
export function nameKey(name: string): string {
  return trimKeyWords(nameTokens(name).map((t) => t.word)).join(' ');
}

/**
 * A name squeezed for comparison with a web domain: "Northwind Power & Light Co." →
 * "northwindpowerlight"; "utilities" is read as "utility", as domains mostly spell it. With
 * `keepOf`, "City of Ames" → "cityofames".
 */
export function domainSkeleton(name: string, keepOf = false): string {
  return nameKey(name)
    .split(' ')
    .filter((w) => w !== 'and' && w !== 'the' && (keepOf || w !== 'of'))
    .map((w) => (w === 'utilities' ? 'utility' : w))
    .join('');
}

/** The distinctive part of a web domain: "www.northwind-power.com/pay" → "northwindpower". */
export function domainLabel(domain: string): string {
  const host = domain.toLowerCase().replace(/^(?:https?:\/\/)?(?:www\d?\.)?/, '').split('/')[0] ?? '';
  const parts = host.split('.').filter(Boolean);
  // The registrable label: the last but one ("pay.northwind.com" → "northwind").
  const label = parts.length >= 2 ? (parts[parts.length - 2] ?? '') : (parts[0] ?? '');
  return label.replace(/[^a-z0-9]/g, '');
}

/** Edit distance with an upper bound; returns bound + 1 once the distance exceeds it. */
export function boundedLevenshtein(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > bound) return bound + 1;
    prev = cur;
  }
  return prev[b.length] ?? bound + 1;
}
