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
  const { data: offers } = useGetOffersQuery({ lng: i18n.language });
  const coupon = useAppSelector((s) => s.promotions.coupon);
  const rules = [...(offers?.items ?? []), ...(coupon ? [coupon.rule] : [])];
  return quoteCart(items, governorate, settings, rules);
}

/** The quote's offers as lines of a summary: each saving with its code or offer's name (what is still missing for one is coupon-entry.tsx's). */
export function PromotionLines({ quote }: { quote: PromotedQuote }) {
  const { t } = useTranslation();
  const money = useMoney();
  const offers = quote.adjustments.filter((a) => a.promotionId !== undefined);
  return (
    <>
      {offers.map((a) => (
        <div key={a.promotionId} className="flex justify-between text-emerald-800" data-testid="promotion-line">
          <dt>{t('coupon.discount', { name: a.reason })}</dt>
          <dd className="font-semibold">−{money(-a.amount)}</dd>
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
 * The field as the page first shows it, until its script arrives: the label and box (named
 * `couponCode` in the checkout form, so a form posted before scripts run carries the code), or
 * holding the code already applied. CouponEntry replaces it, keeping what was typed.
 */
function CouponPlaceholder({ inForm }: { inForm: boolean }) {
  const { t } = useTranslation();
  const coupon = useAppSelector((s) => s.promotions.coupon);
  return (
    <label className="block text-sm font-semibold">
      {t('coupon.label')}
      <input id="coupon-code" name={inForm ? 'couponCode' : undefined} defaultValue={coupon?.code} className="field mt-2 py-2 text-sm uppercase" />
    </label>
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
