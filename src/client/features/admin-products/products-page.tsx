import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Download, Eye, EyeOff, ImageOff, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { AdminPage, EmptyState, Pager, tableClass } from '../admin';
import { showToast } from '../../components/ui/toast';
import { formatPiastres } from '../../../shared/domain/currency';
import { adminProductSorts, LOW_STOCK, type AdminProductRow } from '../../../shared/schemas/admin-product';
import { failureOf, useBulkAdminProductsMutation, useDeleteAdminProductMutation, useGetAdminCategoriesQuery, useGetAdminProductsQuery } from './api';
import { ConfirmDialog } from './confirm-dialog';
import { useErrorText } from './use-error-text';

const PAGE_SIZE = 20;

/** Stock figure coloured by how urgent it is: red when out, amber when low. */
function StockBadge({ stock }: { stock: number }) {
  const { t } = useTranslation('admin-catalog');
  const tone = stock === 0 ? 'bg-rose/10 text-rose' : stock <= LOW_STOCK ? 'bg-honey/25 text-amber-dark' : 'bg-moss/10 text-olive';
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold tabular-nums ${tone}`}>
      {stock === 0 ? t('list.outOfStock') : stock <= LOW_STOCK ? t('list.lowStock', { n: stock }) : stock}
    </span>
  );
}

function VisibilityBadge({ visible }: { visible: boolean }) {
  const { t } = useTranslation('admin-catalog');
  return visible ? (
    <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-olive">
      <span className="h-2 w-2 rounded-full bg-moss" aria-hidden="true" />
      {t('status.visible')}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-muted">
      <span className="h-2 w-2 rounded-full bg-stone-400" aria-hidden="true" />
      {t('status.hidden')}
    </span>
  );
}

function Thumb({ src, size = 'h-12 w-12' }: { src: string | null; size?: string }) {
  return src ? (
    <img src={src} alt="" width={48} height={48} loading="lazy" className={`${size} shrink-0 rounded-lg bg-sand object-cover`} />
  ) : (
    <span className={`${size} flex shrink-0 items-center justify-center rounded-lg bg-sand text-muted`}>
      <ImageOff size={18} aria-hidden="true" />
    </span>
  );
}

function Price({ p }: { p: AdminProductRow }) {
  const { i18n } = useTranslation();
  return (
    <span className="whitespace-nowrap tabular-nums">
      {formatPiastres(p.price, i18n.language)}
      {p.discount > 0 && <span className="ms-1.5 rounded-full bg-amber/10 px-1.5 py-0.5 text-[0.7rem] font-semibold text-amber-dark">−{p.discount}%</span>}
    </span>
  );
}

/** The merchant's product list: filters, sort and page in the URL; bulk hide/show; delete. */
export default function ProductsPage() {
  const { t, i18n } = useTranslation('admin-catalog');
  const { t: ta } = useTranslation('admin');
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const stock = params.get('stock') ?? '';
  const status = params.get('status') ?? '';
  const sort = params.get('sort') ?? 'newest';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isFetching, isError, refetch } = useGetAdminProductsQuery({ q, category, stock, status, sort, page, pageSize: PAGE_SIZE, lng: i18n.language });
  const { data: cats } = useGetAdminCategoriesQuery();
  const [bulk, bulkState] = useBulkAdminProductsMutation();
  const [remove, removeState] = useDeleteAdminProductMutation();
  const [search, setSearch] = useState(q);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [toDelete, setToDelete] = useState<AdminProductRow | null>(null);

  useEffect(() => {
    setSearch(q);
  }, [q]);
  // A new page or filter starts with nothing selected.
  useEffect(() => {
    setSelected(new Set());
  }, [params]);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value && !(key === 'sort' && value === 'newest')) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const href = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    const s = next.toString();
    return `/admin/products${s ? `?${s}` : ''}`;
  };

  const items = useMemo(() => data?.items ?? [], [data]);
  const allSelected = items.length > 0 && items.every((p) => selected.has(p.id));
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(items.map((p) => p.id)));

  const runBulk = async (action: 'hide' | 'show') => {
    try {
      const { updated } = await bulk({ ids: [...selected], action }).unwrap();
      showToast('success', t(action === 'hide' ? 'list.bulkHidden' : 'list.bulkShown', { count: updated }));
      setSelected(new Set());
    } catch (e) {
      showToast('error', errorText(failureOf(e).code) ?? '');
    }
  };
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove(toDelete.id).unwrap();
      showToast('success', t('list.deleted', { name: toDelete.name }));
      setToDelete(null);
    } catch (e) {
      showToast('error', errorText(failureOf(e).code) ?? '');
    }
  };
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: search.trim() });
  };
  const filtered = Boolean(q || category || stock || status);

  const select = 'field h-10 py-0 text-sm';
  return (
    <AdminPage
      title={t('titles.products')}
      subtitle={data ? t('list.count', { count: data.total }) : undefined}
      actions={
        <>
          <a href="/api/admin/products.csv" download className="btn btn-ghost h-10 px-4 py-0 text-sm">
            <Download size={16} aria-hidden="true" />
            {ta('common.exportCsv')}
          </a>
          <Link to="/admin/products/add" className="btn btn-primary h-10 px-4 py-0 text-sm">
            <Plus size={16} aria-hidden="true" />
            {t('list.add')}
          </Link>
        </>
      }
    >
      <section className="rounded-2xl border border-line/70 bg-white shadow-soft">
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
              onBlur={() => search.trim() !== q && update({ q: search.trim() })}
              placeholder={t('list.searchPlaceholder')}
              className="field h-10 py-0 ps-9 text-sm"
            />
          </form>
          <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto sm:flex-wrap">
            <label className="grid gap-1 text-xs font-semibold text-muted">
              {t('list.category')}
              <select value={category} onChange={(e) => update({ category: e.target.value })} className={select}>
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
              <select value={stock} onChange={(e) => update({ stock: e.target.value })} className={select}>
                <option value="">{t('list.anyStock')}</option>
                <option value="in">{t('list.stockIn')}</option>
                <option value="low">{t('list.stockLow')}</option>
                <option value="out">{t('list.stockOut')}</option>
              </select>
            </label>
            <label className="grid gap-1 text-xs font-semibold text-muted">
              {t('list.status')}
              <select value={status} onChange={(e) => update({ status: e.target.value })} className={select}>
                <option value="">{t('list.anyStatus')}</option>
                <option value="visible">{t('status.visible')}</option>
                <option value="hidden">{t('status.hidden')}</option>
              </select>
            </label>
            <label className="grid gap-1 text-xs font-semibold text-muted">
              {t('list.sort')}
              <select value={sort} onChange={(e) => update({ sort: e.target.value })} className={select}>
                {adminProductSorts.map((s) => (
                  <option key={s} value={s}>
                    {t(`sort.${s}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>

        {selected.size > 0 && (
          <div
            role="region"
            aria-label={t('list.bulkRegion')}
            className="flex flex-wrap items-center gap-2 border-b border-line/70 bg-sand/50 px-4 py-2.5 text-sm"
          >
            <strong className="me-2">{t('list.selected', { count: selected.size })}</strong>
            <button type="button" disabled={bulkState.isLoading} onClick={() => void runBulk('hide')} className="btn btn-ghost h-8 px-3 py-0 text-xs">
              <EyeOff size={14} aria-hidden="true" />
              {t('list.hide')}
            </button>
            <button type="button" disabled={bulkState.isLoading} onClick={() => void runBulk('show')} className="btn btn-ghost h-8 px-3 py-0 text-xs">
              <Eye size={14} aria-hidden="true" />
              {t('list.show')}
            </button>
            <button
              type="button"
              onClick={() => setSelected(new Set())}
              className="ms-auto text-xs font-semibold text-muted underline-offset-2 hover:underline"
            >
              {t('list.clearSelection')}
            </button>
          </div>
        )}

        <div className="p-4" aria-busy={isFetching}>
          {isError ? (
            <EmptyState>
              {ta('common.loadFailed')}{' '}
              <button type="button" onClick={() => void refetch()} className="font-semibold text-ink underline">
                {ta('common.retry')}
              </button>
            </EmptyState>
          ) : !data ? (
            <p className="p-8 text-center text-sm text-muted">{ta('common.loading')}</p>
          ) : items.length === 0 ? (
            <EmptyState>{filtered ? t('list.noMatch') : t('list.empty')}</EmptyState>
          ) : (
            <>
              <div className={`hidden overflow-x-auto md:block ${isFetching ? 'opacity-60' : ''}`}>
                <table className={tableClass}>
                  <thead>
                    <tr>
                      <th className="w-10">
                        <input type="checkbox" checked={allSelected} onChange={toggleAll} aria-label={t('list.selectAll')} className="h-4 w-4 accent-ink" />
                      </th>
                      <th>{t('list.product')}</th>
                      <th>{t('list.sku')}</th>
                      <th>{t('list.price')}</th>
                      <th>{t('list.stock')}</th>
                      <th>{t('list.status')}</th>
                      <th className="text-end">
                        <span className="sr-only">{ta('common.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((p) => (
                      <tr key={p.id} className={selected.has(p.id) ? 'bg-sand/40' : ''}>
                        <td>
                          <input
                            type="checkbox"
                            checked={selected.has(p.id)}
                            onChange={() => toggle(p.id)}
                            aria-label={t('list.selectOne', { name: p.name })}
                            className="h-4 w-4 accent-ink"
                          />
                        </td>
                        <td>
                          <div className="flex items-center gap-3">
                            <Thumb src={p.thumbnail} />
                            <div className="min-w-0">
                              <Link to={`/admin/products/edit/${p.id}`} className="font-semibold text-ink hover:underline">
                                {p.name}
                              </Link>
                              <p className="truncate text-xs text-muted">{p.categories.join(' · ')}</p>
                            </div>
                          </div>
                        </td>
                        <td className="font-mono text-xs text-muted">{p.sku}</td>
                        <td>
                          <Price p={p} />
                        </td>
                        <td>
                          <StockBadge stock={p.stock} />
                        </td>
                        <td>
                          <VisibilityBadge visible={p.visible} />
                        </td>
                        <td className="text-end">
                          <div className="inline-flex gap-1">
                            <Link
                              to={`/admin/products/edit/${p.id}`}
                              className="rounded-full p-2 text-muted hover:bg-sand hover:text-ink"
                              aria-label={t('list.editOne', { name: p.name })}
                            >
                              <Pencil size={16} aria-hidden="true" />
                            </Link>
                            <button
                              type="button"
                              onClick={() => setToDelete(p)}
                              className="rounded-full p-2 text-muted hover:bg-rose/10 hover:text-rose"
                              aria-label={t('list.deleteOne', { name: p.name })}
                            >
                              <Trash2 size={16} aria-hidden="true" />
                            </button>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>

              <div className="md:hidden">
                <label className="mb-2 flex items-center gap-2 px-1 text-xs font-semibold text-muted">
                  <input type="checkbox" checked={allSelected} onChange={toggleAll} className="h-4 w-4 accent-ink" />
                  {t('list.selectAll')}
                </label>
                <ul className={`divide-y divide-line/70 ${isFetching ? 'opacity-60' : ''}`}>
                  {items.map((p) => (
                    <li key={p.id} className="flex items-start gap-3 py-3">
                      <input
                        type="checkbox"
                        checked={selected.has(p.id)}
                        onChange={() => toggle(p.id)}
                        aria-label={t('list.selectOne', { name: p.name })}
                        className="mt-4 h-4 w-4 shrink-0 accent-ink"
                      />
                      <Thumb src={p.thumbnail} size="h-14 w-14" />
                      <div className="min-w-0 flex-1">
                        <Link to={`/admin/products/edit/${p.id}`} className="block font-semibold leading-snug text-ink">
                          {p.name}
                        </Link>
                        <p className="font-mono text-[0.7rem] text-muted">{p.sku}</p>
                        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                          <Price p={p} />
                          <StockBadge stock={p.stock} />
                          <VisibilityBadge visible={p.visible} />
                        </div>
                      </div>
                      <button
                        type="button"
                        onClick={() => setToDelete(p)}
                        className="shrink-0 rounded-full p-2 text-muted hover:bg-rose/10 hover:text-rose"
                        aria-label={t('list.deleteOne', { name: p.name })}
                      >
                        <Trash2 size={16} aria-hidden="true" />
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} href={href} />
            </>
          )}
        </div>
      </section>

      <ConfirmDialog
        open={toDelete !== null}
        title={t('list.deleteTitle')}
        confirmLabel={ta('common.delete')}
        busy={removeState.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        {toDelete && t('list.deleteBody', { name: toDelete.name })}
      </ConfirmDialog>
    </AdminPage>
  );
}
