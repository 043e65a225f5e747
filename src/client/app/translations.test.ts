import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiErrorCodes, clientErrorCodes } from '../../shared/domain/error-codes';
import en from '../../../public/locales/en/translation.json';
import ar from '../../../public/locales/ar/translation.json';
import fr from '../../../public/locales/fr/translation.json';
import de from '../../../public/locales/de/translation.json';
import enMail from '../../../public/locales/en/mail.json';
import arMail from '../../../public/locales/ar/mail.json';
import frMail from '../../../public/locales/fr/mail.json';
import deMail from '../../../public/locales/de/mail.json';

/**
 * Checks the translated namespaces against English, the complete reference: same keys (with the
 * plural forms each language needs under i18next's Intl.PluralRules suffixes), the same
 * interpolation placeholders, no empty values, and no English left untranslated by mistake.
 */

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else flatten(value, path, out);
  }
  return out;
}

/** Plural forms each language must provide for an English `_one`/`_other` pair. */
const pluralForms = {
  ar: ['zero', 'one', 'two', 'few', 'many', 'other'],
  fr: ['one', 'many', 'other'],
  de: ['one', 'other'],
} as const;

type Lng = keyof typeof pluralForms;

/**
 * Arabic forms that name the quantity in words (منتج واحد, منتجان, لا توجد منتجات), so they
 * may leave out `{{count}}`.
 */
const formsWithoutCount: Record<Lng, readonly string[]> = { ar: ['zero', 'one', 'two'], fr: [], de: [] };

/** Values that legitimately stay as in English: brand, proper names, and words spelt the same. */
const sharedAllowed = ['Nasma', 'WhatsApp', 'Blog', 'Black Friday'];
const allowedSame: Record<Lng, readonly string[]> = {
  ar: sharedAllowed,
  fr: [
    ...sharedAllowed,
    'Contact',
    'Total',
    'Journal',
    'Rose',
    'Collections',
    'Min',
    'Sec',
    'Pages',
    'Page {{n}}',
    'Floral',
    'Oriental',
    'Description',
    'Message',
    'Guides',
    'Catalogue',
  ],
  de: [...sharedAllowed, 'Optional', 'Name', 'Euro', 'Manager'],
};

/** Keys holding people's and places' names, which may be kept in Latin script in fr and de. */
const properNameKeys = [/^testimonials\.t\d+\.(name|city)$/, /^about\.team\.[^.]+\.name$/, /^origins\.[^.]+\.place$/];

const placeholders = (value: string): string[] => [...value.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

const letterCount = (value: string): number => (value.replace(/\{\{[^}]*\}\}/g, '').match(/\p{L}/gu) ?? []).length;

/** The storefront's namespace and the e-mails' (mail.json, read by the server), checked alike. */
const withMail = (translation: unknown, mail: unknown): Tree => ({ ...(translation as Tree), 'mail.json': mail as Tree });

const english = flatten(withMail(en, enMail));

/** English keys grouped: plural bases (from `x_one` + `x_other`) and plain keys. */
const pluralBases = new Set<string>();
for (const key of Object.keys(english)) {
  const match = /^(.*)_one$/.exec(key);
  if (match?.[1] && `${match[1]}_other` in english) pluralBases.add(match[1]);
}
const isPluralMember = (key: string): boolean => {
  const match = /^(.*)_(one|other)$/.exec(key);
  return Boolean(match?.[1] && pluralBases.has(match[1]));
};

interface Expectation {
  key: string;
  /** English value the translation corresponds to. */
  source: string;
  /** Placeholders the translation must contain. */
  required: string[];
  /** Placeholders the translation may contain (all of the English pair's). */
  allowed: Set<string>;
}

function expectations(lng: Lng): Expectation[] {
  const list: Expectation[] = [];
  for (const [key, value] of Object.entries(english)) {
    if (isPluralMember(key)) continue;
    const names = placeholders(value);
    list.push({ key, source: value, required: names, allowed: new Set(names) });
  }
  for (const base of pluralBases) {
    const one = english[`${base}_one`] ?? '';
    const other = english[`${base}_other`] ?? '';
    const allowed = new Set([...placeholders(one), ...placeholders(other)]);
    for (const form of pluralForms[lng]) {
      const source = form === 'one' ? one : other;
      const required = [...allowed].filter((name) => !(name === 'count' && formsWithoutCount[lng].includes(form)));
      list.push({ key: `${base}_${form}`, source, required, allowed });
    }
  }
  return list;
}

const translations: Record<Lng, Tree> = { ar: withMail(ar, arMail), fr: withMail(fr, frMail), de: withMail(de, deMail) };

describe.each(Object.keys(translations) as Lng[])('%s translation', (lng) => {
  const translated = flatten(translations[lng]);
  const expected = expectations(lng);

  it('has every English key, with the plural forms the language needs', () => {
    const missing = expected.map((e) => e.key).filter((key) => !(key in translated));
    expect(missing).toEqual([]);
  });

  it('has no keys that English lacks', () => {
    const known = new Set(expected.map((e) => e.key));
    const extra = Object.keys(translated).filter((key) => !known.has(key));
    expect(extra).toEqual([]);
  });

  it('keeps every interpolation placeholder and adds none', () => {
    const problems: string[] = [];
    for (const { key, required, allowed } of expected) {
      const value = translated[key];
      if (value === undefined) continue;
      const present = placeholders(value);
      for (const name of required) if (!present.includes(name)) problems.push(`${key}: missing {{${name}}}`);
      for (const name of present) if (!allowed.has(name)) problems.push(`${key}: unknown {{${name}}}`);
    }
    expect(problems).toEqual([]);
  });

  it('has no empty values', () => {
    const empty = Object.entries(translated)
      .filter(([, value]) => value.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('translates every text (apart from names, numbers and symbols)', () => {
    const untranslated = expected
      .filter(({ key, source }) => translated[key] === source)
      .filter(({ source }) => letterCount(source) >= 3)
      .filter(({ source }) => !allowedSame[lng].includes(source))
      .filter(({ key }) => lng === 'ar' || !properNameKeys.some((pattern) => pattern.test(key)))
      .map(({ key, source }) => `${key}: ${source}`);
    expect(untranslated).toEqual([]);
  });

  if (lng === 'ar') {
    it('writes numbers with Latin digits, not Arabic-Indic ones', () => {
      const indic = Object.entries(translated)
        .filter(([, value]) => /[\u0660-\u0669\u06F0-\u06F9]/.test(value))
        .map(([key]) => key);
      expect(indic).toEqual([]);
    });

    it('keeps numbers written in groups (phone numbers) left to right inside Arabic text', () => {
      // Without an isolate, "010 1234 5678" shows as "5678 1234 010" in a right-to-left line.
      const bare = Object.entries(translated)
        .filter(([, value]) => /\d[ \u00a0]+\+?\d/.test(value.replace(/\u2066[^\u2069]*\u2069/g, '')))
        .map(([key]) => key);
      expect(bare).toEqual([]);
    });
  }
});

describe('API error codes', () => {
  it('each has a translation, so no answer of the server reaches a shopper untranslated', () => {
    const missing = [...apiErrorCodes, ...clientErrorCodes].filter((code) => !(`apiErrors.${code}` in english));
    expect(missing).toEqual([]);
  });

  it('are all the codes the server sends: every code written in the server is listed', () => {
    const serverDir = path.resolve(import.meta.dirname, '../../server');
    const listed = new Set<string>(apiErrorCodes);
    const written = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          const text = fs.readFileSync(full, 'utf8');
          for (const m of text.matchAll(/(?:AppError\(\d{3}, |notFound\()'([a-z_]+)'/g)) written.add(m[1] ?? '');
        }
      }
    };
    walk(serverDir);
    expect(written.size).toBeGreaterThan(10);
    expect([...written].filter((code) => !listed.has(code))).toEqual([]);
  });
});
