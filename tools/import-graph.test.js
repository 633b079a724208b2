// The import-graph check (tools/import-graph.js) holds for the repository, and fails on the
// fixtures under lint-fixtures/import-graph, which break its rules on purpose.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGraph, featureHubs, findCycles, HUB_LIMIT, KNOWN_HUBS, layerViolations, sourceRoots } from './import-graph.js';

const repo = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(import.meta.dirname, 'lint-fixtures', 'import-graph');

describe('import graph', () => {
  it('the repository has no import cycle and no import up the server layers', () => {
    const rel = (f) => path.relative(repo, f);
    const graph = buildGraph(sourceRoots(repo));
    expect(graph.size).toBeGreaterThan(500);
    expect(findCycles(graph).map((c) => c.map(rel))).toEqual([]);
    expect(layerViolations(graph).map((v) => `${rel(v.from)} → ${rel(v.to)}`)).toEqual([]);
    // Hubs: exactly the known ones (a new hub fails, and so does a listed one that was split).
    expect(featureHubs(graph).map((h) => rel(h.file).split(path.sep).join('/')).sort()).toEqual(Object.keys(KNOWN_HUBS).sort());
  }, 60_000);

  it('counts a hub by its importers outside its own feature, tests aside', () => {
    const service = '/r/apps/server/src/features/bills/bills.service.ts';
    const graph = new Map([[service, []]]);
    const importers = (name, n) => Array.from({ length: n }, (_, i) => `/r/apps/server/src/${name.replace('#', String(i))}`);
    for (const from of [...importers('features/f#/f.service.ts', HUB_LIMIT), ...importers('features/bills/own#.ts', 5), ...importers('features/x/x#.test.ts', 5)]) {
      graph.set(from, [{ to: service, typeOnly: false }]);
    }
    expect(featureHubs(graph)).toEqual([]);
    graph.set('/r/apps/server/src/use-cases/flow.ts', [{ to: service, typeOnly: true }]);
    expect(featureHubs(graph)).toEqual([{ file: service, importers: HUB_LIMIT + 1 }]);
  });

  describe('fails where it should', () => {
    const rel = (f) => path.relative(fixtures, f).split(path.sep).join('/');
    const graph = buildGraph(sourceRoots(fixtures));

    it('on a cycle, type-only and dynamic imports and the `@/` alias included', () => {
      expect(findCycles(graph).map((c) => c.map(rel)).sort()).toEqual([
        ['apps/web/src/lib/x.ts', 'apps/web/src/lib/y.ts'],
        ['packages/shared/src/a.ts', 'packages/shared/src/b.ts'],
      ]);
    });

    it('on a route below a use-case, a use-case above a service and a feature above the database', () => {
      expect(layerViolations(graph).map((v) => `${rel(v.from)} (${v.fromLayer}) → ${rel(v.to)} (${v.toLayer})`).sort()).toEqual([
        'apps/server/src/db/client.ts (db) → apps/server/src/features/bills/bills.service.ts (feature)',
        'apps/server/src/features/bills/bills.service.ts (feature) → apps/server/src/use-cases/flow.ts (use-case)',
        'apps/server/src/use-cases/report.ts (use-case) → apps/server/src/features/bills/bills.routes.ts (route)',
      ]);
    });
  });
});
