// A feature may use another through its index, but never in a circle: checkout may build on the
// cart, and then the cart may not import checkout, not even through a third feature. A module-level
// cycle check (import-x/no-cycle) misses this, because the circle goes through different files of
// each feature (cart-page -> checkout/index, checkout-page -> cart/index). This rule looks at the
// graph of features: the file being linted (as it is in the editor) plus every other feature file
// as it is on disk.
import fs from 'node:fs';
import path from 'node:path';

const sourceFile = /\.(?:ts|tsx|mts|js|jsx|mjs)$/;
// `import ... from 'x'`, `export ... from 'x'`, `import 'x'` and `import('x')`, type-only ones too:
// a type import ties two features as much as a value import does.
const specifierPattern = /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;

/** Feature folders' files as read from disk, kept while their modification time holds. */
const diskCache = new Map();

/** The feature a path belongs to (its first folder under the features folder), or null. */
function featureOf(featuresRoot, target) {
  const rel = path.relative(featuresRoot, target);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const first = rel.split(path.sep)[0];
  return first.includes('.') ? null : first;
}

/** The other features one file imports, each with the first specifier that reaches it. */
function featureImports(featuresRoot, file, specifiers) {
  const own = featureOf(featuresRoot, file);
  const found = new Map();
  for (const specifier of specifiers) {
    if (!specifier.startsWith('.')) continue;
    const target = featureOf(featuresRoot, path.resolve(path.dirname(file), specifier));
    if (target && target !== own && !found.has(target)) found.set(target, specifier);
  }
  return found;
}

function readFeatureImports(featuresRoot, file) {
  const mtimeMs = fs.statSync(file).mtimeMs;
  const cached = diskCache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.imports;
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(specifierPattern)].map((m) => m[1] ?? m[2] ?? m[3]);
  const imports = featureImports(featuresRoot, file, specifiers);
  diskCache.set(file, { mtimeMs, imports });
  return imports;
}

/** feature -> (imported feature -> the file and specifier that first import it). */
function featureGraph(featuresRoot, linted, lintedImports) {
  const graph = new Map();
  const add = (file, imports) => {
    const from = featureOf(featuresRoot, file);
    if (!from) return;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const [to, specifier] of imports) if (!graph.get(from).has(to)) graph.get(from).set(to, { file, specifier });
  };
  const files = fs.existsSync(featuresRoot) ? fs.readdirSync(featuresRoot, { recursive: true }) : [];
  for (const rel of files) {
    const file = path.join(featuresRoot, rel);
    if (file === linted || !sourceFile.test(file)) continue;
    add(file, readFeatureImports(featuresRoot, file));
  }
  add(linted, lintedImports);
  return graph;
}

/** The features met from `start` to `goal` along imports (both ends included), or null. */
function findPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === goal) {
      const chain = [];
      for (let step = goal; step !== null; step = previous.get(step)) chain.unshift(step);
      return chain;
    }
    for (const next of graph.get(at)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid features that import each other in a circle, directly or through other features.' },
    schema: [{ type: 'object', properties: { featuresDir: { type: 'string' } }, additionalProperties: false }],
    messages: {
      cycle:
        'Features import each other in a circle: {{chain}}. Move the shared piece down (src/client/app, components or src/shared) or pass it in from the app.',
    },
  },
  create(context) {
    const featuresRoot = path.resolve(context.cwd, context.options[0]?.featuresDir ?? 'src/client/features');
    const file = path.resolve(context.cwd, context.filename);
    const own = featureOf(featuresRoot, file);
    if (!own) return {};

    const nodes = [];
    const collect = (node) => {
      if (node.source && typeof node.source.value === 'string') nodes.push({ node: node.source, specifier: node.source.value });
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      'Program:exit'() {
        const lintedImports = featureImports(
          featuresRoot,
          file,
          nodes.map((n) => n.specifier),
        );
        if (lintedImports.size === 0) return;
        const graph = featureGraph(featuresRoot, file, lintedImports);
        const reported = new Set();
        for (const { node, specifier } of nodes) {
          const target = featureOf(featuresRoot, path.resolve(path.dirname(file), specifier));
          if (!target || target === own || reported.has(target)) continue;
          const back = findPath(graph, target, own);
          if (!back) continue;
          reported.add(target);
          const steps = back.slice(0, -1).map((from, i) => {
            const edge = graph.get(from).get(back[i + 1]);
            return `${from} (${path.relative(featuresRoot, edge.file)} imports '${edge.specifier}')`;
          });
          context.report({ node, messageId: 'cycle', data: { chain: [own, ...steps, own].join(' -> ') } });
        }
      },
    };
  },
};
