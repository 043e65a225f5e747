import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { Card, useCan } from '../admin';
import { useGetOrderReturnLinksQuery } from './api';
import { ReturnStateBadge } from './format';

/** The admin order page's returns: each return of the order, and the return an exchange's order replaces. Nothing when it has none. */
export function OrderReturns({ orderId }: { orderId: number }) {
  const { t } = useTranslation('admin-returns');
  const allowed = useCan('returns.read');
  const { data } = useGetOrderReturnLinksQuery(orderId, { skip: !allowed });
  if (!data || (!data.returns.length && !data.exchangeFor)) return null;
  return (
    <Card title={t('orderCard.title')}>
      {data.exchangeFor && (
        <p className="mb-3 text-sm">
          {t('orderCard.exchangeFor')}{' '}
          <Link to={`/admin/returns/${data.exchangeFor.id}`} className="font-semibold underline-offset-4 hover:underline">
            <bdi dir="ltr">{data.exchangeFor.number}</bdi>
          </Link>
        </p>
      )}
      <ul className="grid gap-2">
        {data.returns.map((r) => (
          <li key={r.id} className="flex items-center justify-between gap-3 text-sm">
            <Link to={`/admin/returns/${r.id}`} className="font-semibold underline-offset-4 hover:underline">
              <bdi dir="ltr">{r.number}</bdi>
            </Link>
            <ReturnStateBadge state={r.state} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
