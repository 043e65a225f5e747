import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { Search } from 'lucide-react';
import { useGetSuggestionsQuery } from '../../app/api';
import type { ProductSummary } from '../../../shared/schemas/product';
import { suggestible } from '../../../shared/domain/search-text';
import { ProductImage } from '../product/product-image';
import { PriceTag } from '../product/price-tag';

/** Typing pauses this long (ms) before suggestions are asked for. */
const SUGGEST_DELAY = 150;

/** `value`, once it has stopped changing for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const listingFor = (query: string) => (query ? `/shop-grid-standard?q=${encodeURIComponent(query)}` : '/shop-grid-standard');

/**
 * Searches the catalogue: suggests up to six products as the shopper types (an ARIA combobox:
 * arrows move through them, Enter opens the chosen one or, with none chosen, the full results,
 * Escape closes them), and opens the listing with the query applied. The form names that address
 * itself, so it also works as a plain form before (or without) the app's scripts (public/boot.js
 * lets it through).
 */
export function SearchForm({ idPrefix, onDone, autoFocus = false }: { idPrefix: string; onDone?: () => void; autoFocus?: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // On a listing (every listing route starts /shop-), the box shows the search it is showing.
  const shownQuery = location.pathname.startsWith('/shop-') ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [q, setQ] = useState(shownQuery);
  useEffect(() => setQ(shownQuery), [shownQuery]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();

  const query = q.trim();
  const asked = useSettled(query, SUGGEST_DELAY);
  const { data } = useGetSuggestionsQuery({ q: asked, lng: i18n.resolvedLanguage ?? 'en' }, { skip: !suggestible(asked) });
  // The last answer stays up while the next one is asked for, so the list does not flicker as the
  // shopper types; it goes when the text is too short to suggest from.
  const showing = open && suggestible(query) && data !== undefined;
  const items: ProductSummary[] = showing ? (data?.items ?? []) : [];
  // Options: the products, then "all results" (always there, so Enter's target can be seen).
  const count = showing ? items.length + 1 : 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  useEffect(() => setActive(-1), [asked]);

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    void navigate(to);
    onDone?.();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (active >= 0 && active < items.length) return go(`/product/${items[active]!.id}`);
    go(listingFor(query));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    if (!open) setOpen(true);
    if (!count) return;
    const step = e.key === 'ArrowDown' ? 1 : -1;
    // Past either end, back to the text box (-1), as the ARIA combobox pattern does.
    setActive((current) => {
      const next = current + step;
      if (next < -1) return count - 1;
      return next >= count ? -1 : next;
    });
  };

  return (
    <form
      role="search"
      action="/shop-grid-standard"
      onSubmit={submit}
      className="relative w-full"
      onBlur={(e) => {
        // Leaving the whole search (not moving within it) closes the suggestions.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={`${idPrefix}-search`} className="sr-only">
        {t('nav.search')}
      </label>
      <input
        id={`${idPrefix}-search`}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={listId}
        aria-activedescendant={showing && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        // Opened by the phone header's search button: the shopper came here to type.
        autoFocus={autoFocus}
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder={t('nav.searchPlaceholder')}
        maxLength={100}
        className="field !rounded-full !py-2.5 !ps-4 !pe-11 text-sm"
      />
      <button
        type="submit"
        className="absolute inset-y-1 end-1 flex w-9 items-center justify-center rounded-full text-ink hover:bg-sand"
        aria-label={t('nav.searchSubmit')}
      >
        <Search size={17} aria-hidden="true" />
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        hidden={!showing}
        className="absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-2xl border border-line bg-white py-1 shadow-lift"
      >
        {showing &&
          items.map((p, i) => (
            <li
              key={p.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Chosen with the pointer without taking focus from the text box first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(`/product/${p.id}`)}
              onMouseEnter={() => setActive(i)}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? 'bg-sand' : ''}`}
              data-testid="search-suggestion"
            >
              <ProductImage image={p.images[0]} sizes="48px" alt="" className="h-12 w-12 shrink-0 rounded-lg object-cover" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-ink">{p.name}</span>
                <PriceTag price={p.price} discount={p.discount} offerPrice={p.offer?.price} />
              </span>
            </li>
          ))}
        {showing && (
          <li
            id={optionId(items.length)}
            role="option"
            aria-selected={active === items.length}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => go(listingFor(query))}
            onMouseEnter={() => setActive(items.length)}
            className={`flex cursor-pointer items-center gap-2 border-t border-line px-3 py-2.5 text-sm font-semibold text-ink ${
              active === items.length ? 'bg-sand' : ''
            }`}
          >
            <Search size={15} aria-hidden="true" />
            <span className="truncate">{items.length ? t('search.seeAll', { q: query }) : t('search.noSuggestions', { q: query })}</span>
          </li>
        )}
      </ul>
      <p className="sr-only" aria-live="polite">
        {showing ? t('search.suggestionCount', { count: items.length }) : ''}
      </p>
    </form>
  );
}
