// Links in the repository's docs resolve, and every comment or doc that cites a decision record
// names one that exists; docs/decisions/README.md is the generated index of the records.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decisionFiles, readDecision } from './decision-index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', '.git', 'dist', 'coverage', 'test-fixtures', 'fixtures', 'data']);

function walk(dir, accept, out = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, accept, out);
    else if (accept(name)) out.push(full);
  }
  return out;
}

const rel = (file) => path.relative(root, file);
const markdown = walk(root, (n) => n.endsWith('.md'));
const sources = walk(root, (n) => /\.(ts|tsx|js|mjs|cjs)$/.test(n) && !n.endsWith('.d.ts'));
const numbers = new Set(decisionFiles().map((f) => f.slice(0, 3)));

describe('documentation links', () => {
  it('every relative link in a markdown file points at a file or folder that exists', () => {
    const broken = [];
    for (const file of markdown) {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1].split('#')[0];
        if (!target || /^[a-z]+:/i.test(target)) continue; // a URL or mailto, or an anchor in the same file
        if (!existsSync(path.resolve(path.dirname(file), decodeURI(target)))) broken.push(`${rel(file)} → ${match[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every cited decision record exists', () => {
    const broken = [];
    for (const file of [...markdown, ...sources]) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/docs\/decisions\/(\d{3})[\w.-]*/g)) {
        const cited = match[0];
        const exists = /\.md$/.test(cited) ? existsSync(path.join(root, cited)) : numbers.has(match[1]);
        if (!exists) broken.push(`${rel(file)} → ${cited}`);
      }
      for (const match of text.matchAll(/\b[Dd]ecisions? (\d{3})\b/g)) {
        if (!numbers.has(match[1])) broken.push(`${rel(file)} → decision ${match[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('no comment or doc cites a document kept outside the repository', () => {
    // The product spec is copied into docs/spec (cited as "01-core §N"); the company's
    // architecture, conventions and design notes are summarised in docs/architecture.md.
    // A document in a folder `shared/` beside the repository (`../shared/bills/README.md`,
    // `shared/data/SOURCES.md`) is outside it too; `packages/shared/...` and `@wattwise/shared/...`
    // are ours. A script's default input folder (`../shared/bills` for the benchmark) names data
    // it reads, not a document, and may stay.
    const outside = /\b(ARCHITECTURE|CONVENTIONS|DESIGN)\.md\b|(?<![\w@-]\/)\bshared\/(spec\/|[\w./-]*\.md\b)/;
    const found = [...markdown, ...sources]
      .filter((file) => !file.endsWith('doc-links.test.js'))
      .filter((file) => outside.test(readFileSync(file, 'utf8')))
      .map(rel);
    expect(found).toEqual([]);
  });

  it('every repository document a comment or doc cites by path (docs/….md) exists', () => {
    const broken = [];
    for (const file of [...markdown, ...sources]) {
      for (const match of readFileSync(file, 'utf8').matchAll(/(?<![\w./-])docs\/[\w./-]+\.md\b/g)) {
        if (!existsSync(path.join(root, match[0]))) broken.push(`${rel(file)} → ${match[0]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the decision index lists every record with its status', () => {
    const index = readFileSync(path.join(root, 'docs', 'decisions', 'README.md'), 'utf8');
    for (const file of decisionFiles()) {
      const decision = readDecision(file, readFileSync(path.join(root, 'docs', 'decisions', file), 'utf8'));
      expect(index, `run node tools/decision-index.js (${file} missing)`).toContain(`](${file}) | ${decision.status}`);
    }
  });
});
