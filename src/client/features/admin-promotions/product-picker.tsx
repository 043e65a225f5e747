import { useEffect, useState } from 'react';
import { Check, Plus, Search, X } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { controlProps, FieldError } from '../../components/form';
import { nameIn, previewOf, Thumb, useGetAdminProductQuery, useGetAdminProductsQuery } from '../admin-products';

/** What the picker shows of a chosen product. */
interface Chosen {
  name: string;
  sku: string;
  thumbnail: string | null;
}

/** A chosen product the picker has not met in a search (an offer opened for editing): read once by id. */
function ChosenRow({ id, known, onRemove }: { id: number; known: Chosen | undefined; onRemove: () => void }) {
  const { t, i18n } = useTranslation('admin-promotions');
  const { data } = useGetAdminProductQuery(id, { skip: known !== undefined });
  const shown: Chosen | undefined =
    known ?? (data && { name: nameIn(data.name, i18n.language), sku: data.sku, thumbnail: data.images[0] ? previewOf(data.images[0]) : null });
  const name = shown?.name ?? `#${id}`;
  return (
    <li className="flex items-center gap-3 py-2">
      <Thumb src={shown?.thumbnail ?? null} size="h-10 w-10" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-ink">{name}</span>
        <span className="block font-mono text-[0.7rem] text-muted">{shown?.sku ?? '…'}</span>
      </span>
      <button
        type="button"
        onClick={onRemove}
        className="shrink-0 rounded-full p-2 text-muted hover:bg-rose/10 hover:text-rose"
        aria-label={t('form.removeProduct', { name })}
      >
        <X size={16} aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * Products an offer covers: a search over the admin's product list (name or SKU) whose results
 * are added with a press, and the chosen ones, each removable. `id` is the search field's, so an
 * error on the list focuses it.
 */
export function ProductPicker({ id, value, onChange, error }: { id: string; value: number[]; onChange: (ids: number[]) => void; error?: string }) {
  const { t, i18n } = useTranslation('admin-promotions');
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [known, setKnown] = useState<Record<number, Chosen>>({});
  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(typed.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const { data, isFetching } = useGetAdminProductsQuery({ q: term, pageSize: 8, lng: i18n.language }, { skip: !term });
  const results = term ? (data?.items ?? []) : [];

  return (
    <div className="grid gap-3">
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
          {t('form.findProducts')}
        </label>
        <div className="relative">
          <Search size={16} aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
          <input
            {...controlProps(id, error)}
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
            placeholder={t('form.findPlaceholder')}
            autoComplete="off"
            className="field !ps-9"
          />
        </div>
        <FieldError id={id} error={error} />
      </div>
      <div aria-live="polite">
        {term && isFetching && !data && <p className="text-sm text-muted">{t('form.searching')}</p>}
        {term && data && results.length === 0 && <p className="rounded-xl bg-ivory px-3 py-2 text-sm text-muted">{t('form.noResults', { q: term })}</p>}
        {results.length > 0 && (
          <ul className="max-h-72 divide-y divide-line/70 overflow-y-auto rounded-xl border border-line/70">
            {results.map((p) => {
              const chosen = value.includes(p.id);
              return (
                <li key={p.id} className="flex items-center gap-3 px-3 py-2">
                  <Thumb src={p.thumbnail} size="h-10 w-10" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold text-ink">{p.name}</span>
                    <span className="block font-mono text-[0.7rem] text-muted">{p.sku}</span>
                  </span>
                  {chosen ? (
                    <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-olive">
                      <Check size={14} aria-hidden="true" />
                      {t('form.added')}
                    </span>
                  ) : (
                    <button
                      type="button"
                      onClick={() => {
                        setKnown((k) => ({ ...k, [p.id]: { name: p.name, sku: p.sku, thumbnail: p.thumbnail } }));
                        onChange([...value, p.id]);
                      }}
                      className="inline-flex h-8 shrink-0 items-center gap-1 rounded-full border border-line px-3 text-xs font-semibold hover:border-ink"
                      aria-label={t('form.addProduct', { name: p.name })}
                    >
                      <Plus size={14} aria-hidden="true" />
                      {t('form.add')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div>
        <p className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">{t('form.chosen', { count: value.length })}</p>
        {value.length === 0 ? (
          <p className="rounded-xl bg-ivory px-3 py-3 text-sm text-muted">{t('form.chosenNone')}</p>
        ) : (
          <ul className="divide-y divide-line/70">
            {value.map((pid) => (
              <ChosenRow key={pid} id={pid} known={known[pid]} onRemove={() => onChange(value.filter((x) => x !== pid))} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
