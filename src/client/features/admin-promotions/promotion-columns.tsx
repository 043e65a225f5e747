import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { columnHelper } from '../../components/data-table';
import type { AdminPromotionDetail } from '../../../shared/schemas/promotion';
import { promotionName, usePromotionFormat, type PromotionFormat } from './format';
import { CodeOrAutomatic, OfferSummary, PromotionStatusBadge, Uses } from './promotion-parts';

const col = columnHelper<AdminPromotionDetail>();

/** The offer's name, linked to its form when the role may edit it. */
function NameLink({ p, lng, editable }: { p: AdminPromotionDetail; lng: string; editable: boolean }) {
  const name = promotionName(p.names, lng);
  if (!editable) return <span className="font-semibold text-ink">{name}</span>;
  return (
    <Link to={`/admin/promotions/${p.id}`} className="font-semibold text-ink underline-offset-4 hover:underline" onClick={(e) => e.stopPropagation()}>
      {name}
    </Link>
  );
}

const figure = 'text-end tabular-nums whitespace-nowrap';

/** The promotions list's columns (newest first, as the server sends them). */
export function usePromotionColumns(editable: boolean) {
  const { t } = useTranslation('admin-promotions');
  const fmt = usePromotionFormat();
  return useMemo(
    () =>
      col.columns([
        col.display({
          id: 'promotion',
          header: t('columns.promotion'),
          cell: ({ row: { original: p } }) => (
            <span className="flex flex-col items-start gap-1">
              <NameLink p={p} lng={fmt.lng} editable={editable} />
              <CodeOrAutomatic code={p.code} />
            </span>
          ),
        }),
        col.display({ id: 'offer', header: t('columns.offer'), cell: ({ row: { original: p } }) => <OfferSummary p={p} fmt={fmt} /> }),
        col.accessor('status', { header: t('columns.status'), cell: ({ getValue }) => <PromotionStatusBadge status={getValue()} /> }),
        col.display({
          id: 'when',
          header: t('columns.when'),
          meta: { className: 'max-w-[13rem] text-xs text-muted' },
          cell: ({ row: { original: p } }) => fmt.when(p),
        }),
        col.accessor('uses', {
          header: t('columns.uses'),
          meta: { align: 'end', className: figure },
          cell: ({ row: { original: p } }) => <Uses p={p} fmt={fmt} />,
        }),
        col.display({
          id: 'orders',
          header: t('columns.orders'),
          meta: { align: 'end', className: figure },
          cell: ({ row: { original: p } }) => p.usage.orders,
        }),
        col.display({
          id: 'discount',
          header: t('columns.discount'),
          meta: { align: 'end', className: figure },
          cell: ({ row: { original: p } }) => fmt.money(p.usage.discount),
        }),
        col.display({
          id: 'revenue',
          header: t('columns.revenue'),
          meta: { align: 'end', className: `${figure} font-semibold` },
          cell: ({ row: { original: p } }) => fmt.money(p.usage.revenue),
        }),
      ]),
    [t, fmt, editable],
  );
}

/** One offer as a phone card: name and status, code and what it gives, dates, uses and figures. */
export function PromotionCard({ p, fmt, editable }: { p: AdminPromotionDetail; fmt: PromotionFormat; editable: boolean }) {
  const { t } = useTranslation('admin-promotions');
  const body = (
    <>
      <span className="flex items-start justify-between gap-3">
        <span className="min-w-0">
          <span className="block truncate font-semibold text-ink">{promotionName(p.names, fmt.lng)}</span>
          <span className="mt-1 block">
            <CodeOrAutomatic code={p.code} />
          </span>
        </span>
        <PromotionStatusBadge status={p.status} />
      </span>
      <span className="mt-2 block text-sm">
        <OfferSummary p={p} fmt={fmt} />
      </span>
      <span className="mt-1 block text-xs text-muted">{fmt.when(p)}</span>
      <span className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <span>
          {t('card.uses')} <Uses p={p} fmt={fmt} />
        </span>
        <span>{t('card.orders', { count: p.usage.orders })}</span>
        <span>{t('card.discount', { amount: fmt.money(p.usage.discount) })}</span>
        <span className="ms-auto">
          {t('card.revenue')} <strong className="font-semibold text-ink tabular-nums">{fmt.money(p.usage.revenue)}</strong>
        </span>
      </span>
    </>
  );
  if (!editable) return <div className="block px-4 py-3.5">{body}</div>;
  return (
    <Link to={`/admin/promotions/${p.id}`} className="block px-4 py-3.5 hover:bg-ivory">
      {body}
    </Link>
  );
}
