// @ts-check
// Import boundaries between the workspaces (ARCHITECTURE.md). A small local rule instead of a resolver plugin:
// it resolves relative specifiers against the importing file and maps `@sealplan/<name>` to its folder.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** @type {Record<string, string>} */
const packageDirs = {
  '@sealplan/engine': 'packages/engine',
  '@sealplan/contracts': 'packages/contracts',
  '@sealplan/db': 'packages/db',
  '@sealplan/server': 'apps/server',
  '@sealplan/web': 'apps/web',
};

/** @param {string} file @param {string} specifier */
function resolveTarget(file, specifier) {
  if (specifier.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), specifier));
  const match = /^(@sealplan\/[^/]+)(\/.*)?$/.exec(specifier);
  const dir = match && packageDirs[match[1]];
  return dir ? dir + (match[2] ?? '') : null;
}

/** @param {string} child @param {string} parent */
const isInside = (child, parent) => child === parent || child.startsWith(parent + '/');

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports inside the allowed workspace boundaries.' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        required: ['zones'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    /** @type {{ target: string, from: string[], message: string }[]} */
    const zones = context.options[0].zones;
    const file = path.relative(root, context.filename);
    const active = zones.filter((zone) => isInside(file, zone.target));
    if (active.length === 0) return {};

    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveTarget(context.filename, source.value);
      if (target === null) return;
      const zone = active.find((z) => z.from.some((from) => isInside(target, from)));
      if (zone) context.report({ node: source, message: `${zone.message} ('${source.value}')` });
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries: rule } };
