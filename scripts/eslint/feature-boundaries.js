import path from 'node:path';

const FEATURE_FILE = /^(.*[\\/]apps[\\/]web[\\/]src[\\/]features)[\\/]([^\\/]+)[\\/]/;

/**
 * A web feature uses another only through its public entry (`features/<name>/index.ts`): a relative import
 * that reaches into another feature's folder is reported. The app shell (src/app) is not a feature and may
 * load pages lazily by their own path.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another feature through its public entry, not its internals' },
    messages: {
      internal: "Import '{{feature}}' through its public entry ('{{entry}}'), not its internals.",
    },
    schema: [],
  },
  create(context) {
    const match = FEATURE_FILE.exec(context.filename);
    if (!match) return {};
    const [, featuresDir, own] = match;
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(featuresDir, path.resolve(path.dirname(context.filename), source));
      if (target.startsWith('..') || path.isAbsolute(target)) return;
      const [feature, ...rest] = target.split(path.sep);
      if (feature === own || rest.length === 0 || (rest.length === 1 && rest[0] === 'index')) return;
      const entry = path.relative(path.dirname(context.filename), path.join(featuresDir, feature));
      context.report({
        node,
        messageId: 'internal',
        data: { feature, entry: entry.split(path.sep).join('/') },
      });
    };
    const fromSource = (node) => node.source && check(node, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
