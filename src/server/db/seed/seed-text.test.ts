import { describe, expect, it } from 'vitest';
import { seedBlogPosts } from './blog.js';
import { seedCategories, seedProducts } from './catalogue.js';

/** Every string in a nested value, with the path to it. */
function strings(value: unknown, path = '', out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, path ? `${path}.${k}` : k, out);
  return out;
}

describe('demo catalogue text', () => {
  const all = strings({ seedCategories, seedProducts, seedBlogPosts });

  it('writes numbers in Arabic text with Latin digits, like prices (docs/decisions/004-arabic-digits.md)', () => {
    expect(all.filter(([, text]) => /[\u0660-\u066c\u06f0-\u06f9]/.test(text)).map(([path]) => path)).toEqual([]);
  });

  it('gives every product and category an Arabic name', () => {
    expect(seedProducts.filter((p) => !/\p{Script=Arabic}/u.test(JSON.stringify(p))).map((p) => p.sku)).toEqual([]);
    expect(seedCategories.filter((c) => !/\p{Script=Arabic}/u.test(c.name.ar)).map((c) => c.slug)).toEqual([]);
  });
});
