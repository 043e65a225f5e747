import { useFormContext, type FieldErrors } from 'react-hook-form';
import { useTranslation } from '../../app/i18n-view';
import { columnHelper, DataTable } from '../../components/data-table';
import { swatchOf } from '../../../shared/domain/vocabulary';
import type { AdminProductInput, AdminVariantInput } from '../../../shared/schemas/admin-product';
import { fieldProps } from '../admin';
import { MoneyInput } from './money-input';
import { useErrorText } from './use-error-text';
import { keyIn } from '../../app/translation-keys';

type GridRow = { color: string | null };
const col = columnHelper<GridRow>();
const rowId = (r: GridRow) => r.color ?? '-';

/**
 * The colour × size grid of the inventory editor: a DataTable in its grid form, one row per
 * colour (its header cell names the row), one column per size, a stock and an optional own price
 * in each cell. On a phone it scrolls sideways: the inputs need their width.
 */
export function VariantGrid({
  colors,
  sizes,
  variants,
  errors,
  setCell,
}: {
  colors: string[];
  sizes: string[];
  variants: AdminVariantInput[];
  errors: FieldErrors<AdminProductInput>['variants'];
  setCell: (i: number, change: Partial<AdminVariantInput>) => void;
}) {
  const { t } = useTranslation(['admin-catalog', 'translation']);
  const errorText = useErrorText();
  // An empty price sells at the product's: shown as the placeholder, a figure that fits a phone's cell.
  const productPrice = useFormContext<AdminProductInput>().watch('price');
  const pricePlaceholder = Number.isFinite(productPrice) && productPrice > 0 ? (productPrice / 100).toFixed(2) : t('inventory.ownPrice');
  const rows: GridRow[] = (colors.length ? colors : [null]).map((color) => ({ color }));
  const cols = sizes.length ? sizes : [null];
  const indexOf = (color: string | null, size: string | null) => variants.findIndex((v) => v.color === color && v.size === size);

  // Rebuilt on each render: the cells show what is typed, and DataTable calls them as plain
  // functions, so an input keeps its focus.
  const columns = col.columns([
    col.display({
      id: 'colour',
      header: colors.length ? t('inventory.colour') : '',
      meta: { rowHeader: true, className: 'whitespace-nowrap px-3 py-2 text-start font-semibold', headerClassName: '' },
      cell: ({ row: { original } }) =>
        original.color ? (
          <span className="inline-flex items-center gap-2">
            <span className="h-3.5 w-3.5 rounded-full border border-black/10" style={{ background: swatchOf(original.color) }} aria-hidden="true" />
            {t(keyIn('translation:colors', original.color))}
          </span>
        ) : (
          <span className="text-muted">{t('inventory.allColours')}</span>
        ),
    }),
    ...cols.map((s) =>
      col.display({
        id: `size-${s ?? '-'}`,
        header: s ? t(keyIn('translation:sizes', s)) : t('inventory.stock'),
        meta: { className: 'min-w-[8.5rem] px-2 py-2 align-top', headerClassName: '' },
        cell: ({ row: { original } }) => {
          const c = original.color;
          const i = indexOf(c, s);
          const v = variants[i];
          if (!v) return null;
          const stockError = errors?.[i]?.stock?.message;
          const priceError = errors?.[i]?.price?.message;
          const cell = [c ? t(keyIn('translation:colors', c)) : null, s ? t(keyIn('translation:sizes', s)) : null].filter(Boolean).join(' · ');
          return (
            <>
              {/* Each input says, on screen too, that it is this variant's own figure, not the product's. */}
              <span aria-hidden="true" className="mb-0.5 block text-[11px] font-semibold text-muted">
                {t('inventory.variantStock')}
              </span>
              <label htmlFor={`pf-variants-${i}-stock`} className="sr-only">
                {t('inventory.cellStock', { cell })}
              </label>
              <input
                {...fieldProps(`pf-variants-${i}-stock`, stockError)}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                value={Number.isFinite(v.stock) ? v.stock : ''}
                onChange={(e) => setCell(i, { stock: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
                className="field h-9 py-0 text-sm tabular-nums"
              />
              <span aria-hidden="true" className="mt-2 mb-0.5 block border-t border-line/70 pt-1.5 text-[11px] font-semibold text-muted">
                {t('inventory.variantPrice')}
              </span>
              <label htmlFor={`pf-variants-${i}-price`} className="sr-only">
                {t('inventory.cellPrice', { cell })}
              </label>
              <MoneyInput
                {...fieldProps(`pf-variants-${i}-price`, priceError)}
                value={v.price}
                onChange={(price) => setCell(i, { price })}
                placeholder={pricePlaceholder}
                className="[&_input]:h-8 [&_input]:py-0 [&_input]:text-xs"
              />
              {(stockError || priceError) && <p className="mt-1 text-xs font-medium text-rose">{errorText(stockError ?? priceError)}</p>}
            </>
          );
        },
      }),
    ),
  ]);

  return (
    <DataTable
      label={t('inventory.gridCaption')}
      columns={columns}
      data={rows}
      getRowId={rowId}
      empty={t('inventory.pickOptions')}
      variant="grid"
      scrollClassName="relative rounded-xl border border-line/70"
    />
  );
}
