import { useTranslation } from '../../app/i18n-view';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { numberLocale } from '../../../shared/domain/currency';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';
import { Card } from '../admin';
import { count } from './format';

/**
 * Cash-on-delivery confirmations of the last 30 days (decision 022): the rate (confirmed ÷
 * confirmed or refused) and each answer's count, with the way to the orders still to confirm.
 */
export function ConfirmationCard({ data, lng }: { data: Dashboard; lng: string }) {
  const { t } = useTranslation('admin-dash');
  const c = data.confirmation;
  const rate = c.rate === null ? '–' : new Intl.NumberFormat(numberLocale(lng), { style: 'percent', maximumFractionDigits: 0 }).format(c.rate);
  const figures = [
    ['confirmed', c.confirmed, 'bg-olive'],
    ['refused', c.refused, 'bg-rose'],
    ['noAnswer', c.no_answer, 'bg-stone-400'],
  ] as const;
  return (
    <Card
      title={t('dashboard.confirmation')}
      actions={<span className="shrink-0 text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase">{t('dashboard.confirmationHint')}</span>}
    >
      <div className="grid gap-4 md:grid-cols-[auto_minmax(0,1fr)_auto] md:items-center md:gap-8">
        <div>
          <p className="text-sm text-muted">{t('dashboard.confirmationRate')}</p>
          <p className="font-display text-4xl leading-tight font-semibold tabular-nums" data-testid="confirmation-rate">
            <bdi>{rate}</bdi>
          </p>
          <p className="text-xs text-muted">{t('dashboard.confirmationRateNote')}</p>
        </div>
        {c.confirmed + c.refused + c.no_answer === 0 ? (
          <p className="text-sm text-muted">{t('dashboard.confirmationNone')}</p>
        ) : (
          <ul className="grid grid-cols-3 gap-3 border-line/70 md:border-s md:ps-8">
            {figures.map(([key, n, dot]) => (
              <li key={key}>
                <span className="flex items-center gap-1.5 text-xs text-muted">
                  <span aria-hidden="true" className={`h-2 w-2 rounded-full ${dot}`} />
                  {t(`dashboard.${key}`)}
                </span>
                <strong className="text-xl tabular-nums">{count(n, lng)}</strong>
              </li>
            ))}
          </ul>
        )}
        <Link
          to="/admin/orders?confirmation=awaiting"
          className="inline-flex items-center gap-1 text-sm font-semibold text-amber-dark hover:underline md:justify-self-end"
        >
          {t('dashboard.awaitingLink')}
          <ChevronRight size={16} aria-hidden="true" className="rtl:rotate-180" />
        </Link>
      </div>
    </Card>
  );
}
