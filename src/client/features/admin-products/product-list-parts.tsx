import { useTranslation } from '../../app/i18n-view';
import { Link } from 'react-router';
import { BellRing, ImageOff, Trash2 } from 'lucide-react';
import { formatPiastres } from '../../../shared/domain/currency';
import { LOW_STOCK, type AdminProductRow } from '../../../shared/schemas/admin-product';

/**
 * Stock figure coloured by how urgent it is: red when out, amber when low; with the shoppers
 * waiting for it to be back in stock ("12 people waiting"), which says what to restock first.
 */
export function StockBadge({ stock, waiting = 0 }: { stock: number; waiting?: number }) {
  const { t } = useTranslation('admin-catalog');
  const tone = stock === 0 ? 'bg-rose/10 text-rose' : stock <= LOW_STOCK ? 'bg-honey/25 text-amber-dark' : 'bg-moss/10 text-olive';
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold tabular-nums ${tone}`}>
        {stock === 0 ? t('list.outOfStock') : stock <= LOW_STOCK ? t('list.lowStock', { n: stock }) : stock}
      </span>
      {waiting > 0 && (
        <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-dark" data-testid="stock-waiting">
          <BellRing size={12} aria-hidden="true" />
          {t('list.waiting', { count: waiting })}
        </span>
      )}
    </span>
  );
}

export function VisibilityBadge({ visible }: { visible: boolean }) {
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

export function Thumb({ src, size = 'h-12 w-12' }: { src: string | null; size?: string }) {
  return src ? (
    <img src={src} alt="" width={48} height={48} loading="lazy" className={`${size} shrink-0 rounded-lg bg-sand object-cover`} />
  ) : (
    <span className={`${size} flex shrink-0 items-center justify-center rounded-lg bg-sand text-muted`}>
      <ImageOff size={18} aria-hidden="true" />
    </span>
  );
}

export function Price({ p }: { p: AdminProductRow }) {
  const { i18n } = useTranslation();
  return (
    <span className="whitespace-nowrap tabular-nums">
      {formatPiastres(p.price, i18n.language)}
      {p.discount > 0 && <span className="ms-1.5 rounded-full bg-amber/10 px-1.5 py-0.5 text-[0.7rem] font-semibold text-amber-dark">−{p.discount}%</span>}
    </span>
  );
}

/** One product as a phone card: picture, name, SKU, price, stock, status and delete. */
export function ProductCard({ p, onDelete }: { p: AdminProductRow; onDelete: (p: AdminProductRow) => void }) {
  const { t } = useTranslation('admin-catalog');
  return (
    <>
      <Thumb src={p.thumbnail} size="h-14 w-14" />
      <div className="min-w-0 flex-1">
        <Link to={`/admin/products/edit/${p.id}`} className="block font-semibold leading-snug text-ink">
          {p.name}
        </Link>
        <p className="font-mono text-[0.7rem] text-muted">{p.sku}</p>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <Price p={p} />
          <StockBadge stock={p.stock} waiting={p.waiting} />
          <VisibilityBadge visible={p.visible} />
        </div>
      </div>
      <button
        type="button"
        onClick={() => onDelete(p)}
        className="shrink-0 rounded-full p-2 text-muted hover:bg-rose/10 hover:text-rose"
        aria-label={t('list.deleteOne', { name: p.name })}
      >
        <Trash2 size={16} aria-hidden="true" />
      </button>
    </>
  );
}
