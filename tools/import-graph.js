// The import graph of the application and package sources, and the two checks it makes: no
// import cycle anywhere in apps/*/src and packages/*/src (type-only imports count: a loop of
// types is a loop of design), and no import that runs up the server's layers
// (docs/architecture.md, "Layers"), highest first:
//
//   entry   app.ts, main.ts, cli.ts, worker-app.ts, setup.ts (they compose everything)
//   route   features/<f>/*.routes.ts, *.page.ts, http/routes/ (HTTP in, a use-case or service called)
//   use-case  use-cases/ (flows over several features)
//   feature features/<f>/ otherwise (services, queries, jobs, helpers)
//   platform  platform/, http/ (plumbing every route shares: errors, sessions, OpenAPI), config.ts
//   db      db/ (client, tables, backup); platform adapters keep tables (mail outbox, queue), so
//           they sit above it
//
// A module may import its own layer or a lower one. Tests and test support are outside the
// layers: they build whole apps. Lint (eslint.config.js) makes the same rules per import; this
// check sees the whole graph at once, so a loop through many files cannot hide.
//
// A third check: a feature module imported by more than HUB_LIMIT modules outside its feature
// is a hub, allowed only when KNOWN_HUBS gives the reason.
//
//   node tools/import-graph.js            prints cycles, upward imports and new hubs, exits 1 if any
//   node tools/import-graph.js --fan-in   also lists the most imported modules
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', 'coverage', 'migrations', 'test-fixtures', 'lint-fixtures']);

/** The folders whose modules are checked: each app's and package's `src`. */
export function sourceRoots(base = root) {
  const roots = [];
  for (const group of ['apps', 'packages']) {
    const dir = path.join(base, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const src = path.join(dir, name, 'src');
      if (existsSync(src)) roots.push(src);
    }
  }
  return roots;
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|js|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Resolves `./x.ts`, `./x.js` (written for `./x.ts`), `./x` and `./dir` (its index) to a file. */
function resolveFile(from, specifier, aliasRoot) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('@/') && aliasRoot) base = path.join(aliasRoot, specifier.slice(2));
  else return null;
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')];
  for (const ext of ['.ts', '.tsx', '.js']) candidates.push(base + ext);
  for (const ext of ['.ts', '.tsx', '.js']) candidates.push(path.join(base, `index${ext}`));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/**
 * The imports of one module: `{ specifier, typeOnly }` for static imports, re-exports and
 * import(). TypeScript's pre-processing scanner finds them (it skips strings and comments and is
 * far quicker than a full parse); an import is type-only when written `import type` /
 * `export type`, or when every name in its braces is marked `type`.
 */
export function importsOf(file, text = readFileSync(file, 'utf8')) {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map(({ fileName, pos }) => {
    const head = text.slice(Math.max(0, text.lastIndexOf('\n', pos) - 2000), pos);
    const statement = /(?:^|[;\n])\s*((?:import|export)\b[^;]*?)\s*from\s*$/.exec(head)?.[1] ?? '';
    const dynamic = !statement && /import\s*\(\s*$/.test(head);
    const names = /\{([^}]*)\}/.exec(statement)?.[1].split(',').map((n) => n.trim()).filter(Boolean) ?? [];
    const typeOnly =
      /^(import|export)\s+type\b/.test(statement) ||
      (/^(import|export)\s*\{/.test(statement) && names.length > 0 && names.every((n) => /^type\s/.test(n)));
    return { specifier: fileName, typeOnly, dynamic };
  });
}

/** Every module under the given roots and the modules it imports (relative or `@/` imports). */
export function buildGraph(roots = sourceRoots()) {
  const graph = new Map();
  for (const srcRoot of roots) {
    for (const file of walk(srcRoot)) {
      const edges = [];
      for (const imp of importsOf(file)) {
        const target = resolveFile(file, imp.specifier, srcRoot);
        if (target) edges.push({ to: target, typeOnly: imp.typeOnly, dynamic: !!imp.dynamic });
      }
      graph.set(file, edges);
    }
  }
  return graph;
}

/** Import cycles (Tarjan's strongly connected components of two or more modules, or a module importing itself). */
export function findCycles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indices = new Map();
  const low = new Map();
  const cycles = [];
  const next = (file) => [...new Set((graph.get(file) ?? []).filter((e) => graph.has(e.to)).map((e) => e.to))];

  function strongConnect(start) {
    // Iterative, so a deep chain of imports cannot overflow the call stack.
    const work = [[start, 0]];
    indices.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [file, i] = frame;
      const targets = next(file);
      if (i < targets.length) {
        frame[1]++;
        const to = targets[i];
        if (!indices.has(to)) {
          indices.set(to, index);
          low.set(to, index++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(file, Math.min(low.get(file), indices.get(to)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(file)));
      }
      if (low.get(file) === indices.get(file)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== file);
        if (component.length > 1 || targets.includes(file)) cycles.push(component.sort());
      }
    }
  }

  for (const file of graph.keys()) if (!indices.has(file)) strongConnect(file);
  return cycles;
}

const TEST_RE = /(\.test\.tsx?|\.test-support\.ts|[\\/]testing[\\/].*|[\\/]test[\\/].*)$/;

/** The layer of a server module (higher imports lower), or null outside the layers. */
export function serverLayer(file) {
  const m = /[\\/]apps[\\/]server[\\/]src[\\/](.*)$/.exec(file);
  if (!m || TEST_RE.test(file)) return null;
  const rel = m[1].split(path.sep).join('/');
  if (/^(app|main|cli|worker-app|setup)\.ts$/.test(rel)) return { rank: 5, name: 'entry' };
  if (/^http\/routes\//.test(rel) || /^features\/[^/]+\/.*\.(routes|page)\.ts$/.test(rel)) return { rank: 4, name: 'route' };
  if (rel.startsWith('use-cases/')) return { rank: 3, name: 'use-case' };
  if (rel.startsWith('features/')) return { rank: 2, name: 'feature' };
  if (/^(platform|http)\//.test(rel) || rel === 'config.ts') return { rank: 1, name: 'platform' };
  if (rel.startsWith('db/')) return { rank: 0, name: 'db' };
  return null;
}

/** Imports that run up the server's layers: `{ from, to, fromLayer, toLayer }`. */
export function layerViolations(graph, layerOf = serverLayer) {
  const found = [];
  for (const [from, edges] of graph) {
    const fromLayer = layerOf(from);
    if (!fromLayer) continue;
    for (const { to } of edges) {
      const toLayer = layerOf(to);
      if (toLayer && toLayer.rank > fromLayer.rank) found.push({ from, to, fromLayer: fromLayer.name, toLayer: toLayer.name });
    }
  }
  return found;
}

/** More importers than this from outside its feature makes a feature module a hub. */
export const HUB_LIMIT = 8;

/**
 * The hubs there are, each with why (decision 240). The check fails on a hub not listed here,
 * and on a listed module that is no longer one (so the list only shrinks).
 */
export const KNOWN_HUBS = {
  'apps/server/src/features/bills/bills.service.ts': 'every read of a bill goes through it (issue 30: to split into public read modules)',
  'apps/server/src/features/auth/auth.service.ts': "the account every feature acts for (a user's contact, the user list)",
  'apps/server/src/features/notifications/notifications.service.ts': 'the one notify of every producer (decision 070)',
  'apps/server/src/features/analysis/analysis.service.ts': "a bill's analysis, read by the assistant, guarantee, gamification and bill screens",
};

const FEATURE_OF = /(apps[\\/](?:web|server)[\\/]src)[\\/](features[\\/][^\\/]+|use-cases)[\\/]/;
const featureKey = (file) => {
  const m = FEATURE_OF.exec(file);
  return m ? `${m[1]}/${m[2]}` : null;
};

/** Feature modules imported by more than HUB_LIMIT modules of other features or of shared code (tests aside). */
export function featureHubs(graph, limit = HUB_LIMIT) {
  const count = new Map();
  for (const [from, edges] of graph) {
    if (TEST_RE.test(from)) continue;
    for (const to of new Set(edges.map((e) => e.to))) {
      const feature = featureKey(to);
      if (!feature || featureKey(from) === feature) continue;
      count.set(to, (count.get(to) ?? 0) + 1);
    }
  }
  return [...count].filter(([, n]) => n > limit).map(([file, importers]) => ({ file, importers }));
}

/** How many modules import each module (tests aside), most first. */
export function fanIn(graph) {
  const count = new Map();
  for (const [from, edges] of graph) {
    if (TEST_RE.test(from)) continue;
    for (const to of new Set(edges.map((e) => e.to))) count.set(to, (count.get(to) ?? 0) + 1);
  }
  return [...count].sort((a, b) => b[1] - a[1]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rel = (f) => path.relative(root, f);
  const graph = buildGraph();
  const cycles = findCycles(graph);
  const upward = layerViolations(graph);
  const hubs = featureHubs(graph).map((h) => ({ ...h, file: rel(h.file).split(path.sep).join('/') }));
  const newHubs = hubs.filter((h) => !(h.file in KNOWN_HUBS));
  for (const c of cycles) console.log(`cycle: ${c.map(rel).join(' ↔ ')}`);
  for (const h of newHubs) console.log(`hub: ${h.file} is imported by ${h.importers} modules of other features (limit ${HUB_LIMIT}); split it, or give the reason in KNOWN_HUBS`);
  for (const v of upward) console.log(`upward: ${rel(v.from)} (${v.fromLayer}) imports ${rel(v.to)} (${v.toLayer})`);
  if (process.argv.includes('--fan-in')) for (const [f, n] of fanIn(graph).slice(0, 25)) console.log(`${String(n).padStart(4)}  ${rel(f)}`);
  console.log(`${graph.size} modules, ${cycles.length} cycles, ${upward.length} upward imports, ${hubs.length} hubs (${newHubs.length} not known)`);
  process.exitCode = cycles.length || upward.length || newHubs.length ? 1 : 0;
}
