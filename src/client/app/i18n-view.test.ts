import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { i18nForReact } from './i18n-view';

/** The shop's `t` is typed by its own keys; these tests use keys of their own. */
type LooseT = (key: string, options?: Record<string, unknown>) => string;
const fixedT = (i18n: ReturnType<typeof i18nForReact>, lng: string) => i18n.getFixedT(lng) as unknown as LooseT;

async function instance() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: {
      en: { translation: { hello: 'Hello', count_one: '{{count}} item', count_other: '{{count}} items' } },
      ar: { translation: { hello: 'مرحبا' } },
    },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

describe('i18nForReact', () => {
  it('owns nothing react-i18next would copy but its getFixedT, and reads the rest through to the instance', async () => {
    const i18n = await instance();
    const view = i18nForReact(i18n);
    expect(Object.keys(view)).toEqual(['getFixedT']);
    expect(view.language).toBe('en');
    await i18n.changeLanguage('ar');
    expect(view.language).toBe('ar');
    expect((view.t as unknown as LooseT)('hello')).toBe('مرحبا');
  });

  it('translates as i18next does, per language, with options and plurals', async () => {
    const view = i18nForReact(await instance());
    const en = fixedT(view, 'en');
    const ar = fixedT(view, 'ar');
    expect(en('hello')).toBe('Hello');
    expect(en('hello')).toBe('Hello');
    expect(ar('hello')).toBe('مرحبا');
    expect(en('count', { count: 1 })).toBe('1 item');
    expect(en('count', { count: 3 })).toBe('3 items');
  });

  it('asks again for a key it did not find, so texts that arrive later show', async () => {
    const i18n = await instance();
    const t = fixedT(i18nForReact(i18n), 'en');
    expect(t('later')).toBe('later');
    i18n.addResource('en', 'translation', 'later', 'Arrived');
    expect(t('later')).toBe('Arrived');
    // A new view of the same instance shares what was found.
    expect(fixedT(i18nForReact(i18n), 'en')('later')).toBe('Arrived');
  });
});
