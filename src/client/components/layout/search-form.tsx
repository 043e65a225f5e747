import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';

/**
 * Searches the catalogue: opens the listing with the query applied. The form names that address
 * itself, so it also works as a plain form before (or without) the app's scripts (public/boot.js
 * lets it through).
 */
export function SearchForm({ idPrefix, onDone }: { idPrefix: string; onDone?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = q.trim();
    void navigate(query ? `/shop-grid-standard?q=${encodeURIComponent(query)}` : '/shop-grid-standard');
    onDone?.();
  };
  return (
    <form role="search" action="/shop-grid-standard" onSubmit={submit} className="relative w-full">
      <label htmlFor={`${idPrefix}-search`} className="sr-only">
        {t('nav.search')}
      </label>
      <input
        id={`${idPrefix}-search`}
        type="search"
        name="q"
        value={q}
        onChange={(e) => setQ(e.target.value)}
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
    </form>
  );
}
