// The import-graph check (tools/import-graph.js) holds for the repository, and fails on the
// fixtures under lint-fixtures/import-graph, which break its rules on purpose.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGraph, findCycles, layerViolations, sourceRoots } from './import-graph.js';

const repo = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(import.meta.dirname, 'lint-fixtures', 'import-graph');

describe('import graph', () => {
  it('the repository has no import cycle and no import up the server layers', () => {
    const rel = (f) => path.relative(repo, f);
    const graph = buildGraph(sourceRoots(repo));
    expect(graph.size).toBeGreaterThan(500);
    expect(findCycles(graph).map((c) => c.map(rel))).toEqual([]);
    expect(layerViolations(graph).map((v) => `${rel(v.from)} → ${rel(v.to)}`)).toEqual([]);
  }, 60_000);

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
