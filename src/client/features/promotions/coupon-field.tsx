import { lazy, Suspense } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { useAppSelector } from '../../app/hooks';
import { useMoney } from '../../app/use-money';
import { useShopSettings } from '../../app/use-shop-settings';
import type { CartItem } from '../../../shared/domain/cart';
import { quoteCart, type PromotedQuote } from '../../../shared/domain/quote';
import { useGetOffersQuery } from './promotions-api';

/**
 * The cart's quote with the shop's offers: the automatic ones running now and the code the
 * shopper applied (promotions.ts decides which apply, as the server does at checkout).
 */
export function useCartQuote(items: readonly CartItem[], governorate: string | null): PromotedQuote {
  const { i18n } = useTranslation();
  const settings = useShopSettings();
  const { data: offers } = useGetOffersQuery({ lng: i18n.resolvedLanguage ?? 'en' });
  const coupon = useAppSelector((s) => s.promotions.coupon);
  const rules = [...(offers?.items ?? []), ...(coupon ? [coupon.rule] : [])];
  return quoteCart(items, governorate, settings, rules);
}

/**
 * The quote's offers as lines of a summary: each saving with its code or offer's name, and for an
 * automatic offer the cart has not reached yet, how much more it needs.
 */
export function PromotionLines({ quote }: { quote: PromotedQuote }) {
  const { t } = useTranslation();
  const money = useMoney();
  const offers = quote.adjustments.filter((a) => a.promotionId !== undefined);
  const hints = quote.promotions.refused.filter((r) => r.rule.code === null && r.reason === 'minimum_not_reached' && r.missing);
  return (
    <>
      {offers.map((a) => (
        <div key={a.promotionId} className="flex justify-between text-emerald-800" data-testid="promotion-line">
          <dt>{a.kind === 'free_delivery' ? t('coupon.freeDelivery', { name: a.reason }) : t('coupon.discount', { name: a.reason })}</dt>
          <dd className="font-semibold">−{money(-a.amount)}</dd>
        </div>
      ))}
      {hints.map((r) => (
        <div key={r.rule.id} className="rounded-xl bg-emerald-50 px-3 py-2 text-xs text-emerald-900" data-testid="offer-hint">
          {t('coupon.offerHint', { amount: money(r.missing ?? 0), name: r.rule.name })}
        </div>
      ))}
    </>
  );
}

/** What CouponField takes: the cart's lines and quote, the checkout's phone number, and whether it sits in the checkout form. */
export interface CouponFieldProps {
  items: readonly CartItem[];
  quote: PromotedQuote;
  phone?: string;
  inForm?: boolean;
}

const CouponEntry = lazy(() => import('./coupon-entry'));

/**
 * The field as the page first shows it, until its code arrives: the same label and box (named
 * `couponCode` in the checkout form, so a form posted before scripts run carries the code), or
 * the code already applied. Nothing here reacts; CouponEntry replaces it.
 */
function CouponPlaceholder({ inForm }: { inForm: boolean }) {
  const { t } = useTranslation();
  const coupon = useAppSelector((s) => s.promotions.coupon);
  if (coupon)
    return (
      <div className="rounded-2xl border border-emerald-200 bg-emerald-50/70 p-3 text-sm">
        {inForm && <input type="hidden" name="couponCode" value={coupon.code} />}
        <p dir="ltr" className="font-mono font-semibold tracking-wide text-emerald-900">
          {coupon.code}
        </p>
      </div>
    );
  return (
    <div>
      <label htmlFor="coupon-code" className="text-sm font-semibold">
        {t('coupon.label')}
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id="coupon-code"
          name={inForm ? 'couponCode' : undefined}
          maxLength={64}
          placeholder={t('coupon.placeholder')}
          className="field min-w-0 flex-1 py-2 text-sm uppercase placeholder:normal-case"
        />
        <button type="button" className="btn btn-ghost shrink-0 px-4 py-2 text-sm">
          {t('coupon.apply')}
        </button>
      </div>
    </div>
  );
}

/**
 * "Coupon code" and "Apply", in the cart and the checkout (coupon-entry.tsx). Its script loads
 * beside the page's, not before the page is live: the page shows the same field meanwhile.
 */
export function CouponField(props: CouponFieldProps) {
  return (
    <Suspense fallback={<CouponPlaceholder inForm={props.inForm ?? false} />}>
      <CouponEntry {...props} />
    </Suspense>
  );
}
