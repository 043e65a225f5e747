import { describe, expect, it, vi } from 'vitest';
import { Translator, type Resources, type Texts } from './translator';

/** Texts of their own, so the rules are seen apart from the shop's files. */
const resources = (): Resources => ({
  en: {
    translation: {
      hello: 'Hello',
      greet: 'Hello {{name}}, {{ name }}!',
      only: 'Only in English',
      nested: { deeper: { key: 'Deep' } },
      items_one: '{{count}} item',
      items_other: '{{count}} items',
      left_zero: 'None left',
      left_one: 'One left',
      left_other: '{{count}} left',
      raw: 'Price: {{price}}',
    },
    admin: { title: 'Admin', errors: { taken: 'Taken' } },
  },
  ar: {
    translation: {
      hello: 'مرحبا',
      items_zero: 'لا منتجات',
      items_one: 'منتج واحد',
      items_two: 'منتجان',
      items_few: '{{count}} منتجات',
      items_many: '{{count}} منتجًا',
      items_other: '{{count}} منتج',
      nested: { deeper: { key: 'عميق' } },
    },
    admin: { title: 'الإدارة' },
  },
});

describe('Translator', () => {
  it('finds nested keys, in the default namespace and in another one named with ns:', () => {
    const i18n = new Translator({ lng: 'en', resources: resources() });
    expect(i18n.t('hello')).toBe('Hello');
    expect(i18n.t('nested.deeper.key')).toBe('Deep');
    expect(i18n.t('admin:title')).toBe('Admin');
    expect(i18n.t('admin:errors.taken')).toBe('Taken');
    expect(i18n.getFixedT(null, 'admin')('title')).toBe('Admin');
    expect(i18n.getFixedT(null, 'admin')('translation:hello')).toBe('Hello');
  });

  it('fills {{variables}} without escaping; a variable not given stays as written, one given as undefined is empty', () => {
    const i18n = new Translator({ lng: 'en', resources: resources() });
    expect(i18n.t('greet', { name: '<b>Salma</b>' })).toBe('Hello <b>Salma</b>, <b>Salma</b>!');
    expect(i18n.t('greet')).toBe('Hello {{name}}, {{ name }}!');
    expect(i18n.t('greet', { name: undefined })).toBe('Hello , !');
    expect(i18n.t('raw', { price: 12.5 })).toBe('Price: 12.5');
    // A value is not read again for variables.
    expect(i18n.t('greet', { name: '{{name}}' })).toBe('Hello {{name}}, {{name}}!');
  });

  it('isolates each filled value in a right-to-left language, so a number or a Latin name keeps its order in an Arabic sentence', () => {
    const i18n = new Translator({
      lng: 'ar',
      resources: { ar: { translation: { order: 'طلبك {{number}} من {{name}}: {{count}} قطع', call: 'اتصل على {{phone}}' } } },
    });
    // The phone number and order number in first-strong isolates; a single number needs none.
    expect(i18n.t('order', { number: 'NSM-100042', name: 'Karim H.', count: 3 })).toBe('طلبك \u2068NSM-100042\u2069 من \u2068Karim H.\u2069: 3 قطع');
    expect(i18n.t('call', { phone: '+20 100 555 0123' })).toBe('اتصل على \u2068+20 100 555 0123\u2069');
    // A value already isolated by its caller (a phone number kept left to right) is not wrapped twice; an empty one stays empty.
    expect(i18n.t('call', { phone: '\u2066+20 100 555 0123\u2069' })).toBe('اتصل على \u2066+20 100 555 0123\u2069');
    expect(i18n.t('call', { phone: '' })).toBe('اتصل على ');
    // Left-to-right languages are filled as written.
    expect(new Translator({ lng: 'en', resources: resources() }).t('greet', { name: 'Karim H.' })).toBe('Hello Karim H., Karim H.!');
  });

  it('picks English plural forms by count, and _zero first at 0 when the key has one', () => {
    const i18n = new Translator({ lng: 'en', resources: resources() });
    const forms = [0, 1, 2, 3, 11, 100].map((count) => i18n.t('items', { count }));
    expect(forms).toEqual(['0 items', '1 item', '2 items', '3 items', '11 items', '100 items']);
    expect([0, 1, 2].map((count) => i18n.t('left', { count }))).toEqual(['None left', 'One left', '2 left']);
  });

  it('picks the six Arabic plural forms by count', () => {
    const i18n = new Translator({ lng: 'ar', resources: resources() });
    const forms = [0, 1, 2, 3, 11, 100].map((count) => i18n.t('items', { count }));
    expect(forms).toEqual(['لا منتجات', 'منتج واحد', 'منتجان', '3 منتجات', '11 منتجًا', '100 منتج']);
    // Arabic counts by the last two digits: 103 is "few" as 3 is.
    expect(i18n.t('items', { count: 103 })).toBe('103 منتجات');
  });

  it('falls back to English for a missing key, then to defaultValue, then to the key without its namespace', () => {
    const i18n = new Translator({ lng: 'ar', resources: resources() });
    expect(i18n.t('only')).toBe('Only in English');
    expect(i18n.t('admin:errors.taken')).toBe('Taken');
    // Plural forms of English are chosen by English rules when the key falls back.
    expect(i18n.t('left', { count: 3 })).toBe('3 left');
    expect(i18n.t('colors.amber', { defaultValue: 'amber' })).toBe('amber');
    expect(i18n.t('missing.key')).toBe('missing.key');
    expect(i18n.t('admin:missing.key')).toBe('missing.key');
    expect(i18n.t('missing', { defaultValue: '{{n}} kept', n: 2 })).toBe('2 kept');
  });

  it('takes the first key of a list that has a text, and shows the last key when none has', () => {
    const i18n = new Translator({ lng: 'en', resources: resources() });
    expect(i18n.t(['admin:errors.nope', 'admin:errors.taken', 'hello'])).toBe('Taken');
    expect(i18n.t(['admin:errors.nope', 'admin:errors.invalid'])).toBe('errors.invalid');
  });

  it('reads neither inherited properties nor objects as texts', () => {
    const i18n = new Translator({ lng: 'en', resources: resources() });
    expect(i18n.t('constructor')).toBe('constructor');
    expect(i18n.t('nested.toString')).toBe('nested.toString');
    expect(i18n.t('nested')).toBe('nested');
  });

  it('splits ns: only from keys that look like paths, as i18next does', () => {
    const i18n = new Translator({ lng: 'en', resources: resources() });
    expect(i18n.t('Note: a sentence')).toBe('Note: a sentence');
  });

  it('says its direction, and resolvedLanguage is the language', () => {
    expect(new Translator({ lng: 'ar' }).dir()).toBe('rtl');
    expect(new Translator({ lng: 'ar' }).dir('en')).toBe('ltr');
    expect(new Translator({ lng: 'de' }).resolvedLanguage).toBe('de');
  });

  it('loads namespaces in the language and English once, and counts a failed load as done', async () => {
    const texts: Record<string, Texts> = { 'ar|admin': { title: 'الإدارة' }, 'en|admin': { title: 'Admin' } };
    const load = vi.fn((lng: string, ns: string) => (texts[`${lng}|${ns}`] ? Promise.resolve(texts[`${lng}|${ns}`]!) : Promise.reject(new Error('404'))));
    const i18n = new Translator({ lng: 'ar', load });
    expect(i18n.hasLoaded('admin')).toBe(false);
    const changed = vi.fn();
    i18n.on('changed', changed);
    await Promise.all([i18n.loadNamespaces(['admin']), i18n.loadNamespaces(['admin'])]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(i18n.hasLoaded('admin')).toBe(true);
    expect(i18n.t('admin:title')).toBe('الإدارة');
    // Only texts of the current language change what is shown.
    expect(changed).toHaveBeenCalledTimes(1);
    await i18n.loadNamespaces(['admin-dash']);
    expect(i18n.hasLoaded('admin-dash')).toBe(true);
    expect(i18n.t('admin-dash:title')).toBe('title');
  });

  it('changes language once the namespaces shown so far are loaded in it; the last call wins', async () => {
    const load = vi.fn((lng: string, ns: string) => Promise.resolve({ hello: `${lng} ${ns}` }));
    const i18n = new Translator({ lng: 'en', resources: { en: { translation: { hello: 'Hello' } } }, load });
    const heard: string[] = [];
    i18n.on('languageChanged', (lng) => heard.push(lng));
    const toFrench = i18n.changeLanguage('fr');
    expect(i18n.language).toBe('en');
    const toArabic = i18n.changeLanguage('ar');
    await Promise.all([toFrench, toArabic]);
    expect(i18n.language).toBe('ar');
    expect(heard).toEqual(['ar']);
    expect(i18n.t('hello')).toBe('ar translation');
  });

  it('is fast: a page asks a few hundred texts', () => {
    const i18n = new Translator({ lng: 'ar', resources: resources() });
    const t = i18n.getFixedT(null);
    const started = performance.now();
    for (let i = 0; i < 20_000; i += 1) t('nested.deeper.key');
    // About 0.1 µs a call here; the bound only catches a lookup made slow by mistake.
    expect((performance.now() - started) / 20_000).toBeLessThan(0.02); // ms
  });
});
