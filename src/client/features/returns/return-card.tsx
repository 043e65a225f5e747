import { formatPiastres } from '../../../shared/domain/currency';
import { formatShopTime } from '../../../shared/domain/shop-time';
import type { ShopperReturn } from '../../../shared/schemas/returns';
import { useTranslation } from '../../app/i18n-view';

const tone: Record<ShopperReturn['state'], string> = {
  requested: 'bg-honey/20 text-amber-dark',
  approved: 'bg-sky-100 text-sky-800',
  refused: 'bg-rose/10 text-rose',
  received: 'bg-indigo-100 text-indigo-800',
  refunded: 'bg-moss/15 text-olive',
  exchanged: 'bg-moss/15 text-olive',
};

/** One return as its shopper follows it: its state, the units, the shop's note, and the refund or the replacement order. */
export function ReturnCard({ r }: { r: ShopperReturn }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  return (
    <li className="rounded-2xl border border-line/70 bg-white p-4 shadow-soft" data-testid="return-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {t(`returns.kind.${r.kind}`)} <bdi dir="ltr">{r.number}</bdi>
        </p>
        <span className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ${tone[r.state]}`} data-testid="return-state">
          {t(`returns.states.${r.state}`)}
        </span>
      </div>
      <p className="mt-1 text-xs text-muted">
        {t('returns.askedOn', { date: formatShopTime(r.createdAt, lng, { dateStyle: 'long' }) })} · {t(`returns.reasons.${r.reason}`)}
      </p>
      <ul className="mt-3 grid gap-1 text-sm">
        {r.lines.map((l) => (
          <li key={l.lineId} className="flex justify-between gap-3">
            <span>
              {l.name}
              {(l.color || l.size) && <span className="text-muted"> · {[l.color, l.size].filter(Boolean).join(' / ')}</span>}
            </span>
            <span className="tabular-nums text-muted">× {l.quantity}</span>
          </li>
        ))}
      </ul>
      {r.decisionNote && (
        <p className="mt-3 rounded-xl bg-ivory px-3 py-2 text-sm" dir="auto">
          <span className="block text-xs font-semibold text-muted">{t('returns.shopNote')}</span>
          {r.decisionNote}
        </p>
      )}
      {r.refundAmount !== null && r.refundMethod && (
        <p className="mt-3 text-sm font-semibold text-olive">{t(`returns.refunded.${r.refundMethod}`, { amount: formatPiastres(r.refundAmount, lng) })}</p>
      )}
      {r.exchangeOrderNumber && (
        <p className="mt-3 text-sm font-semibold text-olive">
          {t('returns.exchangeOrder')} <bdi dir="ltr">{r.exchangeOrderNumber}</bdi>
        </p>
      )}
    </li>
  );
}
