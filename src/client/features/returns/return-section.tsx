import { useState } from 'react';
import { CheckCircle2, PackageOpen } from 'lucide-react';
import { formatShopTime } from '../../../shared/domain/shop-time';
import { useTranslation } from '../../app/i18n-view';
import { ReturnCard } from './return-card';
import { ReturnForm } from './return-form';
import { useGetOrderReturnsQuery, type ReturnAccess } from './returns-api';

/**
 * The order page's returns (issue 33): the order's returns and their states, and "Return or
 * exchange" while the server says one may be asked (delivered, within the window, units left).
 * Nothing shows for an order that has neither.
 */
export function ReturnSection({ access, className = '' }: { access: ReturnAccess; className?: string }) {
  const { t, i18n } = useTranslation();
  const { data, refetch } = useGetOrderReturnsQuery(access);
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  if (!data || (data.refusal !== null && data.returns.length === 0)) return null;
  const until = data.windowEndsAt && formatShopTime(data.windowEndsAt, i18n.resolvedLanguage ?? 'en', { dateStyle: 'long' });
  return (
    <section className={className} aria-labelledby="returns-title" data-testid="order-returns">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="returns-title" className="font-display text-2xl font-semibold">
          {t('returns.title')}
        </h2>
        {data.refusal === null && !asking && (
          <button type="button" className="btn btn-ghost" onClick={() => (setSent(null), setAsking(true))}>
            <PackageOpen size={18} aria-hidden="true" />
            {t('returns.ask')}
          </button>
        )}
      </div>
      {data.refusal === null && until && !asking && <p className="mt-1 text-sm text-muted">{t('returns.windowUntil', { date: until })}</p>}
      {sent && (
        <p role="status" className="mt-4 flex items-start gap-3 rounded-2xl bg-moss/10 p-4 text-sm font-semibold text-olive">
          <CheckCircle2 size={20} className="shrink-0 text-moss" aria-hidden="true" />
          {t('returns.sent', { number: sent })}
        </p>
      )}
      {asking && (
        <div className="mt-4">
          <ReturnForm
            access={access}
            data={data}
            onCancel={() => setAsking(false)}
            onSent={(r) => {
              setAsking(false);
              setSent(r.number);
              void refetch();
            }}
          />
        </div>
      )}
      {data.returns.length > 0 && (
        <ul className="mt-4 grid gap-3">
          {data.returns.map((r) => (
            <ReturnCard key={r.number} r={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
