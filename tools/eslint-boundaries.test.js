// Proves the lint setup (eslint.config.js) refuses what keeps the server's features apart:
// an import cycle, a feature importing a higher layer, and a feature reaching into another
// feature's internals. The fixtures under lint-fixtures/ break those rules on purpose.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const features = path.join(import.meta.dirname, 'lint-fixtures/apps/server/src/features');

/** Rule ids reported per fixture file (relative to the features folder). */
async function lintFixtures() {
  // ignore: false, because the real config ignores the fixtures for `npm run lint`.
  const eslint = new ESLint({ cwd: root, ignore: false });
  const results = await eslint.lintFiles([path.join(features, '**/*.ts')]);
  return Object.fromEntries(
    results.map((r) => [
      path.relative(features, r.filePath).split(path.sep).join('/'),
      r.messages.map((m) => `${m.ruleId ?? 'fatal'}${m.ruleId === 'boundaries/feature-isolation' ? `:${m.messageId}` : ''}`).sort(),
    ]),
  );
}

describe('lint boundaries of the server features', () => {
  let found;
  beforeAll(async () => {
    found = await lintFixtures();
  }, 120_000);

  it('fails on an import cycle, reported on both modules of the loop', () => {
    expect(found['bills/bills.service.ts']).toEqual(['import/no-cycle']);
    expect(found['properties/properties.service.ts']).toContain('import/no-cycle');
  });

  it('fails when a feature imports a feature of its own or a higher layer', () => {
    expect(found['properties/properties.service.ts']).toEqual(['boundaries/feature-isolation:layer', 'import/no-cycle']);
  });

  it("fails when a feature imports another feature's internals, and lets it use the service", () => {
    expect(found['analysis/analysis.service.ts']).toEqual(['boundaries/feature-isolation:crossFeature']);
    expect(found['bills/bills.queries.ts']).toEqual([]);
  });
});
