import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { MessageCircle, PackageSearch, Search, ShieldAlert, ShieldCheck } from 'lucide-react';
import { orderTrackSchema, type OrderTrackRequest, type TrackedOrder } from '../../../shared/schemas/order-track';
import { formatShopTime } from '../../../shared/domain/shop-time';
import { useTrackOrderMutation } from '../../app/api';
import { errorKeys, failureOf } from '../../app/api-failure';
import { FormAlert, ShopFormProvider, TextInput, useShopForm } from '../../components/form';
import { OrderSummary } from '../../components/order/order-summary';
import { StatusTimeline } from '../../components/order/status-timeline';
import { Seo } from '../../components/ui/seo';
import { PageIntro } from '../pages';
import { SideNote } from '../../components/ui/side-note';

/** The order a number and phone number found: its status, the history of it, then what was ordered. */
function TrackedOrderView({ order, onAgain }: { order: TrackedOrder; onAgain: () => void }) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // A screen reader is taken to what was found; a phone (the result is below the form) scrolls to it.
  useEffect(() => {
    const el = heading.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    if (el.getBoundingClientRect().bottom > window.innerHeight) el.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [order]);
  const placed = formatShopTime(order.createdAt, i18n.resolvedLanguage ?? 'en', { dateStyle: 'long', timeStyle: 'short' });
  return (
    <div className="grid gap-6" data-testid="tracked-order">
      <article className="rounded-3xl bg-white p-6 shadow-soft sm:p-8" aria-labelledby="tracked-number">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="eyebrow">{t('track.resultEyebrow')}</p>
            <h2
              id="tracked-number"
              ref={heading}
              tabIndex={-1}
              className="mt-1 scroll-mt-32 font-display text-3xl font-semibold lining-nums focus:outline-none"
            >
              <bdi dir="ltr">{order.number}</bdi>
            </h2>
            <p className="mt-1 text-sm text-muted">{t('orderView.placed', { date: placed })}</p>
          </div>
          <div>
            <p className="text-xs font-semibold uppercase tracking-[0.14em] text-muted">{t('track.status')}</p>
            <p className="mt-1.5 inline-flex rounded-full bg-sand px-4 py-1.5 text-sm font-semibold" data-testid="order-status">
              {t(`orderStatus.${order.status}`)}
            </p>
          </div>
        </div>
        <h3 className="mt-8 font-display text-xl font-semibold">{t('orderView.historyTitle')}</h3>
        <StatusTimeline history={order.history} className="mt-4" />
      </article>

      <section aria-labelledby="tracked-items">
        <h3 id="tracked-items" className="mb-3 font-display text-xl font-semibold">
          {t('track.items')}
        </h3>
        <OrderSummary order={order} />
      </section>

      <p className="flex items-start gap-2 text-sm text-muted">
        <ShieldCheck size={18} className="mt-0.5 shrink-0 text-moss" aria-hidden="true" />
        {t('track.privacy')}
      </p>
      <div>
        <button type="button" onClick={onAgain} className="btn btn-ghost h-11">
          {t('track.again')}
        </button>
      </div>
    </div>
  );
}

/** Beside the empty form: where the number is, and who to ask when it is lost. */
function TrackHelp() {
  const { t } = useTranslation();
  return (
    <SideNote id="track-help" icon={PackageSearch} title={t('track.helpTitle')}>
      <p className="mt-2 leading-relaxed text-olive">{t('track.helpText')}</p>
      <p className="mt-5 flex items-start gap-2 text-sm text-muted">
        <MessageCircle size={18} className="mt-0.5 shrink-0 text-amber-dark" aria-hidden="true" />
        <span>
          {t('track.helpCall')}{' '}
          <Link to="/contact" className="font-semibold text-amber-dark underline underline-offset-4">
            {t('nav.contact')}
          </Link>
        </span>
      </p>
    </SideNote>
  );
}

/**
 * `/track`: an order found by its number and the phone number given at checkout, for a guest who
 * lost the e-mail (decision 024). Both fields take any written form (Arabic-Indic digits, +20...);
 * the server answers one "not found" for a wrong number and a wrong phone alike. A return from the
 * payment page whose signature failed lands here (`?payment=unverified`) and is told so.
 */
export default function TrackPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [alert, setAlert] = useState<string | null>(null);
  const [trackOrder, { data: order, reset }] = useTrackOrderMutation();
  const shop = useShopForm<OrderTrackRequest>({
    schema: orderTrackSchema,
    raw: true,
    idPrefix: 'track',
    defaultValues: { number: search.get('number') ?? '', phone: '' },
  });
  const busy = shop.form.formState.isSubmitting;

  const find = async (values: OrderTrackRequest) => {
    setAlert(null);
    try {
      await trackOrder(values).unwrap();
    } catch (err) {
      const failure = failureOf(err);
      if (shop.applyServerErrors(failure.fields).length === 0) setAlert(t(errorKeys(failure.code, 'track.errors')));
    }
  };
  const again = () => {
    reset();
    setAlert(null);
    shop.form.reset({ number: '', phone: '' });
    shop.focusFirst(['number']);
  };

  return (
    <div className="container-shop py-10">
      <Seo titleTemplate={t('meta.track')} description={t('track.lead')} />
      <PageIntro crumb={t('track.title')} eyebrow={t('track.eyebrow')} title={t('track.title')} lead={t('track.lead')} />
      {search.get('payment') === 'unverified' && (
        <p
          role="alert"
          className="mt-8 flex items-start gap-3 rounded-2xl border border-amber/40 bg-sand/70 p-4 text-sm font-semibold text-ink sm:p-5"
          data-testid="payment-unverified"
        >
          <ShieldAlert size={20} className="mt-0.5 shrink-0 text-amber-dark" aria-hidden="true" />
          {t('track.unverified')}
        </p>
      )}
      <div className="mt-10 grid gap-8 lg:grid-cols-[400px_1fr] lg:items-start">
        <section className="rounded-3xl bg-white p-6 shadow-soft sm:p-8" aria-labelledby="track-form-title">
          <h2 id="track-form-title" className="font-display text-3xl font-semibold">
            {t('track.formTitle')}
          </h2>
          <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(find)} className="mt-6 grid gap-5">
            {alert && <FormAlert>{alert}</FormAlert>}
            <TextInput
              name="number"
              label={t('track.number')}
              hint={t('track.numberHint')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              dir="ltr"
            />
            <TextInput
              name="phone"
              label={t('track.phone')}
              hint={t('track.phoneHint')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              maxLength={20}
              dir="ltr"
            />
            <button type="submit" disabled={busy} className="btn btn-primary mt-1 h-12 gap-2">
              <Search size={16} aria-hidden="true" />
              {busy ? t('track.busy') : t('track.submit')}
            </button>
          </ShopFormProvider>
        </section>
        {order ? <TrackedOrderView order={order} onAgain={again} /> : <TrackHelp />}
      </div>
    </div>
  );
}
