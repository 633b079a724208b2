// Local ESLint rule: a file under `features/<a>/` may not import from `features/<b>/`.
// On the server, another feature's `<b>.service.ts` is its public surface and is allowed
// (features talk to each other through services, never through queries or tables).
// Shared code (components/, lib/, platform/, db/ ...) may not import any feature.
import path from 'node:path';

const FEATURE_RE = /[\\/](apps[\\/](?:web|server)[\\/]src)[\\/]features[\\/]([^\\/]+)[\\/]/;

function featureOf(file) {
  const m = FEATURE_RE.exec(file);
  return m ? { root: m[1], name: m[2] } : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureIsolation = {
  meta: {
    type: 'problem',
    docs: { description: 'Features must not import other features\' internals' },
    schema: [],
    messages: {
      crossFeature: "Feature '{{from}}' may not import '{{target}}' from feature '{{to}}'. Use its service (server) or compose in app/ (web).",
      sharedImportsFeature: "Shared code may not import feature '{{to}}'. Move the code into the feature or compose in app/.",
    },
  },
  create(context) {
    const file = context.filename;
    const inApp = /[\\/]apps[\\/](web|server)[\\/]src[\\/]/.exec(file);
    if (!inApp) return {};
    const self = featureOf(file);
    const isComposer = /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]/.test(file) ||
      /[\\/]apps[\\/]server[\\/]src[\\/](app|main|cli|worker|jobs|seed)[^\\/]*\.ts$/.test(file) ||
      /[\\/]apps[\\/]server[\\/]src[\\/]db[\\/]schema[\\/]index\.ts$/.test(file) ||
      /[\\/]apps[\\/]server[\\/]src[\\/]test[\\/]/.test(file);

    function check(node, source) {
      if (typeof source !== 'string') return;
      let resolved;
      if (source.startsWith('.')) resolved = path.resolve(path.dirname(file), source) + path.sep;
      else if (source.startsWith('@/')) resolved = path.join(file.slice(0, inApp.index), inApp[0], source.slice(2)) + path.sep;
      else return;
      const target = featureOf(resolved);
      if (!target) return;
      if (self && self.name === target.name && self.root === target.root) return;
      if (!self) {
        if (isComposer) return;
        context.report({ node, messageId: 'sharedImportsFeature', data: { to: target.name } });
        return;
      }
      const isServerService = /[\\/]apps[\\/]server[\\/]/.test(resolved) &&
        new RegExp(`[\\\\/]${target.name}\\.service(\\.ts)?[\\\\/]?$`).test(resolved);
      if (isServerService) return;
      context.report({ node, messageId: 'crossFeature', data: { from: self.name, to: target.name, target: source } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
