import { createPortal } from 'react-dom';
import { useTranslation } from '../../app/i18n-view';
import type { AdminOrder } from '../../../shared/schemas/admin-order';
import { useShopSettings } from '../../app/use-shop-settings';
import type { OrderFormat } from './format';
import { wasPaidOnline } from '../../../shared/domain/payments';

/**
 * The printed page: only this shows on paper (the style below hides the app while this order is
 * open), so the admin chrome never reaches the courier.
 */
export function PackingSlip({ order, fmt }: { order: AdminOrder; fmt: OrderFormat }) {
  const { t, i18n } = useTranslation('admin-orders');
  const shop = useShopSettings();
  const dir = i18n.dir(i18n.resolvedLanguage);
  return createPortal(
    <div dir={dir} lang={i18n.resolvedLanguage} className="hidden bg-white p-8 text-[13px] text-black print:block" data-testid="packing-slip">
      <style
        href="admin-orders-print"
        precedence="default"
      >{`@media print { #root { display: none !important; } html, body { background: #fff !important; } @page { margin: 14mm; } }`}</style>
      <header className="flex items-start justify-between gap-6 border-b-2 border-black pb-4">
        <div>
          <p className="font-display text-3xl font-semibold">{shop.shopName}</p>
          <p className="mt-1 text-xs" dir="ltr">
            {shop.phone}
          </p>
        </div>
        <div className="text-end">
          <p className="text-xs tracking-widest uppercase">{t('slip.title')}</p>
          <p className="mt-1 text-xl font-bold">{order.number}</p>
          <p className="text-xs">{fmt.date(order.createdAt, 'long')}</p>
        </div>
      </header>
      <section className="mt-5 grid grid-cols-2 gap-6">
        <div>
          <p className="text-xs font-semibold tracking-wide uppercase">{t('slip.shipTo')}</p>
          <p className="mt-1 text-base font-semibold">{order.customerName}</p>
          <p dir="ltr" className="text-start">
            {fmt.phone(order.phone)}
          </p>
          <p className="mt-1 whitespace-pre-line">{order.address}</p>
          <p>
            {order.city}, {fmt.governorate(order.governorate)}
          </p>
        </div>
        {order.notes && (
          <div>
            <p className="text-xs font-semibold tracking-wide uppercase">{t('slip.notes')}</p>
            <p className="mt-1 whitespace-pre-line">{order.notes}</p>
          </div>
        )}
      </section>
      <table className="mt-6 w-full border-collapse">
        <thead>
          <tr className="border-b border-black text-start text-xs uppercase">
            <th className="py-2 text-start">{t('slip.item')}</th>
            <th className="py-2 text-start">{t('lines.sku')}</th>
            <th className="py-2 text-end">{t('slip.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l, i) => (
            <tr key={i} className="border-b border-neutral-300">
              <td className="py-2">
                {l.name}
                {[l.color, l.size].filter(Boolean).map((v) => ` · ${v}`)}
              </td>
              <td className="py-2 font-mono text-xs">{l.sku}</td>
              <td className="py-2 text-end text-base font-semibold">{l.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-6 flex items-center justify-between gap-6 rounded-lg border-2 border-black p-4">
        {order.payment.state === 'cod' ? (
          <>
            <div>
              <p className="text-sm font-semibold">{t('slip.collect')}</p>
              <p className="text-xs">{t('lines.cod')}</p>
              {order.promotions.map((p, i) => (
                <p key={i} className="text-xs">
                  {p.kind === 'free_delivery' ? t('lines.freeDeliveryOffer', { name: p.code ?? p.name }) : t('lines.discount', { name: p.code ?? p.name })}: −
                  {fmt.money(p.amount)}
                </p>
              ))}
            </div>
            <p className="text-2xl font-bold tabular-nums">{fmt.money(order.total)}</p>
          </>
        ) : (
          // Paid online: the courier must not ask for the money again.
          <p className="text-lg font-bold">{wasPaidOnline(order.payment.state) ? t('slip.paidOnline') : t('slip.notPaid')}</p>
        )}
      </div>
      <p className="mt-8 text-center text-xs">{t('slip.thanks', { shop: shop.shopName })}</p>
    </div>,
    document.body,
  );
}
