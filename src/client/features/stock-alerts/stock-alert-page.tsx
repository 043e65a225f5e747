import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { BellOff, BellRing, MailWarning } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { LinkCard } from '../pages';
import type { StockAlertAnswer } from '../../../shared/schemas/stock-alerts';
import { useConfirmStockAlertMutation, useUnsubscribeStockAlertMutation } from './stock-alert-api';

type State = { kind: 'working' } | { kind: 'done'; answer: StockAlertAnswer } | { kind: 'failed' };

/**
 * The two pages an alert's e-mails open (decision 046): `/stock-alerts/confirm?token=…` (the
 * double opt-in) and `/stock-alerts/unsubscribe?id=…&sig=…` (one click: opening it unsubscribes).
 * Each acts once when it opens and says what it did, with the way back to the product.
 */
export default function StockAlertPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const unsubscribing = useLocation().pathname.endsWith('/unsubscribe');
  const [state, setState] = useState<State>({ kind: 'working' });
  const [confirm] = useConfirmStockAlertMutation();
  const [unsubscribe] = useUnsubscribeStockAlertMutation();
  // React's development double effect must not send it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const request = unsubscribing ? unsubscribe({ id: search.get('id') ?? '', sig: search.get('sig') ?? '' }) : confirm({ token: search.get('token') ?? '' });
    request.unwrap().then(
      (answer) => setState({ kind: 'done', answer }),
      () => setState({ kind: 'failed' }),
    );
  }, [confirm, unsubscribe, unsubscribing, search]);

  const title = t('stockAlert.confirmTitle');
  if (state.kind === 'failed')
    return (
      <LinkCard title={title} icon={MailWarning}>
        <div role="status">
          <h2 className="font-display text-2xl font-semibold">{t('stockAlert.linkInvalid')}</h2>
          <p className="mt-2 text-sm leading-relaxed text-muted">{t('stockAlert.linkInvalidText')}</p>
        </div>
        <Link to="/shop-grid-standard" className="btn btn-primary mt-6 h-12 w-full">
          {t('stockAlert.continue')}
        </Link>
      </LinkCard>
    );

  return (
    <LinkCard title={title} icon={unsubscribing ? BellOff : BellRing}>
      {state.kind === 'working' ? (
        <p className="text-sm text-muted" role="status">
          {unsubscribing ? t('stockAlert.unsubscribing') : t('stockAlert.confirming')}
        </p>
      ) : (
        <div role="status" data-testid="stock-alert-page-done">
          <h2 className="font-display text-2xl font-semibold">{unsubscribing ? t('stockAlert.unsubscribed') : t('stockAlert.confirmed')}</h2>
          <p className="mt-2 text-sm leading-relaxed text-muted">
            {t(unsubscribing ? 'stockAlert.unsubscribedText' : 'stockAlert.confirmedText', { product: state.answer.product.name })}
          </p>
          <Link to={`/product/${state.answer.product.id}`} className="btn btn-primary mt-6 h-12 w-full">
            {t('stockAlert.viewProduct')}
          </Link>
        </div>
      )}
    </LinkCard>
  );
}
