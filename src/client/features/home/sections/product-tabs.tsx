import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../app/i18n-view';
import { useGetProductsQuery, type ProductListArgs } from '../../../app/api';
import { ProductGrid } from './product-grid';
import { SectionHeading } from './section-heading';
import type { TranslationKey } from '../../../app/translation-keys';

const tabs: Array<{ key: string; label: TranslationKey; args: Partial<ProductListArgs> }> = [
  { key: 'new', label: 'home.tabs.new', args: { new: true } },
  { key: 'best', label: 'home.tabs.best', args: {} },
  { key: 'sale', label: 'home.tabs.sale', args: { sale: true } },
];

/** New / Best sellers / On sale, each from the catalogue API. */
export function ProductTabs({ titleKey, pageSize }: { titleKey: TranslationKey; pageSize: number }) {
  const { t, i18n } = useTranslation();
  const [active, setActive] = useState(0);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const tab = tabs[active] ?? tabs[0]!;
  const { data, isFetching, isError, refetch } = useGetProductsQuery({ lng: i18n.language, pageSize, ...tab.args });

  const onKey = (e: KeyboardEvent) => {
    const dir = (e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0) * (i18n.dir() === 'rtl' ? -1 : 1);
    if (!dir) return;
    const next = (active + dir + tabs.length) % tabs.length;
    setActive(next);
    refs.current[next]?.focus();
  };

  return (
    <section className="container-shop mt-16" aria-labelledby="home-tabs">
      <SectionHeading id="home-tabs" eyebrow={t('home.tabsEyebrow')} title={t(titleKey)} />
      <div role="tablist" aria-label={t(titleKey)} className="chip-row mb-6" onKeyDown={onKey}>
        {tabs.map((x, i) => (
          <button
            key={x.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            role="tab"
            id={`tab-${x.key}`}
            aria-selected={active === i}
            aria-controls="home-tabpanel"
            tabIndex={active === i ? 0 : -1}
            onClick={() => setActive(i)}
            className={`whitespace-nowrap rounded-full px-4 py-2 text-sm sm:px-5 font-semibold transition ${active === i ? 'bg-ink text-ivory' : 'bg-sand text-ink hover:bg-linen'}`}
          >
            {t(x.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="home-tabpanel" aria-labelledby={`tab-${tab.key}`} aria-busy={isFetching}>
        {isError ? (
          <p className="rounded-2xl bg-sand p-6 text-center text-sm">
            {t('common.couldNotLoad')}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
              {t('common.retry')}
            </button>
          </p>
        ) : (
          <ProductGrid products={data?.items} loading={isFetching} count={pageSize} />
        )}
      </div>
    </section>
  );
}
