import { useTranslation } from '../../app/i18n-view';
import { Mail, Phone } from 'lucide-react';
import type { AdminOrder } from '../../../shared/schemas/admin-order';
import { Card } from '../admin';
import type { OrderFormat } from './format';
import { BlockPhoneButton } from '../admin-risk';
import { PhoneRecordBadge } from './phone-record';

/** Who ordered: name, a phone link to call with the phone's record, the e-mail if given, and "Block this phone". */
export function CustomerCard({ order, fmt }: { order: AdminOrder; fmt: OrderFormat }) {
  const { t } = useTranslation('admin-orders');
  return (
    <Card title={t('customer.title')}>
      <p className="font-semibold">{order.customerName}</p>
      <a
        href={`tel:${order.phone}`}
        className="mt-2 flex items-center gap-2 text-sm font-medium text-amber-dark hover:underline"
        aria-label={t('customer.call', { phone: order.phone })}
      >
        <Phone size={15} aria-hidden="true" />
        <span dir="ltr">{fmt.phone(order.phone)}</span>
      </a>
      <div className="mt-2">
        <PhoneRecordBadge record={order.phoneRecord} />
        <p className="mt-1 text-xs text-muted">{t('record.hint')}</p>
      </div>
      {order.email ? (
        <a href={`mailto:${order.email}`} className="mt-1.5 flex items-center gap-2 text-sm break-all hover:underline">
          <Mail size={15} aria-hidden="true" className="shrink-0" />
          {order.email}
        </a>
      ) : (
        <p className="mt-1.5 flex items-center gap-2 text-sm text-muted">
          <Mail size={15} aria-hidden="true" />
          {t('customer.noEmail')}
        </p>
      )}
      <BlockPhoneButton phone={order.phone} blocked={order.phoneBlocked} number={order.number} />
    </Card>
  );
}

/** Where it goes: governorate, city, address and the customer's notes. */
export function DeliveryCard({ order, fmt }: { order: AdminOrder; fmt: OrderFormat }) {
  const { t } = useTranslation('admin-orders');
  return (
    <Card title={t('delivery.title')}>
      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{t('delivery.governorate')}</dt>
          <dd className="mt-0.5">{fmt.governorate(order.governorate)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{t('delivery.city')}</dt>
          <dd className="mt-0.5">{order.city}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{t('delivery.address')}</dt>
          <dd className="mt-0.5 whitespace-pre-line">{order.address}</dd>
        </div>
        {order.notes && (
          <div className="rounded-xl bg-honey/15 p-3">
            <dt className="text-xs font-semibold tracking-wide text-amber-dark uppercase">{t('delivery.notes')}</dt>
            <dd className="mt-0.5 whitespace-pre-line">{order.notes}</dd>
          </div>
        )}
      </dl>
    </Card>
  );
}
