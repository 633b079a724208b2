// Local ESLint rule `boundaries/feature-isolation`: how code under `apps/{web,server}/src` may
// import features.
//
// Web: a file under `features/<a>/` may not import `features/<b>/`; screens that combine
// features are composed in `app/`.
//
// Server (docs/decisions/010-server-feature-layers.md):
// - another feature is reached through its public module, `<b>.service.ts`, never its queries,
//   routes, jobs or other files;
// - features are layered (option `serverLayers`, lowest first): a feature imports only the
//   services of features in lower layers, so no two features can depend on each other;
// - work that needs features of several layers lives in `use-cases/`, which may import any
//   feature's service and is imported only by routes and the app's entry files;
// - a feature imports only its own tables (`db/schema/<feature>.ts`); other features' rows are
//   reached through their services;
// - routes (`*.routes.ts`, `*.page.ts`, `http/routes/`) are the top layer: only the app's entry
//   files import them, so no use-case or service sits above a route;
// - `db/` is the bottom layer: it imports nothing of the server outside `db/`.
// tools/import-graph.js checks the same layers, and cycles, over the whole graph at once.
// Shared code (components/, lib/, platform/, http/, db/ ...) may not import any feature.
// Tests and test support files may import any feature's public module (they build whole apps).
import path from 'node:path';

const FEATURE_RE = /[\\/](apps[\\/](?:web|server)[\\/]src)[\\/]features[\\/]([^\\/]+)[\\/]/;
const SERVER_RE = /[\\/]apps[\\/]server[\\/]src[\\/]/;
const USE_CASE_RE = /[\\/]apps[\\/]server[\\/]src[\\/]use-cases[\\/]/;
const SCHEMA_RE = /[\\/]apps[\\/]server[\\/]src[\\/]db[\\/]schema[\\/]([^\\/]+?)(?:\.ts)?[\\/]?$/;
const ROUTE_RE = /[\\/]apps[\\/]server[\\/]src[\\/](?:features[\\/][^\\/]+[\\/][^\\/]+\.(?:routes|page)(?:\.ts)?$|http[\\/]routes[\\/])/;
const DB_RE = /[\\/]apps[\\/]server[\\/]src[\\/]db[\\/]/;
const TEST_RE = /(\.test\.tsx?|\.test-support\.ts|[\\/]testing[\\/][^\\/]+)$/;

function featureOf(file) {
  const m = FEATURE_RE.exec(file);
  return m ? { root: m[1], name: m[2] } : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureIsolation = {
  meta: {
    type: 'problem',
    docs: { description: "Features must not import other features' internals, nor features of their own or a higher layer" },
    schema: [
      {
        type: 'object',
        properties: {
          /** Server features by layer, lowest first; features of one layer may not import each other. */
          serverLayers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature: "Feature '{{from}}' may not import '{{target}}' from feature '{{to}}'. Use its service (server) or compose in app/ (web).",
      sharedImportsFeature: "Shared code may not import feature '{{to}}'. Move the code into the feature or compose in app/.",
      layer: "Feature '{{from}}' (layer {{fromLayer}}) may not import feature '{{to}}' (layer {{toLayer}}): a feature uses only lower layers. Compose the two in use-cases/ instead.",
      unlayered: "Feature '{{name}}' has no layer: add it to the serverLayers option of boundaries/feature-isolation.",
      useCaseImport: 'Only routes and the app entry files may import use-cases/ (a service below them would close a loop).',
      useCaseInternals: "A use case may import feature '{{to}}' only through its service, not '{{target}}'.",
      foreignSchema: "Feature '{{from}}' may not import the tables of '{{schema}}'. Use that feature's service.",
      routeImport: 'Only the app entry files may import a route module: routes are the top layer.',
      dbImportsUp: 'db/ is the bottom layer and imports only db/; name the type it needs there instead.',
    },
  },
  create(context) {
    const file = context.filename;
    const inApp = /[\\/]apps[\\/](web|server)[\\/]src[\\/]/.exec(file);
    if (!inApp) return {};
    const layers = context.options[0]?.serverLayers ?? [];
    const layerOf = (name) => layers.findIndex((names) => names.includes(name));
    const self = featureOf(file);
    const isServer = SERVER_RE.test(file);
    const isTest = TEST_RE.test(file);
    const isUseCase = USE_CASE_RE.test(file);
    const isRoutes = ROUTE_RE.test(file);
    const isComposer = /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]/.test(file) ||
      /[\\/]apps[\\/]server[\\/]src[\\/](app|main|cli|worker|jobs|seed)[^\\/]*\.ts$/.test(file) ||
      /[\\/]apps[\\/]server[\\/]src[\\/]db[\\/]schema[\\/]index\.ts$/.test(file) ||
      /[\\/]apps[\\/]server[\\/]src[\\/]test[\\/]/.test(file);

    function report(node, messageId, data) {
      context.report({ node, messageId, data });
    }

    function checkServer(node, source, resolved) {
      if (ROUTE_RE.test(resolved) && !isComposer && !isTest && !isRoutes) {
        report(node, 'routeImport');
        return;
      }
      if (DB_RE.test(file) && !isTest && SERVER_RE.test(resolved + path.sep) && !DB_RE.test(resolved)) {
        report(node, 'dbImportsUp');
        return;
      }
      if (USE_CASE_RE.test(resolved) && !isUseCase && !isComposer && !isTest && !isRoutes) {
        report(node, 'useCaseImport');
        return;
      }
      const schema = SCHEMA_RE.exec(resolved);
      if (schema && self && !isTest && schema[1] !== self.name) {
        report(node, 'foreignSchema', { from: self.name, schema: schema[1] });
      }
    }

    function check(node, source) {
      if (typeof source !== 'string') return;
      let resolved;
      if (source.startsWith('.')) resolved = path.resolve(path.dirname(file), source);
      else if (source.startsWith('@/')) resolved = path.join(file.slice(0, inApp.index), inApp[0], source.slice(2));
      else return;
      if (isServer) checkServer(node, source, resolved);
      const target = featureOf(resolved + path.sep);
      if (!target) return;
      if (self && self.name === target.name && self.root === target.root) return;
      const isServerService = SERVER_RE.test(resolved) && new RegExp(`[\\\\/]${target.name}\\.service(\\.ts)?$`).test(resolved);
      if (!self) {
        if (isUseCase && !isServerService) report(node, 'useCaseInternals', { to: target.name, target: source });
        if (isComposer || isUseCase) return;
        if (isTest && isServerService) return;
        report(node, 'sharedImportsFeature', { to: target.name });
        return;
      }
      if (!isServerService) {
        report(node, 'crossFeature', { from: self.name, to: target.name, target: source });
        return;
      }
      if (isTest) return;
      const fromLayer = layerOf(self.name);
      const toLayer = layerOf(target.name);
      if (fromLayer < 0 || toLayer < 0) {
        report(node, 'unlayered', { name: fromLayer < 0 ? self.name : target.name });
        return;
      }
      if (toLayer >= fromLayer) report(node, 'layer', { from: self.name, fromLayer, to: target.name, toLayer });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
