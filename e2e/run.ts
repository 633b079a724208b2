// The browser specs (`npm run -w e2e test`): every spec file, three at a time, the longest first.
// Arguments, when given, are the spec files to run instead. Each file starts its own server and
// browser (support/suite.ts), so files share no state and their order changes only the wall time:
// the CLI (`node --test`) sorts files by name, which left the longest journeys to start last.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Files that take longest, measured with four at a time on the 2-core machine (2026-11-29:
 * 120–80 s each, against 5–65 s for most others); they start first. A file missing here starts
 * after them in name order.
 */
const LONGEST_FIRST = ['navigation-phone', 'bills', 'admin', 'smart-home', 'marketing', 'payments', 'assistant', 'demo-figures', 'account'];

// Three files at a time: a spec waits on its server and browser much of the time (alone, one
// used about half a core). On the 2-core machine, 2026-11-29, every file: four at a time 371 s,
// five 388 s, six 399 s (every file slower, and two stories timed out). On a slower machine of the
// same kind (the same day, afternoon: vitest 600 s instead of 300 s), four at a time took 1,023 s
// and four stories timed out (a click, a page load, an upload answer past 20 s); the upload story
// passed alone in 16 s. Three keeps a margin on such a machine: on a fast one, 2026-11-29
// evening, three at a time took about 300 s with every story passing.
const CONCURRENCY = 3;

function rank(file: string): number {
  const index = LONGEST_FIRST.indexOf(path.basename(file, '.spec.ts'));
  return index === -1 ? LONGEST_FIRST.length : index;
}

const requested = process.argv.slice(2).map((file) => path.resolve(file));
const files = (requested.length > 0 ? requested : readdirSync(here).filter((name) => name.endsWith('.spec.ts')).map((name) => path.join(here, name)))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

const stream = run({ files, concurrency: CONCURRENCY, timeout: 600_000 });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.pipe(new spec()).pipe(process.stdout);
