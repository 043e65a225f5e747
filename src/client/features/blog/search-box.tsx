import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Search } from 'lucide-react';

/** The blog's search field; `q` is the search in the URL, shown again after navigation. */
export function SearchBox({ q, onSearch, id }: { q: string; onSearch: (q: string) => void; id: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(q);
  useEffect(() => setValue(q), [q]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="relative">
      <label htmlFor={id} className="sr-only">
        {t('blog.search')}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('blog.searchPlaceholder')}
        maxLength={100}
        className="h-12 w-full rounded-full border border-line bg-white pe-12 ps-5 text-sm outline-none transition focus:border-ink"
      />
      <button
        type="submit"
        aria-label={t('blog.searchSubmit')}
        className="absolute end-1 top-1 flex h-10 w-10 items-center justify-center rounded-full bg-ink text-ivory transition hover:bg-olive"
      >
        <Search size={16} aria-hidden="true" />
      </button>
    </form>
  );
}
