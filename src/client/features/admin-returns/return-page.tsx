import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { AdminPage, Card, EmptyState } from '../admin';
import { useGetAdminReturnQuery } from './api';
import { ReturnStateBadge, useReturnFormat } from './format';
import { ReturnActions } from './return-actions';

/** `/admin/returns/:id`: a return's lines, reason, note and photos, its order, and its next step. */
export default function ReturnPage() {
  const { t } = useTranslation(['admin-returns', 'admin']);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: r, error, isLoading } = useGetAdminReturnQuery(id, { skip: !valid });
  const fmt = useReturnFormat();
  const back = (
    <Link to="/admin/returns" className="mb-2 inline-flex items-center gap-1.5 text-sm font-semibold text-muted hover:text-ink">
      <ArrowLeft size={16} aria-hidden="true" className="rtl:rotate-180" />
      {t('detail.back')}
    </Link>
  );
  if (!valid || (error && !r))
    return (
      <AdminPage title={t('title')}>
        {back}
        <Card>
          <EmptyState>{t('detail.notFound')}</EmptyState>
        </Card>
      </AdminPage>
    );
  if (isLoading || !r)
    return (
      <AdminPage title={t('title')}>
        <div aria-busy="true" className="h-64 animate-pulse rounded-2xl bg-white/70" />
      </AdminPage>
    );
  return (
    <>
      <div className="mx-auto w-full max-w-[1200px]">{back}</div>
      <AdminPage
        title={t('detail.title', { kind: t(`kind.${r.kind}`), number: r.number })}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span data-testid="return-admin-state">
              <ReturnStateBadge state={r.state} />
            </span>
            <span>{t('detail.asked', { date: fmt.date(r.createdAt) })}</span>
          </span>
        }
      >
        <div className="grid items-start gap-5 lg:grid-cols-3">
          <div className="grid gap-5 lg:col-start-3 lg:row-start-1">
            <ReturnActions r={r} />
            <Card title={t('detail.order')}>
              <Link to={`/admin/orders/${r.orderId}`} className="font-semibold underline-offset-4 hover:underline">
                <bdi dir="ltr">{r.orderNumber}</bdi>
              </Link>
              <p className="mt-1 text-sm">{r.customerName}</p>
              <p className="text-sm text-muted">
                <bdi dir="ltr">{r.phone}</bdi>
              </p>
              {r.exchangeOrderId && r.exchangeOrderNumber && (
                <p className="mt-3 text-sm">
                  {t('detail.exchangeOrder')}{' '}
                  <Link to={`/admin/orders/${r.exchangeOrderId}`} className="font-semibold underline-offset-4 hover:underline">
                    <bdi dir="ltr">{r.exchangeOrderNumber}</bdi>
                  </Link>
                </p>
              )}
              {r.refundAmount !== null && r.refundMethod && (
                <p className="mt-3 text-sm font-semibold text-olive">{t(`detail.refunded.${r.refundMethod}`, { amount: fmt.money(r.refundAmount) })}</p>
              )}
            </Card>
          </div>
          <div className="grid gap-5 lg:col-span-2 lg:col-start-1 lg:row-start-1">
            <Card title={t('detail.lines')}>
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-line text-start text-xs text-muted">
                    <th className="py-2 text-start font-semibold">{t('detail.item')}</th>
                    <th className="py-2 ps-3 text-end font-semibold">{t('detail.quantity')}</th>
                    <th className="py-2 ps-3 text-end font-semibold">{t('detail.paid')}</th>
                    <th className="py-2 ps-3 text-end font-semibold">{t('detail.restocked')}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.lines.map((l) => (
                    <tr key={l.lineId} className="border-b border-line/60 last:border-0">
                      <td className="py-2">
                        {l.name}
                        {(l.color || l.size) && <span className="block text-xs text-muted">{[l.color, l.size].filter(Boolean).join(' / ')}</span>}
                      </td>
                      <td className="py-2 ps-3 text-end tabular-nums">{l.quantity}</td>
                      <td className="py-2 ps-3 text-end tabular-nums whitespace-nowrap">{fmt.money(l.unitPaid * l.quantity)}</td>
                      <td className="py-2 text-end tabular-nums">
                        {r.state === 'requested' || r.state === 'approved' || r.state === 'refused' ? '—' : l.restocked}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
            <Card title={t('detail.request')}>
              <dl className="grid gap-3 text-sm">
                <div>
                  <dt className="text-xs font-semibold text-muted">{t('detail.reason')}</dt>
                  <dd>{t(`reasons.${r.reason}`)}</dd>
                </div>
                {r.note && (
                  <div>
                    <dt className="text-xs font-semibold text-muted">{t('detail.note')}</dt>
                    <dd className="whitespace-pre-line" dir="auto">
                      {r.note}
                    </dd>
                  </div>
                )}
                {r.decisionNote && (
                  <div>
                    <dt className="text-xs font-semibold text-muted">{r.decidedBy ? t('detail.decidedBy', { name: r.decidedBy }) : t('detail.decision')}</dt>
                    <dd className="whitespace-pre-line" dir="auto">
                      {r.decisionNote}
                    </dd>
                  </div>
                )}
              </dl>
              {r.photos.length > 0 && (
                <ul className="mt-4 flex flex-wrap gap-3" aria-label={t('detail.photos')}>
                  {r.photos.map((p, i) => (
                    <li key={p.src}>
                      <a href={p.src} target="_blank" rel="noreferrer" className="block h-28 w-28 overflow-hidden rounded-xl bg-sand">
                        <img
                          src={p.src}
                          srcSet={p.srcSet}
                          sizes="112px"
                          width={p.width}
                          height={p.height}
                          alt={t('detail.photoAlt', { n: i + 1 })}
                          className="h-full w-full object-cover"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        </div>
      </AdminPage>
    </>
  );
}
