// Proves the lint setup (eslint.config.js) refuses what keeps the server's layers apart:
// an import cycle, a feature importing a higher layer, a feature reaching into another
// feature's internals, a route below a use-case or a job, and the database layer importing the
// platform. The fixtures under lint-fixtures/apps break those rules on purpose.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(import.meta.dirname, 'lint-fixtures/apps/server/src');

/** Rule ids reported per fixture file (relative to the fixture server's src). */
async function lintFixtures() {
  // ignore: false, because the real config ignores the fixtures for `npm run lint`.
  const eslint = new ESLint({ cwd: root, ignore: false });
  const results = await eslint.lintFiles([path.join(src, '**/*.ts')]);
  return Object.fromEntries(
    results.map((r) => [
      path.relative(src, r.filePath).split(path.sep).join('/'),
      r.messages.map((m) => `${m.ruleId ?? 'fatal'}${m.ruleId === 'boundaries/feature-isolation' ? `:${m.messageId}` : ''}`).sort(),
    ]),
  );
}

describe('lint boundaries of the server features', () => {
  let found;
  beforeAll(async () => {
    found = await lintFixtures();
  }, 120_000);

  it('leaves import cycles to the import-graph check (tools/import-graph.test.js)', () => {
    expect(found['features/bills/bills.service.ts']).toEqual([]);
  });

  it('fails when a feature imports a feature of its own or a higher layer', () => {
    expect(found['features/properties/properties.service.ts']).toEqual(['boundaries/feature-isolation:layer']);
  });

  it("fails when a feature imports another feature's internals, and lets it use the service", () => {
    expect(found['features/analysis/analysis.service.ts']).toEqual(['boundaries/feature-isolation:crossFeature']);
    expect(found['features/bills/bills.queries.ts']).toEqual([]);
  });

  it('fails when a use-case or a job imports a route, and lets routes call use-cases', () => {
    expect(found['use-cases/bill-report.ts']).toEqual(['boundaries/feature-isolation:routeImport', 'boundaries/feature-isolation:useCaseInternals']);
    expect(found['features/bills/bills.jobs.ts']).toEqual(['boundaries/feature-isolation:routeImport']);
    expect(found['features/bills/bills.routes.ts']).toEqual([]);
    expect(found['use-cases/bill-flow.ts']).toEqual([]);
  });

  it('fails when the database layer imports the platform above it', () => {
    expect(found['db/backup.ts']).toEqual(['boundaries/feature-isolation:dbImportsUp']);
    expect(found['platform/storage.ts']).toEqual([]);
  });
});
