// One lint setup for the whole monorepo. Type-aware rules come from typescript-eslint; the local
// `boundaries/feature-isolation` rule keeps features from reaching into each other and the
// server's features in their layers (docs/decisions/010-server-feature-layers.md). Import cycles are
// found by tools/import-graph.js over the whole graph (docs/decisions/240-routes-on-top-and-the-import-graph-check.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { featureIsolation } from './tools/eslint-feature-isolation.js';

export default tseslint.config(
  {
    // tools/lint-fixtures break the rules on purpose (tools/eslint-boundaries.test.ts lints them).
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/migrations/**', 'coverage/**', 'tools/lint-fixtures/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { boundaries: { rules: { 'feature-isolation': featureIsolation } } },
    rules: {
      eqeqeq: ['error', 'smart'],
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's describe/test return promises the runner itself awaits.
        { allowForKnownSafeCalls: [{ from: 'package', name: ['describe', 'test', 'it', 'suite'], package: 'node:test' }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'boundaries/feature-isolation': [
        'error',
        {
          // Lowest first. A server feature imports only the services of lower layers.
          serverLayers: [['auth'], ['email'], ['properties', 'processing', 'smart-home', 'iot', 'notifications', 'payments'], ['bills', 'support', 'appointments', 'account'], ['analysis', 'rebates', 'search', 'ml-analytics', 'meter-data'], ['feedback', 'assistant', 'calculators', 'gamification'], ['admin', 'demo', 'dev-mailbox', 'platform-status', 'system']],
        },
      ],
    },
  },
  {
    // Packages' test support (e.g. @wattwise/extractor/testing/pdf) is for tests only.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-support.ts', '**/testing/**', 'apps/server/src/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@wattwise/*/testing/*'], message: 'Test support of a package is for tests only.' }] }] },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Environment is read in config.ts only; features get it passed in.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/cli.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config.ts.' }],
    },
  },
);
