import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { nanoid } from '@reduxjs/toolkit';
import type { CheckoutFailure, CheckoutSubmission, StockProblem } from '../../../shared/schemas/checkout';
import type { CartItem } from '../../../shared/domain/cart';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { errorKeys } from '../../app/api-failure';
import { usePlaceOrderMutation, type PlacedOrder } from '../../app/api';
import { clearCart, removeFromCart, setQuantity } from '../cart';
import { couponRemoved, refetchOffers } from '../promotions';
import { checkoutLinesOf } from '../../../shared/domain/cart';
import type { ShopForm } from '../../components/form';
import type { FormValues } from './checkout-form';
import { orderPath, rememberOrder } from './last-order';
import { forgetForm } from '../../app/checkout-draft';
import { isOnlineMethod } from '../../../shared/domain/payments';

type ApiError = { status: number | string; data?: { error?: { code?: string; fields?: Record<string, string>; details?: { lines?: StockProblem[] } } } };

const sameLine = (item: CartItem, p: StockProblem) =>
  item.id === p.productId && (item.variants.length === 0 || (item.selectedProductColor === p.color && item.selectedProductSize === p.size));

/** The words of a refusal the server's render brought (a form posted without scripts). */
const failureText: Record<CheckoutFailure, 'checkout.failed' | 'checkout.tooManyOrders' | 'checkout.tooMany' | 'checkout.couponRefused'> = {
  failed: 'checkout.failed',
  coupon: 'checkout.couponRefused',
  emptyCart: 'checkout.failed',
  tooManyOrders: 'checkout.tooManyOrders',
  tooMany: 'checkout.tooMany',
};

/**
 * Places the order from valid checkout values. A refusal is explained: field codes beside the
 * fields, lines short of stock lowered in the cart and named, anything else in the alert. Placed:
 * cash on delivery goes to the success page; an online payment to Paymob's page (`leaving` holds
 * the order meanwhile), or to the order's page when the payment could not be started there.
 */
export function usePlaceOrder(items: CartItem[], shop: ShopForm<FormValues, FormValues>, submission: CheckoutSubmission) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [placeOrder, { isLoading }] = usePlaceOrderMutation();
  // A refusal of a form posted without scripts comes with the page the server rendered.
  const [problems, setProblems] = useState<StockProblem[]>(submission.problems);
  const [failure, setFailure] = useState<string | null>(submission.failure && t(failureText[submission.failure]));
  // One key per attempt: a double click or a retry after a dropped connection is the same order.
  const key = useRef(submission.key ?? nanoid());
  const submitting = useRef(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const [leaving, setLeaving] = useState<PlacedOrder | null>(null);
  const coupon = useAppSelector((s) => s.promotions.coupon);

  const showAlert = (text: string | null) => {
    setFailure(text);
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  const place = async (values: FormValues) => {
    if (submitting.current || items.length === 0) return;
    setFailure(null);
    setProblems([]);
    submitting.current = true;
    try {
      const placed = await placeOrder({
        idempotencyKey: key.current,
        body: {
          ...values,
          email: values.email || undefined,
          notes: values.notes || undefined,
          paymentMethod: values.paymentMethod ?? 'cod',
          ...(coupon ? { couponCode: coupon.code } : {}),
          lines: checkoutLinesOf(items),
        },
      }).unwrap();
      rememberOrder(placed);
      forgetForm();
      dispatch(clearCart());
      dispatch(couponRemoved());
      const { paymentUrl } = placed;
      if (paymentUrl) {
        setLeaving(placed);
        // After this tick, so the emptied cart is stored before the page goes.
        window.setTimeout(() => window.location.assign(paymentUrl), 0);
      } else if (isOnlineMethod(placed.order.paymentMethod)) void navigate(orderPath(placed), { replace: true });
      else void navigate('/checkout-success', { replace: true, state: placed });
    } catch (err) {
      const e = err as ApiError;
      const body = e.data?.error;
      if (typeof e.status === 'number') key.current = nanoid(); // the server answered: the next attempt is a new one
      if (e.status === 409 && body?.details?.lines) {
        // Take what is left: lower each short line to the stock there is, drop sold-out ones.
        setProblems(body.details.lines);
        for (const p of body.details.lines) {
          const line = items.find((i) => sameLine(i, p));
          if (!line) continue;
          if (p.available > 0) dispatch(setQuantity({ cartItemId: line.cartItemId, quantity: p.available }));
          else dispatch(removeFromCart(line.cartItemId));
        }
        showAlert(null);
      } else if (body?.code?.startsWith('promotion_')) {
        // The code (or an offer) cannot be used after all: it leaves the cart, the offers are read
        // again, and the shopper sees the new total before placing the order without it.
        if (coupon) dispatch(couponRemoved());
        dispatch(refetchOffers());
        showAlert(t('checkout.promotionRefused', { reason: t(errorKeys(body.code, 'apiErrors')) }));
      } else if (e.status === 400 && body?.fields) {
        if (shop.applyServerErrors(body.fields).length === 0) showAlert(t('checkout.failed'));
      } else if (e.status === 429) showAlert(body?.code === 'too_many_orders' ? t('checkout.tooManyOrders') : t('checkout.tooMany'));
      else if (typeof e.status !== 'number') showAlert(t('checkout.offline'));
      else showAlert(t('checkout.failed'));
    } finally {
      submitting.current = false;
    }
  };

  return { place, placing: isLoading, problems, failure, alertRef, leaving };
}
