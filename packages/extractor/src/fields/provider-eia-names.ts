/**
 * EIA-861 spells utility names in a 40-character field with its own abbreviations
 * ("Alaska Electric Light&Power Co", "Consolidated Edison Co-NY Inc", "Baldwin County El Member
 * Corp", "City of Hinton - (IA)"). This turns such a name into the name a bill prints and the
 * shorter names bills also use ("Baldwin County EMC", "Hinton Municipal Utilities").
 */

import { GENERIC_NAME_WORDS, nameKey } from './provider-names.ts';

export interface PrintedNames {
  /** The name as a bill would print it in full. */
  name: string;
  /** Other names the organisation prints (initialisms, brand after "d/b/a", town forms). */
  aliases: string[];
}

/** Word abbreviations, to the printed word. */
const WORDS: Record<string, string> = {
  Coop: 'Cooperative',
  Elec: 'Electric',
  Assn: 'Association',
  'Assn.': 'Association',
  Corp: 'Corporation',
  'Corp.': 'Corporation',
  Co: 'Company',
  'Co.': 'Company',
  Comm: 'Commission',
  Dist: 'District',
  Dt: 'District',
  Pwr: 'Power',
  Lgt: 'Light',
  Wtr: 'Water',
  Utils: 'Utilities',
  Pub: 'Public',
  Mun: 'Municipal',
  Serv: 'Service',
  Rrl: 'Rural',
  Wks: 'Works',
  Irr: 'Irrigation',
  Agny: 'Agency',
  Sys: 'System',
  Dept: 'Department',
  Consol: 'Consolidated',
  "Gov't": 'Government',
  Proj: 'Project',
  'Univ.': 'University',
  Grp: 'Group',
  Inc: 'Inc.',
};

/** Spaced or run-together initialisms, to the words they stand for. */
const INITIALISMS: Array<[RegExp, string, string | null]> = [
  [/\bR\s?E\s?M\s?C\b/, 'Rural Electric Membership Corporation', 'REMC'],
  [/\bE\s?M\s?C\b/, 'Electric Membership Corporation', 'EMC'],
  [/\bR\s?E\s?C\s?C\b/, 'Rural Electric Cooperative Corporation', 'RECC'],
  [/\bR\s?E\s?C\b/, 'Rural Electric Cooperative', 'REC'],
  [/\bE\s?C\s?C\b/, 'Electric Cooperative Corporation', null],
  [/\bE\s?C\s?A\b/, 'Electric Cooperative Association', null],
  [/\bE\s?C\b/, 'Electric Cooperative', null],
  [/\bR\s?E\s?A\b/, 'Rural Electric Association', 'REA'],
  [/\bP\s?U\s?D\b/, 'Public Utility District', 'PUD'],
  [/\bP\s?P\s?D\b/, 'Public Power District', 'PPD'],
  [/\bE\s?P\s?A\b/, 'Electric Power Association', null],
  [/\bM\s?P\s?A\b/, 'Municipal Power Agency', null],
  [/\bL ?& ?P\b/, 'Light & Power', null],
  [/(?<=\S )E(?= Coop)/, 'Electric', null],
  [/\bW W & L\b/, 'Water Works & Light', null],
];

const STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};

const LOCAL_GOVERNMENT = /^(City|Town|Village|Borough|County|Township|City & Borough|City and Borough) of (.+)$/;

function tidy(s: string): string {
  return s.replace(/\s+/g, ' ').replace(/\s+,/g, ',').trim();
}

/** Strips EIA's state tags, truncation stubs and parentheses. */
function clean(raw: string): string {
  let s = raw.replace(/\s*-?\s*\([A-Z]{2}\)\s*$/, ''); // "City of Mulberry - (KS)"
  // "Consolidated Edison Co-NY Inc" is the Company of New York.
  s = s.replace(/\b(Co|Corp)-([A-Z]{2})\b/g, (m: string, word: string, code: string) => (STATES[code] ? `${word} of ${STATES[code]}` : word));
  s = s.replace(/\s+-\s+[A-Z][a-z]+$/, ''); // "Northern States Power Co - Minnesota"
  s = s.replace(/\s*\([^)]*\)?\s*/g, ' '); // "(US)", a truncated "(Granite State Electri"
  s = s.replace(/,\s*[A-Z]$/, ''); // "Mohave Electric Cooperative, I"
  s = s.replace(/&(?=\S)|(?<=\S)&/g, ' & '); // "Light&Power"
  s = s.replace(/^(PUD .* of \S+) Co$/, '$1 County'); // "PUD No 1 of Skamania Co"
  s = s.replace(/\bNo\.? ?(\d+)\b/g, 'No. $1'); // "Electrical Dist No8", "PUD No 1"
  return tidy(s);
}

function expandWords(s: string): string {
  let out = s;
  for (const [re, words] of INITIALISMS) out = out.replace(re, words);
  const words = out.split(' ');
  const expanded = words.map((w, i) => {
    const comma = w.endsWith(',') ? ',' : '';
    const bare = comma ? w.slice(0, -1) : w;
    const next = words[i + 1]?.replace(/,$/, '') ?? '';
    // "El" is Electric inside a co-op's name, never as a first word ("El Paso Electric").
    if (bare === 'El' && i > 0) return 'Electric' + comma;
    if (bare === 'Member' && /^Corp/.test(next)) return 'Membership' + comma;
    if ((bare === 'Util' || bare === 'Ut') && /^(?:Dist|Dt|District|Board|Authority|Commission)/.test(next)) return 'Utility' + comma;
    if (bare === 'Util' || bare === 'Ut') return 'Utilities' + comma;
    return (WORDS[bare] ?? bare) + comma;
  });
  return tidy(expanded.join(' ').replace(/(\S),? (Inc\.|LLC|L\.P\.|LP|Ltd\.?)$/, '$1, $2'));
}

/** Drops a trailing corporate suffix for the short printed form ("Kenergy Corporation" → "Kenergy"). */
function withoutSuffix(s: string): string {
  return s.replace(/,?\s+(?:Inc\.?|LLC|L\.P\.|LP|Ltd\.?|Company|Corporation)$/, '').trim();
}

/** The printed name and aliases of an EIA utility name. */
export function printedNamesOfEia(raw: string): PrintedNames {
  const aliases = new Set<string>();
  let base = raw;
  // "Choice Energy, LLC d/b/a 4 Choice Energy": the brand is what the bill prints.
  const dba = /\s+(?:d\/b\/a|dba|DBA)\s+(.+)$/.exec(raw);
  if (dba?.[1]) {
    base = dba[1];
    aliases.add(expandWords(clean(raw.slice(0, dba.index))));
  }
  const cleaned = clean(base);
  const name = expandWords(cleaned);
  for (const [re, , short] of INITIALISMS) {
    if (short && re.test(cleaned)) aliases.add(tidy(cleaned.replace(re, short).replace(/,?\s+Inc\.?$/, '')));
  }
  const stem = withoutSuffix(name);
  // Co-ops print "Pedernales Electric" big and "Cooperative, Inc." under it.
  const coop = /^(.+ Electric) (?:Cooperative|Membership Corporation|Association)(?:,? Inc\.)?$/.exec(name);
  if (coop?.[1] && nameKey(coop[1]).split(' ').some((w) => !GENERIC_NAME_WORDS.has(w))) aliases.add(coop[1]);
  const emc = / Electric Membership Corporation(?:,? Inc\.)?$/;
  if (emc.test(name)) aliases.add(name.replace(emc, ' EMC'));
  const pud = /^Public Utility District (?:No\. )?(\d+) of (.+)$/.exec(stem);
  if (pud?.[2]) {
    aliases.add(`${pud[2]} PUD`);
    aliases.add(`${pud[2]} Public Utility District`);
    aliases.add(`PUD No. ${pud[1]} of ${pud[2]}`);
  }
  const local = LOCAL_GOVERNMENT.exec(stem);
  // "California Utilities" would read as the state's: only towns get the short forms.
  if (local?.[2] && !Object.values(STATES).includes(local[2])) {
    const place = local[2];
    aliases.add(`${place} Utilities`);
    aliases.add(`${place} Municipal Utilities`);
    aliases.add(`${place} Public Utilities`);
  }
  aliases.delete(name);
  return { name, aliases: [...aliases].filter((a) => a && a !== name) };
}
