import fs from 'node:fs';
import path from 'node:path';
import { type RebateLocation, type StateCode, stateCodeSchema } from '@wattwise/shared/contract/rebates';
import zipcodes from 'zipcodes';
import { CATALOGUE_DIR } from './catalogue.ts';
import { parseCsv } from './csv.ts';

/** The spec's fallback when no location is known or detection fails (01-core §8, §9). */
export const DEFAULT_LOCATION: RebateLocation = { city: 'Atlanta', state: 'GA', zip: '30303', source: 'default' };

type Utility = { name: string; key: string; state: StateCode; customers: number };

const STOP_WORDS = new Set(['the', 'co', 'company', 'inc', 'corp', 'corporation', 'llc', 'of', 'dba', 'd', 'b', 'a', 'and']);

/** 'Georgia Power Company' and 'Georgia Power Co' → 'georgia power'. */
export function utilityKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w && !STOP_WORDS.has(w))
    .join(' ');
}

let utilities: Utility[] | null = null;

function loadUtilities(): Utility[] {
  if (utilities) return utilities;
  const [header, ...rows] = parseCsv(fs.readFileSync(path.join(CATALOGUE_DIR, 'eia-861-utilities-2018.csv'), 'utf8'));
  const col = (n: string) => header?.fields.indexOf(n) ?? -1;
  const [iName, iState, iCustomers] = [col('utility_name'), col('state'), col('residential_customers')];
  utilities = rows.flatMap((r) => {
    const state = stateCodeSchema.safeParse(r.fields[iState]);
    const name = r.fields[iName] ?? '';
    return state.success ? [{ name, key: utilityKey(name), state: state.data, customers: Number(r.fields[iCustomers]) || 0 }] : [];
  });
  return utilities;
}

/**
 * The state a utility serves (EIA-861 2018): the utility whose name matches the bill's
 * provider, largest by residential customers when several do. Null for names we cannot place.
 */
export function stateOfUtility(provider: string): StateCode | null {
  const key = utilityKey(provider);
  if (key.length < 4) return null;
  const matches = loadUtilities().filter((u) => u.key === key || (u.key.length >= 6 && (key.includes(u.key) || u.key.includes(key))));
  matches.sort((a, b) => Number(b.key === key) - Number(a.key === key) || b.customers - a.customers);
  return matches[0]?.state ?? null;
}

/** City and state of a US ZIP code, offline. */
export function locationOfZip(zip: string): RebateLocation | null {
  const info = zipcodes.lookup(zip);
  const state = stateCodeSchema.safeParse(info?.state);
  return info && state.success ? { city: info.city, state: state.data, zip: info.zip, source: 'geolocation' } : null;
}

let sortedZips: string[] | null = null;

/** Up to `limit` ZIPs of the shipped dataset that start with `prefix`, in order, with their places. */
export function suggestZips(prefix: string, limit = 5): RebateLocation[] {
  sortedZips ??= Object.keys(zipcodes.codes).sort();
  const found: RebateLocation[] = [];
  for (const zip of sortedZips) {
    if (found.length >= limit) break;
    if (!zip.startsWith(prefix)) continue;
    const location = locationOfZip(zip);
    if (location) found.push(location);
  }
  return found;
}

/** The nearest US ZIP to a browser's coordinates, offline (no public geocoder is called). */
export function locationOfCoordinates(latitude: number, longitude: number): RebateLocation | null {
  const info = zipcodes.lookupByCoords(latitude, longitude);
  return info ? locationOfZip(info.zip) : null;
}

/** A bill's service address ('…, ATLANTA, GA 30303'): its ZIP, else its state. */
export function locationOfAddress(address: string): RebateLocation | null {
  const match = /,\s*([^,]+?),?\s+([A-Z]{2})\s+(\d{5})(?:-\d{4})?\s*$/.exec(address.trim());
  if (!match) return null;
  const state = stateCodeSchema.safeParse(match[2]);
  if (!state.success) return null;
  const city = match[1]?.trim() ?? null;
  return { city: city ? city.replace(/\b\w+/g, (w) => w[0] + w.slice(1).toLowerCase()) : null, state: state.data, zip: match[3] ?? null, source: 'bill' };
}
