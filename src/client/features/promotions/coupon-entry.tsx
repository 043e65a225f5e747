import { useId, useState, type KeyboardEvent } from 'react';
import { Tag, X } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMoney } from '../../app/use-money';
import { errorKeys, failureOf } from '../../app/api-failure';
import { checkoutLinesOf } from '../../../shared/domain/cart';
import { normalizePromotionCode } from '../../../shared/domain/promotion-codes';
import type { PromotedQuote } from '../../../shared/domain/quote';
import { couponApplied, couponRemoved } from './promotions-slice';
import { api } from '../../app/api';
import type { PromotionRule } from '../../../shared/domain/promotions';
import type { CheckoutLine } from '../../../shared/schemas/checkout';

/** `POST /promotions/code`: the code's offer and what it saves on these lines, or why it cannot be used. */
const codeApi = api.injectEndpoints({
  endpoints: (build) => ({
    applyCode: build.mutation<{ rule: PromotionRule; saving: number }, { code: string; lines: CheckoutLine[]; phone?: string }>({
      query: (body) => ({ url: '/promotions/code', method: 'POST', body }),
    }),
  }),
});
const { useApplyCodeMutation } = codeApi;
import type { CouponFieldProps } from './coupon-field';

/** Why the applied code no longer applies to the cart as it is now, in words; null while it applies. */
function useCouponProblem(quote: PromotedQuote): string | null {
  const { t } = useTranslation();
  const money = useMoney();
  const coupon = useAppSelector((s) => s.promotions.coupon);
  if (!coupon) return null;
  const refused = quote.promotions.refused.find((r) => r.rule.id === coupon.rule.id);
  if (!refused) return null;
  const offer = quote.promotions.applied[0]?.rule.name ?? '';
  if (refused.reason === 'minimum_not_reached') return t('coupon.refused.minimum_not_reached', { code: coupon.code, amount: money(refused.missing ?? 0) });
  if (refused.reason === 'not_combinable') return t('coupon.refused.not_combinable', { code: coupon.code, offer });
  return t('coupon.refused.not_for_these_products', { code: coupon.code });
}

/**
 * "Coupon code" and "Apply", in the cart and the checkout. The server says at once whether the
 * code is good for these lines (and why not, translated); once applied, the code's offer joins the
 * cart's quote until it is removed. In the checkout form the field is named `couponCode`, so a
 * form posted before scripts run carries the code too; Enter in it applies the code instead of
 * placing the order.
 */
/** The automatic offers the cart has not reached yet, each with how much more it needs. */
function OfferHints({ quote }: { quote: PromotedQuote }) {
  const { t } = useTranslation();
  const money = useMoney();
  const hints = quote.promotions.refused.filter((r) => r.rule.code === null && r.reason === 'minimum_not_reached' && r.missing);
  return hints.map((r) => (
    <p key={r.rule.id} className="mb-3 rounded-xl bg-emerald-50 px-3 py-2 text-xs text-emerald-900" data-testid="offer-hint">
      {t('coupon.offerHint', { amount: money(r.missing ?? 0), name: r.rule.name })}
    </p>
  ));
}

export default function CouponEntry(props: CouponFieldProps) {
  return (
    <>
      <OfferHints quote={props.quote} />
      <CouponBox {...props} />
    </>
  );
}

function CouponBox({ items, quote, phone, inForm = false }: CouponFieldProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const dispatch = useAppDispatch();
  const coupon = useAppSelector((s) => s.promotions.coupon);
  // What the shopper typed into the page's first field (coupon-field.tsx) before this one came.
  const [typed, setTyped] = useState(() =>
    typeof document === 'undefined' ? '' : ((document.getElementById('coupon-code') as HTMLInputElement | null)?.value ?? ''),
  );
  const [error, setError] = useState<string | null>(null);
  const [applyCode, { isLoading }] = useApplyCodeMutation();
  const problem = useCouponProblem(quote);
  const id = useId();

  const apply = async () => {
    setError(null);
    const code = normalizePromotionCode(typed);
    if (code === null) {
      setError(t(typed.trim() ? 'coupon.invalid' : 'coupon.empty'));
      return;
    }
    try {
      const answer = await applyCode({ code, lines: checkoutLinesOf(items), ...(phone ? { phone } : {}) }).unwrap();
      dispatch(couponApplied({ code: answer.rule.code ?? code, rule: answer.rule }));
      setTyped('');
    } catch (err) {
      const failure = failureOf(err);
      const missing = (failure.details as { missing?: number } | undefined)?.missing;
      setError(failure.code === 'promotion_minimum' && missing ? t('coupon.minimum', { amount: money(missing) }) : t(errorKeys(failure.code, 'apiErrors')));
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void apply();
  };

  if (coupon) {
    const applied = quote.adjustments.find((a) => a.promotionId === coupon.rule.id);
    return (
      <div className="rounded-2xl border border-emerald-200 bg-emerald-50/70 p-3 text-sm" data-testid="coupon-applied" data-coupon-live="">
        {inForm && <input type="hidden" name="couponCode" value={coupon.code} />}
        <div className="flex items-center justify-between gap-3">
          <p className="flex min-w-0 items-center gap-2 font-semibold text-emerald-900">
            <Tag size={16} aria-hidden="true" />
            <span dir="ltr" className="truncate font-mono tracking-wide">
              {coupon.code}
            </span>
          </p>
          <button type="button" onClick={() => dispatch(couponRemoved())} className="inline-flex items-center gap-1 text-xs text-muted hover:text-rose">
            <X size={14} aria-hidden="true" />
            {t('coupon.remove')}
            <span className="sr-only">{coupon.code}</span>
          </button>
        </div>
        <p className={`mt-1 text-xs ${problem ? 'text-amber-800' : 'text-emerald-800'}`} role="status">
          {problem ??
            (applied?.kind === 'free_delivery' || coupon.rule.kind === 'free_delivery'
              ? t('coupon.appliedFreeDelivery')
              : t('coupon.applied', { amount: money(Math.abs(applied?.amount ?? 0)) }))}
        </p>
      </div>
    );
  }

  return (
    <div data-coupon-live="">
      <label htmlFor={id} className="text-sm font-semibold">
        {t('coupon.label')}
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={id}
          name={inForm ? 'couponCode' : undefined}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          placeholder={t('coupon.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="field min-w-0 flex-1 py-2 text-sm uppercase placeholder:normal-case"
        />
        <button type="button" onClick={() => void apply()} disabled={isLoading} className="btn btn-ghost shrink-0 px-4 py-2 text-sm disabled:opacity-60">
          {isLoading ? t('coupon.applying') : t('coupon.apply')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-xs text-rose" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
