import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './class-merge.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every class-like word in a string literal of the app's source (tests aside). */
function classesInSource(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') && !entry.name.startsWith('class-merge.')) {
        for (const literal of readFileSync(full, 'utf8').matchAll(/(['"`])((?:(?!\1)[^\\\n])*)\1/g)) {
          for (const word of (literal[2] ?? '').split(/\s+/)) {
            if (/^[!*a-z0-9[&-][^\s${}]*$/.test(word) && /[-:]|^[a-z]+$/.test(word) && !/\.(ts|tsx)$|\/\//.test(word)) found.add(word);
          }
        }
      }
    }
  };
  walk(SRC);
  return [...found];
}

/**
 * Where we differ from tailwind-merge on purpose: it reads Tailwind 3's `bg-gradient-to-*` (still
 * valid in Tailwind 4) as a background colour, so it drops a colour written before it; it is an
 * image, and both stay.
 */
const KNOWN_DIFFERENCES = [/(^|\s|:)bg-gradient-to-/];

const variantsOf = (c: string) => c.slice(0, Math.max(0, c.lastIndexOf(':')));

describe('class merge', () => {
  it('lets a later class win over an earlier one of the same kind', () => {
    expect(mergeClasses('px-4 py-2 px-2')).toBe('py-2 px-2');
    expect(mergeClasses('p-4 px-2')).toBe('p-4 px-2');
    expect(mergeClasses('px-2 p-4')).toBe('p-4');
    expect(mergeClasses('text-sm text-red-500 text-lg')).toBe('text-red-500 text-lg');
    expect(mergeClasses('hover:bg-primary bg-secondary hover:bg-accent/50')).toBe('bg-secondary hover:bg-accent/50');
    expect(mergeClasses('border border-input border-2')).toBe('border-input border-2');
    expect(mergeClasses('size-4 w-6')).toBe('size-4 w-6');
    expect(mergeClasses('w-6 size-4')).toBe('size-4');
    expect(mergeClasses('scroll-mt-4 scroll-mt-20')).toBe('scroll-mt-20');
    expect(mergeClasses('scroll-mt-4 scroll-m-2')).toBe('scroll-m-2');
  });

  it('agrees with tailwind-merge on every ordered pair of classes written in the app', () => {
    const words = classesInSource();
    expect(words.length).toBeGreaterThan(300);
    // A pair of words neither side knows as a class stays as it is on both: compare the rest.
    const known = (c: string) => twMerge(`${c} ${c}`) === c || mergeClasses(`${c} ${c}`) === c;
    const classes = words.filter(known);
    expect(classes.length).toBeGreaterThan(300);
    // Classes with different variants never conflict; compare within each variant set.
    const byVariants = new Map<string, string[]>();
    for (const c of classes) byVariants.set(variantsOf(c), [...(byVariants.get(variantsOf(c)) ?? []), c]);
    const disagreements: string[] = [];
    for (const group of byVariants.values()) {
      for (const a of group) {
        for (const b of group) {
          if (a === b || KNOWN_DIFFERENCES.some((re) => re.test(a) || re.test(b))) continue;
          const pair = `${a} ${b}`;
          const ours = mergeClasses(pair);
          const theirs = twMerge(pair);
          if (ours !== theirs) disagreements.push(`"${pair}": ours "${ours}", tailwind-merge "${theirs}"`);
        }
      }
    }
    expect(disagreements.slice(0, 80)).toEqual([]);
  }, 60_000);
});
