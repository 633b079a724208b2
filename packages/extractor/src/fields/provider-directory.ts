import { readFileSync } from 'node:fs';
import type { BillType } from '../types.ts';
import { directoryFileSchema, type DirectoryEntry } from './provider-directory-schema.ts';
import { PROVIDERS, type ProviderEntry } from './provider-list.ts';
import { COMMON_NAME_WORDS, domainLabel, domainSkeleton, GENERIC_NAME_WORDS, nameKey, UTILITY_VOCABULARY } from './provider-names.ts';

/** One organisation the reader knows: the shipped directory merged with the hand list. */
export interface DirectoryOrg {
  /** The name a bill prints in full. */
  name: string;
  /** Names matched case-insensitively (the full name first). */
  names: string[];
  /** All-caps short names ("PG&E", "FPL"), matched case-sensitively. */
  shortNames: string[];
  domains: string[];
  states: string[];
  type: BillType | 'multi';
  ownership: DirectoryEntry['ownership'];
  eiaId?: number;
  /** Where the organisation comes from: "hand" (provider-list.ts), "eia-861-2018" or "other". */
  source: string;
}

export interface DirectoryIndex {
  orgs: DirectoryOrg[];
  /** Canonical name key (see nameKey) → organisations printing that name. */
  byKey: Map<string, number[]>;
  maxKeyWords: number;
  /** Long keys by their first and last four characters, for OCR-tolerant matching. */
  fuzzyBuckets: Map<string, string[]>;
  /** Web-domain label ("northwindpower") → organisations. */
  byDomainLabel: Map<string, number[]>;
  /** Per organisation, regular expressions for its short names and explicit domains. */
  exact: Array<{ org: number; text: string; re: RegExp; kind: 'short' | 'domain'; probe: string }>;
}

const DOMAIN_RE = /^[a-z0-9.-]+\.[a-z]{2,}(?:\/[\w/-]+)?$/i;

function isShortName(text: string): boolean {
  return text.replace(/[^A-Za-z]/g, '').length <= 4 && text === text.toUpperCase();
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function fromHand([type, canonical, ...aliases]: ProviderEntry): DirectoryOrg {
  const all = [canonical, ...aliases];
  const domains = all.filter((t) => DOMAIN_RE.test(t) && !/\s/.test(t));
  const shortNames = all.filter((t) => !domains.includes(t) && isShortName(t));
  const names = all.filter((t) => !domains.includes(t) && !shortNames.includes(t));
  return { name: canonical, names, shortNames, domains, states: [], type, ownership: 'other', source: 'hand' };
}

function fromEntry(e: DirectoryEntry): DirectoryOrg {
  const names = [e.name, ...e.aliases];
  const shortNames = names.filter((n) => isShortName(n));
  return {
    name: e.name,
    names: names.filter((n) => !shortNames.includes(n)),
    shortNames,
    domains: e.domains,
    states: e.states,
    type: e.type,
    ownership: e.ownership,
    eiaId: e.eiaId,
    source: e.source,
  };
}

/** Names ending so are places ("Carroll County", "Johnson City"), printed in addresses. */
const PLACE_WORDS = new Set(['county', 'city', 'town', 'village', 'borough', 'township', 'parish']);

/** A key is safe to look for in running text when it names something specific. */
function isUsableKey(key: string): boolean {
  const words = key.split(' ');
  const distinctive = words.some((w) => !GENERIC_NAME_WORDS.has(w) && !/^\d+$/.test(w));
  if (!distinctive && !(words.length >= 3 && words.some((w) => COMMON_NAME_WORDS.has(w)))) return false;
  // "Carroll County" and "Big Stone City" are places; "City of Garden City" and "PUD No. 1 of Chelan County" organisations.
  const organisation = words.slice(0, -1).some((w) => UTILITY_VOCABULARY.has(w) && !PLACE_WORDS.has(w)) || /^(?:city|town|village|borough|county|township) of /.test(key);
  if (PLACE_WORDS.has(words[words.length - 1] ?? '') && !organisation) return false;
  if (words.length === 1) return key.length >= 5;
  return key.length >= 6;
}

/**
 * Builds the lookup structures. The hand list's entries are merged into the directory
 * organisation with the same full name (they bring aliases, domains and a service type;
 * the directory brings states and the EIA id).
 */
export function buildDirectoryIndex(entries: DirectoryEntry[], hand: ProviderEntry[]): DirectoryIndex {
  const orgs: DirectoryOrg[] = hand.map(fromHand);
  // Merged on the full name only: an alias may name an affiliate in another state.
  const handByKey = new Map<string, number>();
  orgs.forEach((o, i) => handByKey.set(nameKey(o.name), i));
  for (const e of entries) {
    const org = fromEntry(e);
    const handIndex = handByKey.get(nameKey(org.name));
    const handOrg = handIndex === undefined ? undefined : orgs[handIndex];
    if (handOrg && handOrg.states.length === 0) {
      handOrg.states = org.states;
      handOrg.eiaId = org.eiaId;
      handOrg.ownership = org.ownership;
      handOrg.names = [...new Set([...handOrg.names, ...org.names])];
      handOrg.shortNames = [...new Set([...handOrg.shortNames, ...org.shortNames])];
      handOrg.domains = [...new Set([...handOrg.domains, ...org.domains])];
      continue;
    }
    orgs.push(org);
  }

  const byKey = new Map<string, number[]>();
  const byDomainLabel = new Map<string, number[]>();
  const fuzzyBuckets = new Map<string, string[]>();
  const exact: DirectoryIndex['exact'] = [];
  const push = <K>(map: Map<K, number[]>, key: K, i: number) => {
    const list = map.get(key) ?? [];
    if (!list.includes(i)) list.push(i);
    map.set(key, list);
  };
  let maxKeyWords = 1;
  orgs.forEach((org, i) => {
    for (const name of org.names) {
      const key = nameKey(name);
      // A web address spelling the whole name is specific even when the name's words are not.
      for (const skeleton of [domainSkeleton(name), domainSkeleton(name, true)]) {
        if (skeleton.length >= 10 || (skeleton.length >= 6 && isUsableKey(key))) push(byDomainLabel, skeleton, i);
      }
      if (!isUsableKey(key)) continue;
      if (!byKey.has(key) && key.length >= 16 && key.includes(' ')) {
        for (const b of [`^${key.slice(0, 4)}`, `$${key.slice(-4)}`]) fuzzyBuckets.set(b, [...(fuzzyBuckets.get(b) ?? []), key]);
      }
      push(byKey, key, i);
      maxKeyWords = Math.max(maxKeyWords, key.split(' ').length);
    }
    for (const text of org.shortNames) {
      const body = escapeRe(text).replace(/\\ |\s+/g, '[\\s-]*').replace(/&/g, '\\s?(?:&|and)\\s?');
      exact.push({ org: i, text, re: new RegExp(`(?<![\\w&@])${body}(?![\\w&])`, 'g'), kind: 'short', probe: text.slice(0, 1).toLowerCase() });
    }
    for (const domain of org.domains) {
      exact.push({ org: i, text: domain, re: new RegExp(`(?<![\\w&@.-])(?:www\\.)?${escapeRe(domain)}(?![\\w&])`, 'gi'), kind: 'domain', probe: domain.toLowerCase() });
      if (!domain.includes('/')) push(byDomainLabel, domainLabel(domain), i);
    }
  });
  return { orgs, byKey, maxKeyWords, fuzzyBuckets, byDomainLabel, exact };
}

let cached: DirectoryIndex | null = null;

/** The shipped directory (data/utilities.json) with the hand list, read once on first use. */
export function getDirectory(): DirectoryIndex {
  if (!cached) {
    const raw: unknown = JSON.parse(readFileSync(new URL('../../data/utilities.json', import.meta.url), 'utf8'));
    cached = buildDirectoryIndex(directoryFileSchema.parse(raw).entries, PROVIDERS);
  }
  return cached;
}
