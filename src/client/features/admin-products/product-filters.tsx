import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Eye, EyeOff, PencilLine, Search } from 'lucide-react';
import { numberLocale } from '../../../shared/domain/currency';
import { adminProductSorts, MAX_BULK_PRODUCTS } from '../../../shared/schemas/admin-product';
import { useGetAdminCategoriesQuery } from './api';

export interface ProductFilterValues {
  q: string;
  category: string;
  stock: string;
  status: string;
  sort: string;
}

/** Search, category, stock, status and sort of the product list; each change goes to the URL. */
export function ProductFilters({ values, onChange }: { values: ProductFilterValues; onChange: (changes: Partial<ProductFilterValues>) => void }) {
  const { t, i18n } = useTranslation('admin-catalog');
  const { data: cats } = useGetAdminCategoriesQuery();
  const { q, category, stock, status, sort } = values;
  const [search, setSearch] = useState(q);
  useEffect(() => {
    setSearch(q);
  }, [q]);
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    onChange({ q: search.trim() });
  };
  const select = 'field h-10 py-0 text-sm';
  return (
    <div className="flex flex-wrap items-end gap-3 border-b border-line/70 p-4">
      <form role="search" onSubmit={submitSearch} className="relative min-w-[14rem] flex-1">
        <label htmlFor="product-search" className="sr-only">
          {t('list.search')}
        </label>
        <Search size={16} aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
        <input
          id="product-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onBlur={() => search.trim() !== q && onChange({ q: search.trim() })}
          placeholder={t('list.searchPlaceholder')}
          className="field h-10 py-0 ps-9 text-sm"
        />
      </form>
      <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto sm:flex-wrap">
        <label className="grid gap-1 text-xs font-semibold text-muted">
          {t('list.category')}
          <select value={category} onChange={(e) => onChange({ category: e.target.value })} className={select}>
            <option value="">{t('list.allCategories')}</option>
            {cats?.items.map((c) => (
              <option key={c.id} value={c.id}>
                {(i18n.language !== 'en' && c.name[i18n.language as 'ar']) || c.name.en}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-xs font-semibold text-muted">
          {t('list.stock')}
          <select value={stock} onChange={(e) => onChange({ stock: e.target.value })} className={select}>
            <option value="">{t('list.anyStock')}</option>
            <option value="in">{t('list.stockIn')}</option>
            <option value="low">{t('list.stockLow')}</option>
            <option value="out">{t('list.stockOut')}</option>
            <option value="reorder">{t('list.stockReorder')}</option>
          </select>
        </label>
        <label className="grid gap-1 text-xs font-semibold text-muted">
          {t('list.status')}
          <select value={status} onChange={(e) => onChange({ status: e.target.value })} className={select}>
            <option value="">{t('list.anyStatus')}</option>
            <option value="visible">{t('status.visible')}</option>
            <option value="hidden">{t('status.hidden')}</option>
          </select>
        </label>
        <label className="grid gap-1 text-xs font-semibold text-muted">
          {t('list.sort')}
          <select value={sort} onChange={(e) => onChange({ sort: e.target.value })} className={select}>
            {adminProductSorts.map((s) => (
              <option key={s} value={s}>
                {t(`sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}

/**
 * What to do with the selected products: edit them (the bulk dialog), hide or show them, or clear
 * the selection; and, once the whole page is selected, take every product the filters match.
 */
export function BulkBar({
  count,
  matching,
  onSelectMatching,
  onEdit,
  onVisibility,
  onClear,
}: {
  count: number;
  /** Every product the filters match is selected (`all`), or may be (`offer`, with how many), or neither. */
  matching: { state: 'all' | 'offer' | 'none' | 'too_many'; total: number; filtered: boolean };
  onSelectMatching: () => void;
  onEdit: () => void;
  onVisibility: (visible: boolean) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation('admin-catalog');
  const total = matching.total;
  const n = new Intl.NumberFormat(numberLocale(i18n.language)).format(total);
  return (
    <div role="region" aria-label={t('list.bulkRegion')} className="border-b border-line/70 bg-sand/50 px-4 py-2.5 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <strong className="me-2" data-testid="bulk-count">
          {matching.state === 'all'
            ? t(matching.filtered ? 'bulk.allMatchingSelected' : 'bulk.allSelected', { count: total, n })
            : t('list.selected', { count })}
        </strong>
        <button type="button" onClick={onEdit} className="btn btn-primary h-8 px-3 py-0 text-xs">
          <PencilLine size={14} aria-hidden="true" />
          {t('bulk.edit')}
        </button>
        <button type="button" onClick={() => onVisibility(false)} className="btn btn-ghost h-8 px-3 py-0 text-xs">
          <EyeOff size={14} aria-hidden="true" />
          {t('list.hide')}
        </button>
        <button type="button" onClick={() => onVisibility(true)} className="btn btn-ghost h-8 px-3 py-0 text-xs">
          <Eye size={14} aria-hidden="true" />
          {t('list.show')}
        </button>
        <button type="button" onClick={onClear} className="ms-auto text-xs font-semibold text-muted underline-offset-2 hover:underline">
          {t('list.clearSelection')}
        </button>
      </div>
      {matching.state === 'offer' && (
        <button
          type="button"
          onClick={onSelectMatching}
          className="mt-1.5 text-start text-xs font-semibold text-olive underline underline-offset-2 hover:text-ink"
        >
          {t(matching.filtered ? 'bulk.selectMatching' : 'bulk.selectEvery', { count: total, n })}
        </button>
      )}
      {matching.state === 'too_many' && (
        <p className="mt-1.5 text-xs text-muted">
          {t('bulk.matchingTooMany', { count: total, n, max: MAX_BULK_PRODUCTS.toLocaleString(numberLocale(i18n.language)) })}
        </p>
      )}
    </div>
  );
}
