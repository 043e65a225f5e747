import { useState, type FormEvent } from 'react';
import { ArrowRight, X } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { FormAlert } from '../../components/form';
import { showToast } from '../../components/ui/toast';
import { formatPiastres, numberLocale } from '../../../shared/domain/currency';
import { effectivePrice } from '../../../shared/domain/pricing';
import { applyBulkChange } from '../../../shared/domain/bulk-edit';
import type { AdminProductRow, BulkChange, BulkSelection, ProductLanguage } from '../../../shared/schemas/admin-product';
import { Dialog, IconButton } from '../admin';
import { failureOf, useBulkEditAdminProductsMutation, useGetAdminCategoriesQuery } from './api';
import { ChangeForm, type BulkFormErrors } from './bulk-change-form';
import { bulkChangeOf, emptyBulkForm, type BulkForm } from './bulk-edit-form';
import { useErrorText } from './use-error-text';

/** How many of the selected products the confirmation previews. */
const PREVIEW_ROWS = 5;

export interface BulkTarget {
  selection: BulkSelection;
  /** How many products the selection holds, as the merchant sees it. */
  count: number;
  /** The first selected products on screen: the preview's "before → after". */
  rows: AdminProductRow[];
}

/** A percentage as the merchant's language writes it, with its sign when `signed` ("+10%", "−15 %"). */
function usePercent(signed: boolean): (percent: number) => string {
  const { i18n } = useTranslation();
  return (percent) =>
    new Intl.NumberFormat(numberLocale(i18n.language), { style: 'percent', signDisplay: signed ? 'exceptZero' : 'auto', maximumFractionDigits: 2 }).format(
      percent / 100,
    );
}

/** The sentences of the confirmation: what happens to every selected product. */
function useChangeLines(): (change: BulkChange) => string[] {
  const { t, i18n } = useTranslation('admin-catalog');
  const signed = usePercent(true);
  const percent = usePercent(false);
  const { data: cats } = useGetAdminCategoriesQuery();
  const names = (ids: number[]) =>
    ids
      .map((id) => cats?.items.find((c) => c.id === id))
      .map((c) => (c ? (i18n.language !== 'en' && c.name[i18n.language as ProductLanguage]) || c.name.en : '?'))
      .join(i18n.language === 'ar' ? '، ' : ', ');
  return (change) => {
    const lines: string[] = [];
    const p = change.price;
    if (p?.mode === 'percent') lines.push(t('bulk.linePrice', { percent: signed(p.percent) }));
    if (p?.mode === 'set') lines.push(t('bulk.linePriceSet', { price: formatPiastres(p.price, i18n.language) }));
    if (change.discount !== undefined)
      lines.push(change.discount ? t('bulk.lineDiscount', { percent: percent(change.discount) }) : t('bulk.lineDiscountRemoved'));
    if (change.stock !== undefined) lines.push(t('bulk.lineStock', { stock: change.stock }));
    if (change.categories) {
      const key = ({ add: 'bulk.lineCategoriesAdd', remove: 'bulk.lineCategoriesRemove', replace: 'bulk.lineCategoriesReplace' } as const)[
        change.categories.mode
      ];
      lines.push(t(key, { names: names(change.categories.categoryIds) }));
    }
    if (change.tags?.add.length) lines.push(t('bulk.lineTagsAdd', { tags: change.tags.add.join(', ') }));
    if (change.tags?.remove.length) lines.push(t('bulk.lineTagsRemove', { tags: change.tags.remove.join(', ') }));
    if (change.visible !== undefined) lines.push(change.visible ? t('bulk.lineShown') : t('bulk.lineHidden'));
    return lines;
  };
}

/** "Before → after" of the first selected products, computed with the rule the server applies (`applyBulkChange`). */
function Preview({ rows, change }: { rows: AdminProductRow[]; change: BulkChange }) {
  const { t, i18n } = useTranslation('admin-catalog');
  const money = (row: { price: number; discount: number }) => formatPiastres(effectivePrice(row.price, row.discount), i18n.language);
  const pricing = change.price !== undefined || change.discount !== undefined;
  const shown = rows.slice(0, PREVIEW_ROWS);
  if (!pricing && change.stock === undefined) return null;
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-line/70">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('bulk.previewCaption')}</caption>
        <thead className="bg-sand/50 text-xs text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {t('list.product')}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {pricing ? t('bulk.previewPrice') : t('list.stock')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line/60">
          {shown.map((row) => {
            const before = {
              price: row.price,
              discount: row.discount,
              offerEnd: null,
              stock: row.stock,
              visible: row.visible,
              categoryIds: [],
              tags: [],
              variants: [],
            };
            const result = applyBulkChange(before, { price: change.price, discount: change.discount, stock: change.stock });
            const after = 'product' in result ? result.product : null;
            return (
              <tr key={row.id}>
                <td className="max-w-[9rem] truncate px-3 py-2 font-medium sm:max-w-[14rem]">{row.name}</td>
                <td className="px-3 py-2 tabular-nums">
                  <span className="flex flex-col gap-x-1.5 whitespace-nowrap sm:flex-row sm:items-center">
                    <span className="text-muted">{pricing ? money(before) : row.stock}</span>
                    <span className="inline-flex items-center gap-1.5">
                      <ArrowRight size={14} aria-hidden="true" className="shrink-0 rtl:-scale-x-100" />
                      <span className="sr-only">{t('bulk.becomes')}</span>
                      {after ? <strong>{pricing ? money(after) : change.stock}</strong> : <strong className="text-rose">{t('bulk.previewRefused')}</strong>}
                    </span>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The bulk edit (issue 32, point 4): the merchant chooses what to change, then confirms a summary
 * that names how many products change, with "before → after" for the first few. The browser sends
 * only the change, the selection and the count confirmed; the server computes every value.
 * `start` opens on the confirmation with a change already chosen (the bar's Hide and Show).
 */
export function BulkEditDialog({
  target,
  start,
  onClose,
  onDone,
}: {
  target: BulkTarget | null;
  start?: Partial<BulkForm>;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <Dialog
      open={target !== null}
      labelledBy="bulk-title"
      onClose={onClose}
      className="max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-1.5rem))] overflow-y-auto"
    >
      {target && <BulkEditSteps target={target} start={start} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
}

function BulkEditSteps({ target, start, onClose, onDone }: { target: BulkTarget; start?: Partial<BulkForm>; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('admin-catalog');
  const { t: ta } = useTranslation('admin');
  const errorText = useErrorText();
  const changeLines = useChangeLines();
  const [form, setForm] = useState<BulkForm>({ ...emptyBulkForm, ...start });
  const startChange = start ? bulkChangeOf({ ...emptyBulkForm, ...start }) : null;
  const [confirming, setConfirming] = useState<BulkChange | null>(startChange && 'change' in startChange ? startChange.change : null);
  const [errors, setErrors] = useState<BulkFormErrors>({});
  const [count, setCount] = useState(target.count);
  const [banner, setBanner] = useState<string | null>(null);
  const [edit, { isLoading }] = useBulkEditAdminProductsMutation();

  const review = (e: FormEvent) => {
    e.preventDefault();
    const result = bulkChangeOf(form);
    if ('errors' in result) {
      setErrors(result.errors);
      const first = Object.keys(result.errors).find((k) => k !== 'change');
      if (first) document.getElementById(`bulk-${first}`)?.focus();
      return;
    }
    setErrors({});
    setBanner(null);
    setConfirming(result.change);
  };

  const apply = async () => {
    if (!confirming) return;
    setBanner(null);
    try {
      const { changed } = await edit({ selection: target.selection, change: confirming, expectedCount: count }).unwrap();
      showToast('success', changed ? t('bulk.done', { count: changed }) : t('bulk.doneNothing'));
      onDone();
    } catch (e) {
      const failure = failureOf(e);
      const details = failure.details as { count?: number; max?: number; product?: { name: string } } | undefined;
      if (failure.code === 'bulk_selection_changed' && typeof details?.count === 'number') {
        setCount(details.count);
        setBanner(t('bulk.selectionChanged', { count: details.count }));
      } else if (failure.code === 'bulk_too_many' && typeof details?.count === 'number') {
        setBanner(t('bulk.tooMany', { count: details.count, max: details.max ?? 10_000 }));
      } else if (details?.product && failure.code.startsWith('bulk_')) {
        setBanner(t(`bulk.refused.${failure.code as 'bulk_price_out_of_range'}`, { name: details.product.name }));
      } else {
        setBanner(errorText(failure.code) ?? null);
      }
    }
  };

  const header = (title: string) => (
    <div className="flex items-start justify-between gap-3">
      <h2 id="bulk-title" className="font-display text-2xl font-semibold">
        {title}
      </h2>
      <IconButton label={t('bulk.close')} icon={<X size={20} aria-hidden="true" />} onClick={onClose} className="-me-2 rounded-full p-2 hover:bg-sand" />
    </div>
  );

  if (confirming) {
    return (
      <div className="p-5 sm:p-6">
        {header(t('bulk.confirmTitle', { count }))}
        {banner && (
          <FormAlert className="mt-4">
            <span data-testid="bulk-error">{banner}</span>
          </FormAlert>
        )}
        <ul className="mt-3 grid list-disc gap-1 ps-5 text-sm text-ink" data-testid="bulk-summary">
          {changeLines(confirming).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {confirming.stock !== undefined && <p className="mt-2 text-xs text-muted">{t('bulk.stockHint')}</p>}
        <Preview rows={target.rows} change={confirming} />
        {count > PREVIEW_ROWS && (confirming.price || confirming.discount !== undefined || confirming.stock !== undefined) && (
          <p className="mt-2 text-xs text-muted">{t('bulk.previewMore', { count: count - Math.min(PREVIEW_ROWS, target.rows.length) })}</p>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <button
            type="button"
            onClick={() => {
              setBanner(null);
              setConfirming(null);
            }}
            className="h-10 rounded-full border border-line px-5 text-sm font-semibold hover:border-ink"
          >
            {t('bulk.back')}
          </button>
          <button
            type="button"
            onClick={() => void apply()}
            disabled={isLoading}
            className="h-10 rounded-full bg-ink px-5 text-sm font-semibold text-ivory hover:bg-olive disabled:opacity-60"
          >
            {isLoading ? ta('common.saving') : t('bulk.apply', { count })}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={review} className="p-5 sm:p-6">
      {header(t('bulk.title', { count }))}
      <p className="mt-1 text-sm text-muted">{t('bulk.intro')}</p>
      {errors.change && <FormAlert className="mt-4">{errorText(errors.change)}</FormAlert>}
      <div className="mt-2">
        <ChangeForm form={form} setForm={setForm} errors={errors} />
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onClose} className="h-10 rounded-full border border-line px-5 text-sm font-semibold hover:border-ink">
          {ta('common.cancel')}
        </button>
        <button type="submit" className="h-10 rounded-full bg-ink px-5 text-sm font-semibold text-ivory hover:bg-olive">
          {t('bulk.review')}
        </button>
      </div>
    </form>
  );
}
