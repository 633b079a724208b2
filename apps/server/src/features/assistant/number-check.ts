/**
 * The guard on a model's answer: every number it states must be a number of a tool result (or
 * of the user's own question). Formatting may differ ($1,234.50 for 1234.5, 2026-03-15 as
 * March 15, 2026) and a figure may be rounded to whole units; anything else is reported, and
 * the answer is flagged. Single-digit whole numbers (counts, list positions) are not checked.
 */

const NUMBER = /\d[\d,]*(?:\.\d+)?/g;

/** The numbers written in a text, as values ('$1,234.50' → 1234.5; dates give their parts). */
export function numbersIn(text: string): { raw: string; value: number }[] {
  return (text.match(NUMBER) ?? [])
    .map((raw) => raw.replace(/,(?=\d{3}\b)/g, '').replace(/,/g, ''))
    .map((clean) => ({ raw: clean.replace(/\.$/, ''), value: Number(clean) }))
    .filter((n) => Number.isFinite(n.value));
}

/** The numbers of `answer` that none of `sources` holds (as written in the answer). */
export function findUnverifiedNumbers(answer: string, sources: readonly string[]): string[] {
  const known = new Set<number>();
  for (const source of sources) {
    for (const n of numbersIn(source)) {
      known.add(n.value);
      known.add(Math.round(n.value));
      known.add(Math.round(n.value * 100) / 100);
    }
  }
  const unverified = new Set<string>();
  for (const n of numbersIn(answer)) {
    if (Number.isInteger(n.value) && n.value < 10) continue;
    if (known.has(n.value) || known.has(Math.round(n.value * 100) / 100)) continue;
    unverified.add(n.raw);
  }
  return [...unverified];
}
