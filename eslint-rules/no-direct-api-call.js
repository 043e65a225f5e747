// One way to call the API from the browser (issue 28): features and shared components use RTK
// Query endpoints (`api.injectEndpoints`), whose loading state, errors and cache every screen reads
// the same way; only src/client/app talks HTTP itself (its store, session check, translations and
// the file transfers of app/transfers.ts). This rule, configured for features and components,
// refuses what goes around the endpoints: a call of the global `fetch`, `new XMLHttpRequest` and an
// import of app/api-request.

/** Objects through which the global fetch is reached: `window.fetch(...)` is the same call. */
const globalObjects = new Set(['window', 'globalThis', 'self']);

/** Whether `name` at `node` means the global (no variable, import or parameter of that name in scope). */
function isGlobal(sourceCode, node, name) {
  for (let scope = sourceCode.getScope(node); scope; scope = scope.upper) {
    const variable = scope.set.get(name);
    if (variable) return variable.defs.length === 0;
  }
  return true;
}

/** The global a callee or constructor names: `fetch`, `window.fetch`, `globalThis.XMLHttpRequest`... */
function globalName(sourceCode, callee) {
  if (callee.type === 'Identifier') return isGlobal(sourceCode, callee, callee.name) ? callee.name : null;
  if (
    callee.type === 'MemberExpression' &&
    !callee.computed &&
    callee.object.type === 'Identifier' &&
    globalObjects.has(callee.object.name) &&
    isGlobal(sourceCode, callee.object, callee.object.name)
  )
    return callee.property.name;
  return null;
}

const apiRequestModule = /(^|\/)app\/api-request(\.[jt]s)?$/;

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid fetch, XMLHttpRequest and apiRequest outside src/client/app: call the API through an RTK Query endpoint.' },
    schema: [],
    messages: {
      fetch:
        'Call the API through an RTK Query endpoint (api.injectEndpoints in the feature, or src/client/app/api.ts), not fetch; a file transfer with progress goes through src/client/app/transfers.ts.',
      xhr: 'Call the API through an RTK Query endpoint, not XMLHttpRequest; an upload with progress goes through src/client/app/transfers.ts.',
      apiRequest: 'apiRequest is for src/client/app only: call the API through an RTK Query endpoint (api.injectEndpoints in the feature).',
    },
  },
  create(context) {
    const { sourceCode } = context;
    const checkSource = (node) => {
      const source = node.source;
      if (source && source.type === 'Literal' && typeof source.value === 'string' && apiRequestModule.test(source.value))
        context.report({ node: source, messageId: 'apiRequest' });
    };
    return {
      CallExpression(node) {
        if (globalName(sourceCode, node.callee) === 'fetch') context.report({ node, messageId: 'fetch' });
      },
      NewExpression(node) {
        if (globalName(sourceCode, node.callee) === 'XMLHttpRequest') context.report({ node, messageId: 'xhr' });
      },
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression: checkSource,
    };
  },
};
