import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The admin namespaces in every language: the same keys as English (plural suffixes aside), the
 * same placeholders, no empty values. The storefront namespace has its own, stricter test.
 */
const namespaces = ['admin', 'admin-catalog', 'admin-orders', 'admin-dash', 'admin-promotions', 'admin-reviews', 'admin-import', 'admin-staff', 'admin-returns'];
const languages = ['ar', 'fr', 'de'];
type Tree = { [key: string]: string | Tree };

const load = (lng: string, ns: string): Record<string, string> => {
  const out: Record<string, string> = {};
  const walk = (tree: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(tree)) {
      if (typeof v === 'string') out[prefix + k] = v;
      else walk(v, `${prefix + k}.`);
    }
  };
  walk(JSON.parse(fs.readFileSync(path.resolve('public/locales', lng, `${ns}.json`), 'utf8')) as Tree, '');
  return out;
};
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const placeholders = (v: string) => new Set([...v.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]));

describe.each(namespaces)('%s namespace', (ns) => {
  const en = load('en', ns);
  const enBases = new Set(Object.keys(en).map(base));
  it.each(languages)('%s has the English keys, placeholders and no empty text', (lng) => {
    const tr = load(lng, ns);
    expect(new Set(Object.keys(tr).map(base))).toEqual(enBases);
    const problems: string[] = [];
    for (const [key, value] of Object.entries(tr)) {
      if (!value.trim()) problems.push(`${key}: empty`);
      const english = en[key] ?? en[`${base(key)}_other`] ?? en[base(key)] ?? '';
      for (const name of placeholders(value)) if (!placeholders(english).has(name) && name !== 'count') problems.push(`${key}: unknown {{${name}}}`);
    }
    expect(problems).toEqual([]);
  });
});
