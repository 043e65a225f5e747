// @vitest-environment jsdom
import { memo, Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Translator, type Texts } from '../../shared/i18n/translator';
import { I18nProvider, useTranslation } from './i18n-view';

afterEach(cleanup);

/** The shop's `t` is typed by its own keys; these tests use keys of their own. */
type LooseT = (key: string, options?: Record<string, unknown>) => string;

const files: Record<string, Texts> = {
  'en|translation': { title: 'Shop', items_one: '{{count}} item', items_other: '{{count}} items' },
  'ar|translation': { title: 'المتجر', items_few: '{{count}} منتجات', items_other: '{{count}} منتج' },
  'en|admin': { heading: 'Orders' },
  'ar|admin': { heading: 'الطلبات' },
};

/** A loader whose files arrive when the test says so. */
function slowLoader() {
  const waiting: Array<() => void> = [];
  const load = (lng: string, ns: string) => new Promise<Texts>((resolve) => waiting.push(() => resolve(files[`${lng}|${ns}`] ?? {})));
  const arrive = async () => {
    await act(async () => {
      while (waiting.length) waiting.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  return { load, arrive };
}

function Title() {
  const { t, i18n } = useTranslation();
  return (
    <p>
      {(t as unknown as LooseT)('title')} {(t as unknown as LooseT)('items', { count: 3 })} {i18n.dir()}
    </p>
  );
}

function AdminHeading() {
  const { t } = useTranslation(['admin', 'translation']);
  return <h1>{(t as unknown as LooseT)('heading')}</h1>;
}

describe('useTranslation', () => {
  it('renders on the server as in the browser: same text, no suspense without a loader', () => {
    const i18n = new Translator({ lng: 'ar', resources: { ar: { translation: files['ar|translation']! } } });
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <Title />
      </I18nProvider>,
    );
    expect(html).toBe('<p>المتجر<!-- --> <!-- -->3 منتجات<!-- --> <!-- -->rtl</p>');
  });

  it('suspends until a namespace is loaded in the language and English, then shows it', async () => {
    const { load, arrive } = slowLoader();
    const i18n = new Translator({ lng: 'ar', resources: { ar: { translation: files['ar|translation']! } }, load });
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>loading</p>}>
          <AdminHeading />
        </Suspense>
      </I18nProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await arrive();
    expect(screen.getByRole('heading').textContent).toBe('الطلبات');
    expect(i18n.hasLoaded('admin', 'en')).toBe(true);
  });

  it('re-renders on a change of language, memoised components too, once the new texts are here', async () => {
    const { load, arrive } = slowLoader();
    const i18n = new Translator({ lng: 'en', resources: { en: { translation: files['en|translation']! } }, load });
    const Memo = memo(Title);
    render(
      <I18nProvider i18n={i18n}>
        <Memo />
      </I18nProvider>,
    );
    expect(screen.getByText('Shop 3 items ltr')).toBeTruthy();
    let changed: Promise<void> | undefined;
    act(() => {
      changed = i18n.changeLanguage('ar');
    });
    // The page keeps its language while the new one loads.
    expect(screen.getByText('Shop 3 items ltr')).toBeTruthy();
    await arrive();
    await act(() => changed!);
    expect(screen.getByText('المتجر 3 منتجات rtl')).toBeTruthy();
  });
});
