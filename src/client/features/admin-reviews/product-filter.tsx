import { useEffect, useRef, useState } from 'react';
import { Search, X } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { nameIn, Thumb, useGetAdminProductQuery, useGetAdminProductsQuery } from '../admin-products';
import { isolate } from '../../../shared/domain/bidi';

/**
 * The list's product filter: the search over the admin's product list (name or SKU) that the
 * promotions' product picker uses, for one product; once chosen it shows the product's name with
 * a button to show every product again. `knownName` is the name the list's reviews already carry.
 */
export function ProductFilter({ productId, knownName, onChange }: { productId?: number; knownName?: string; onChange: (id: number | undefined) => void }) {
  const { t, i18n } = useTranslation('admin-reviews');
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const clear = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'input' | 'clear' | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(typed.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [typed]);
  // After a choice the control changes shape: the focus goes to what now stands in its place.
  useEffect(() => {
    if (focusNext.current === 'clear') clear.current?.focus();
    if (focusNext.current === 'input') input.current?.focus();
    focusNext.current = null;
  }, [productId]);

  const { data, isFetching } = useGetAdminProductsQuery({ q: term, pageSize: 8, lng: i18n.language }, { skip: !term || productId !== undefined });
  const { data: chosen } = useGetAdminProductQuery(productId ?? 0, { skip: productId === undefined || knownName !== undefined });
  const results = term ? (data?.items ?? []) : [];

  if (productId !== undefined) {
    const name = knownName ?? (chosen ? nameIn(chosen.name, i18n.language) : `#${productId}`);
    return (
      <div>
        <span id="reviews-product-label" className="mb-1.5 block text-xs font-semibold text-muted">
          {t('filters.product')}
        </span>
        <div className="flex h-10 items-center gap-2 rounded-xl border border-line bg-ivory px-3" aria-labelledby="reviews-product-label" role="group">
          <span className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">{name}</span>
          <button
            ref={clear}
            type="button"
            onClick={() => {
              focusNext.current = 'input';
              setTyped('');
              setTerm('');
              onChange(undefined);
            }}
            className="-me-2 shrink-0 rounded-full p-2 text-muted hover:bg-sand hover:text-ink"
            aria-label={t('filters.productClear', { name })}
          >
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      </div>
    );
  }

  return (
    <div
      ref={box}
      className="relative"
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          input.current?.focus();
        }
      }}
    >
      <label htmlFor="reviews-product" className="mb-1.5 block text-xs font-semibold text-muted">
        {t('filters.product')}
      </label>
      <div className="relative">
        <Search size={16} aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
        <input
          ref={input}
          id="reviews-product"
          type="search"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          placeholder={t('filters.productPlaceholder')}
          autoComplete="off"
          aria-controls="reviews-product-results"
          className="field h-10 py-0 !ps-9 text-sm"
        />
      </div>
      <div id="reviews-product-results" aria-live="polite" className={open && term ? 'absolute inset-x-0 top-full z-20 mt-1' : 'sr-only'}>
        {open && term && (
          <div className="overflow-hidden rounded-xl border border-line/70 bg-white shadow-lift">
            {isFetching && !data && <p className="px-3 py-2 text-sm text-muted">{t('filters.productSearching')}</p>}
            {data && results.length === 0 && <p className="px-3 py-2 text-sm text-muted">{t('filters.productNone', { q: isolate(term) })}</p>}
            {results.length > 0 && (
              <ul className="max-h-72 divide-y divide-line/70 overflow-y-auto">
                {results.map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      onClick={() => {
                        focusNext.current = 'clear';
                        setOpen(false);
                        onChange(p.id);
                      }}
                      className="flex w-full items-center gap-3 px-3 py-2 text-start hover:bg-ivory focus-visible:bg-ivory"
                    >
                      <Thumb src={p.thumbnail} size="h-9 w-9" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-semibold text-ink">{p.name}</span>
                        <span className="block font-mono text-[0.7rem] text-muted">{p.sku}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
