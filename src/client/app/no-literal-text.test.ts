import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Text a shopper or merchant reads comes from the translation files, never from a component: this
 * scans every component for words written in JSX (text, `{'…'}` children and the readable
 * attributes) and fails naming each one. Symbols, numbers and the brand may stay literal.
 */

const clientDir = path.resolve(import.meta.dirname, '..');
const readableAttributes = new Set(['placeholder', 'title', 'alt', 'aria-label', 'aria-description', 'label', 'aria-roledescription']);
/** Words that are the same in every language: the brand and the names of file formats and standards. */
const allowed = /^(Nasma|WhatsApp|CSV|PDF|SKU|HEPA|USB|EGP|USD|EUR|GBP)$/;

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, out);
    else if (entry.name.endsWith('.tsx') && !entry.name.includes('.test.')) out.push(full);
  }
  return out;
}

/** True when a piece of text holds a word (two letters or more, any script) that is not allowed. */
function hasWords(text: string): boolean {
  return (text.match(/\p{L}{2,}/gu) ?? []).some((word) => !allowed.test(word));
}

function literalText(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${path.relative(clientDir, file)}:${line + 1} ${JSON.stringify(text.trim().slice(0, 60))}`);
  };
  const isText = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
  const visit = (node: ts.Node) => {
    // Style sheets (the print rules of the packing slip) are not text anyone reads.
    if (ts.isJsxElement(node) && node.openingElement.tagName.getText(source) === 'style') return;
    if (ts.isJsxText(node) && hasWords(node.text.replace(/&\w+;/g, ' '))) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && isText(node.expression) && ts.isJsxElement(node.parent) && hasWords(node.expression.text))
      report(node, node.expression.text);
    if (ts.isJsxAttribute(node) && readableAttributes.has(node.name.getText(source)) && node.initializer) {
      const init = node.initializer;
      const value = isText(init) ? init : ts.isJsxExpression(init) && init.expression && isText(init.expression) ? init.expression : undefined;
      if (value && hasWords(value.text)) report(node, value.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('components', () => {
  it('hold no literal text: every word shown comes from the translations', () => {
    const files = sources(clientDir);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(literalText)).toEqual([]);
  });

  it('the scan itself finds literal text', () => {
    const probe = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'literal-')), 'probe.tsx');
    fs.writeFileSync(
      probe,
      `export const A = () => <p title="Hello there">Add to cart {'Buy now'} {t('ok')} — 2 × Nasma &lt;<style>{'p { color: red }'}</style></p>;`,
    );
    try {
      const found = literalText(probe).map((f) => f.split(' ').slice(1).join(' '));
      expect(found.sort()).toEqual(['"Add to cart"', '"Buy now"', '"Hello there"']);
    } finally {
      fs.unlinkSync(probe);
    }
  });
});
