import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDirectoryIndex, getDirectory } from './provider-directory.ts';
import type { DirectoryEntry } from './provider-directory-schema.ts';
import { nameKey } from './provider-names.ts';

const entry = (name: string, extra: Partial<DirectoryEntry> = {}): DirectoryEntry => ({
  name,
  aliases: [],
  domains: [],
  states: ['NE'],
  type: 'electricity',
  ownership: 'cooperative',
  source: 'eia-861-2018',
  ...extra,
});

describe('the utility directory', () => {
  it('ships small and is read once', () => {
    expect(statSync(new URL('../../data/utilities.json', import.meta.url)).size).toBeLessThan(1.5 * 1024 * 1024);
    const dir = getDirectory();
    expect(getDirectory()).toBe(dir);
    expect(dir.orgs.length).toBeGreaterThan(3000);
  });

  it('merges a hand-list entry with the directory organisation of the same name', () => {
    const dir = buildDirectoryIndex([entry('Prairie Vale Power Company', { states: ['KS'], eiaId: 99 })], [['electricity', 'Prairie Vale Power Company', 'PVPC', 'pvpc.com']]);
    expect(dir.orgs).toHaveLength(1);
    expect(dir.orgs[0]).toMatchObject({ name: 'Prairie Vale Power Company', states: ['KS'], eiaId: 99, shortNames: ['PVPC'], domains: ['pvpc.com'] });
  });

  it('does not look for names made of generic words or ending in a place word', () => {
    const dir = buildDirectoryIndex([entry('Electric Service Company'), entry('Carroll County'), entry('Prospect Valley Electric Cooperative')], []);
    expect(dir.byKey.has(nameKey('Electric Service Company'))).toBe(false);
    expect(dir.byKey.has(nameKey('Carroll County'))).toBe(false);
    expect(dir.byKey.has(nameKey('Prospect Valley Electric Cooperative'))).toBe(true);
  });
});
