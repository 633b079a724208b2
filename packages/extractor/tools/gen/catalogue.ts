/**
 * Names the generator prints: providers (real names mixed with invented ones, so an extractor
 * cannot rely on a list), customers and addresses. All account data is invented.
 */
import type { Rng } from './random.ts';

export type BillType = 'electricity' | 'natural_gas' | 'water' | 'internet';
export type Country = 'US' | 'CA';

export interface Provider {
  name: string;
  aliases: string[];
  billType: BillType;
  country: Country;
  /** Municipal utilities bill water, wastewater and trash on one statement. */
  municipal?: boolean;
}

const p = (name: string, aliases: string[], billType: BillType, country: Country = 'US', municipal = false): Provider => ({
  name, aliases, billType, country, municipal,
});

export const PROVIDERS: Provider[] = [
  p('Duke Energy Carolinas, LLC', ['Duke Energy', 'Duke Energy Carolinas'], 'electricity'),
  p('Georgia Power Company', ['Georgia Power'], 'electricity'),
  p('Commonwealth Edison Company', ['ComEd', 'Commonwealth Edison'], 'electricity'),
  p('Northern States Power Company', ['Xcel Energy', 'NSP'], 'electricity'),
  p('Arizona Public Service Company', ['APS', 'Arizona Public Service'], 'electricity'),
  p('Tampa Electric Company', ['Tampa Electric', 'TECO'], 'electricity'),
  p('Entergy Louisiana, LLC', ['Entergy', 'Entergy Louisiana'], 'electricity'),
  p('Prairie Valley Electric Cooperative', ['Prairie Valley Electric', 'PVEC'], 'electricity'),
  p('Bluestem Rural Electric Membership Corp.', ['Bluestem REMC', 'Bluestem Electric'], 'electricity'),
  p('Harbor City Light & Power', ['Harbor City Light', 'HCLP'], 'electricity'),
  p('Atmos Energy Corporation', ['Atmos Energy', 'Atmos'], 'natural_gas'),
  p('Columbia Gas of Ohio, Inc.', ['Columbia Gas', 'Columbia Gas of Ohio'], 'natural_gas'),
  p('Washington Gas Light Company', ['Washington Gas', 'WGL'], 'natural_gas'),
  p('Spire Missouri Inc.', ['Spire', 'Spire Missouri'], 'natural_gas'),
  p('Tri-County Natural Gas Company', ['Tri-County Gas', 'TCNG'], 'natural_gas'),
  p('Keystone Valley Gas Service', ['Keystone Gas', 'KVGS'], 'natural_gas'),
  p('New Jersey American Water', ['American Water', 'NJ American Water'], 'water'),
  p('Aqua Pennsylvania, Inc.', ['Aqua', 'Aqua Pennsylvania'], 'water'),
  p('San Jose Water Company', ['San Jose Water', 'SJW'], 'water'),
  p('Clearbrook Water Authority', ['Clearbrook Water', 'CWA'], 'water'),
  p('City of Fairview Public Utilities', ['Fairview Utilities', 'City of Fairview'], 'water', 'US', true),
  p('Town of Millbrook Water & Sewer Department', ['Millbrook Water', 'Town of Millbrook'], 'water', 'US', true),
  p('Cedar Falls Municipal Utilities', ['CFMU', 'Cedar Falls Utilities'], 'water', 'US', true),
  p('Village of Oak Hollow Utility Billing', ['Oak Hollow Utilities', 'Village of Oak Hollow'], 'water', 'US', true),
  p('Comcast Cable Communications, LLC', ['Xfinity', 'Comcast'], 'internet'),
  p('Verizon Fios', ['Verizon', 'Fios'], 'internet'),
  p('Cox Communications', ['Cox'], 'internet'),
  p('Frontier Communications', ['Frontier'], 'internet'),
  p('Ziply Fiber', ['Ziply'], 'internet'),
  p('Lakeshore Broadband Cooperative', ['Lakeshore Broadband', 'LBC'], 'internet'),
  p('Toronto Hydro-Electric System Limited', ['Toronto Hydro'], 'electricity', 'CA'),
  p('Hydro Ottawa Limited', ['Hydro Ottawa'], 'electricity', 'CA'),
  p('British Columbia Hydro and Power Authority', ['BC Hydro'], 'electricity', 'CA'),
  p('Maple Ridge Hydro Inc.', ['Maple Ridge Hydro'], 'electricity', 'CA'),
  p('Enbridge Gas Inc.', ['Enbridge Gas', 'Enbridge'], 'natural_gas', 'CA'),
  p('FortisBC Energy Inc.', ['FortisBC', 'Fortis BC'], 'natural_gas', 'CA'),
  p('Prairie North Gas Co-op', ['Prairie North Gas'], 'natural_gas', 'CA'),
  p('Halifax Water', ['Halifax Regional Water Commission'], 'water', 'CA'),
  p('City of Riverside Bay Water Services', ['Riverside Bay Water'], 'water', 'CA'),
];

const FIRST = ['JAMES', 'MARIA', 'ROBERT', 'LINDA', 'WEI', 'PRIYA', 'CARLOS', 'AISHA', 'THOMAS', 'NGOC', 'OLUWASEUN', 'SOFIA', 'DANIEL', 'HANNAH', 'MOHAMMED', 'ELENA', 'KENJI', 'FATIMA', 'LUCAS', 'GRACE', 'ANDRE', 'MEI', 'PATRICK', 'YASMIN'];
const LAST = ['JOHNSON', 'GARCIA', 'NGUYEN', 'PATEL', "O'BRIEN", 'KOWALSKI', 'TREMBLAY', 'MARTIN', 'OKAFOR', 'SCHMIDT', 'ROSSI', 'CHEN', 'LEBLANC', 'HERNANDEZ', 'ANDERSSON', 'KIM', 'FRASER', 'MORRISON', 'WASHINGTON', 'DUBOIS', 'SINGH', 'PETROV', 'MURPHY', 'ALVAREZ'];
const BUSINESSES = ['NORTHGATE TOOL & DIE INC', 'BLUE HERON BAKERY LLC', 'SUMMIT COLD STORAGE', 'RIVERBEND MEDICAL PLAZA', 'ACME PLASTICS CORP', 'GREENFIELD SCHOOL DISTRICT', 'HILLTOP AUTO BODY', 'PARKSIDE APARTMENTS LP'];
const STREETS = ['MAPLE', 'OAK', 'CEDAR', 'LAKEVIEW', 'WASHINGTON', 'HIGHLAND', 'SUNSET', 'RIVER', 'PINE RIDGE', 'MILL', 'CHURCH', 'ELM', 'JEFFERSON', 'WILLOW', 'PROSPECT', 'HARBOR'];
const STREET_TYPES = ['ST', 'AVE', 'RD', 'DR', 'LN', 'BLVD', 'CT', 'WAY', 'PL', 'TER'];
const US_CITIES: [string, string, string][] = [
  ['SPRINGFIELD', 'IL', '627'], ['COLUMBUS', 'OH', '432'], ['ATLANTA', 'GA', '303'], ['TEMPE', 'AZ', '852'], ['CHARLOTTE', 'NC', '282'],
  ['ST. LOUIS', 'MO', '631'], ['TAMPA', 'FL', '336'], ['BATON ROUGE', 'LA', '708'], ['NEWARK', 'NJ', '071'], ['SAN JOSE', 'CA', '951'],
  ['MINNEAPOLIS', 'MN', '554'], ['SCRANTON', 'PA', '185'], ['FAIRVIEW', 'TN', '370'], ['CEDAR FALLS', 'IA', '506'],
];
const CA_CITIES: [string, string][] = [['TORONTO', 'ON'], ['OTTAWA', 'ON'], ['VANCOUVER', 'BC'], ['KELOWNA', 'BC'], ['HALIFAX', 'NS'], ['SASKATOON', 'SK'], ['MAPLE RIDGE', 'BC']];

export interface Address {
  line1: string;
  city: string;
  region: string;
  postal: string;
}

export function pickPerson(rng: Rng, business: boolean): string {
  if (business) return rng.pick(BUSINESSES);
  const middle = rng.chance(0.25) ? ` ${rng.letters(1)}` : '';
  return `${rng.pick(FIRST)}${middle} ${rng.pick(LAST)}`;
}

export function pickAddress(rng: Rng, country: Country): Address {
  const unit = rng.chance(0.2) ? ` ${rng.pick(['APT', 'UNIT', '#'])} ${rng.int(1, 40)}` : '';
  const line1 = `${rng.int(10, 9999)} ${rng.chance(0.2) ? rng.pick(['N', 'S', 'E', 'W']) + ' ' : ''}${rng.pick(STREETS)} ${rng.pick(STREET_TYPES)}${unit}`;
  if (country === 'CA') {
    const [city, region] = rng.pick(CA_CITIES);
    const postal = `${rng.letters(1)}${rng.int(0, 9)}${rng.letters(1)} ${rng.int(0, 9)}${rng.letters(1)}${rng.int(0, 9)}`;
    return { line1, city, region, postal };
  }
  const [city, region, zip3] = rng.pick(US_CITIES);
  return { line1, city, region, postal: `${zip3}${rng.digits(2)}` };
}

export function formatAddress(a: Address): string {
  return `${a.line1}, ${a.city}, ${a.region} ${a.postal}`;
}

/** Account numbers in the shapes real bills print. */
export function makeAccountNumber(rng: Rng): string {
  switch (rng.int(0, 7)) {
    case 0: return `${rng.digits(4)} ${rng.digits(3)} ${rng.digits(3)}`;
    case 1: return `${rng.digits(3)}-${rng.digits(4)}-${rng.digits(3)}`;
    case 2: return `${rng.letters(2)}-${rng.digits(7)}`;
    case 3: return `${rng.digits(10)}-${rng.digits(1)}`;
    case 4: return `${rng.digits(3)} ${rng.digits(3)} ${rng.digits(4)} ${rng.digits(1)}`;
    case 5: return `${rng.letters(1)}${rng.digits(9)}`;
    case 6: return `${rng.digits(2)}-${rng.digits(5)}-${rng.digits(2)}`;
    default: return rng.digits(12);
  }
}

export function makePhone(rng: Rng): string {
  const n = `${rng.int(2, 9)}${rng.digits(2)}-${rng.int(2, 9)}${rng.digits(2)}-${rng.digits(4)}`;
  return rng.pick([`1-800-${rng.int(2, 9)}${rng.digits(2)}-${rng.digits(4)}`, `(${n.slice(0, 3)}) ${n.slice(4)}`, n, `1-888-${rng.digits(3)}-${rng.digits(4)}`]);
}
