import { nanoid } from '@reduxjs/toolkit';
import { ltrIsolate } from '../../../shared/domain/phone';
import type { NavigateFunction } from 'react-router';
import type { StockProblem } from '../../../shared/schemas/checkout';
import { checkoutLinesOf, type CartItem } from '../../../shared/domain/cart';
import type { AppDispatch } from '../../app/store';
import { keyIn } from '../../app/translation-keys';
import type { PlacedOrder, usePlaceOrderMutation } from '../../app/api';
import type { TFunction } from '../../app/translation-keys';
import { clearCart, removeFromCart, setQuantity } from '../cart';
import { couponRemoved, refetchOffers } from '../promotions';
import type { ShopForm } from '../../components/form';
import type { FormValues } from './checkout-form';
import { forgetForm } from '../../app/checkout-draft';
import { isOnlineMethod } from '../../../shared/domain/payments';
import type { PromotionRule } from '../../../shared/domain/promotions';

// What happens when the shopper presses "Place order" (use-place-order.ts holds the page's state):
// its own script, fetched once the page is idle, so the checkout is live sooner (its budget, issue 17).

type ApiError = { status: number | string; data?: { error?: { code?: string; fields?: Record<string, string>; details?: { lines?: StockProblem[] } } } };

const sameLine = (item: CartItem, p: StockProblem) =>
  item.id === p.productId && (item.variants.length === 0 || (item.selectedProductColor === p.color && item.selectedProductSize === p.size));

/** What placing an order reads and changes of the checkout page. */
export interface PlaceOrderContext {
  t: TFunction;
  dispatch: AppDispatch;
  navigate: NavigateFunction;
  placeOrder: ReturnType<typeof usePlaceOrderMutation>[0];
  items: CartItem[];
  shop: ShopForm<FormValues, FormValues>;
  coupon: { code: string; rule: PromotionRule } | null;
  key: { current: string };
  submitting: { current: boolean };
  setFailure: (text: string | null) => void;
  setProblems: (problems: StockProblem[]) => void;
  showAlert: (text: string | null) => void;
  setLeaving: (placed: PlacedOrder) => void;
  /** The shop's phone number, for the shopper whose order cannot be taken online. */
  shopPhone: string;
}

/**
 * Places the order from valid checkout values. A refusal is explained: field codes beside the
 * fields, lines short of stock lowered in the cart and named, anything else in the alert. Placed:
 * cash on delivery goes to the success page; an online payment to Paymob's page (`leaving` holds
 * the order meanwhile), or to the order's page when the payment could not be started there.
 */
export async function runPlaceOrder(c: PlaceOrderContext, values: FormValues): Promise<void> {
  const { t, dispatch, navigate, placeOrder, items, shop, coupon, key, submitting, setFailure, setProblems, showAlert, setLeaving, shopPhone } = c;
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
    // The success page's helpers load now, not before the checkout is live.
    const { orderPath, rememberOrder } = await import('./last-order');
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
    } else if (body?.code === 'checkout_blocked') {
      // Said politely, with the way to order that still works.
      showAlert(t('checkout.blocked', { phone: ltrIsolate(shopPhone) }));
    } else if (body?.code?.startsWith('promotion_')) {
      // The code (or an offer) cannot be used after all: it leaves the cart, the offers are read
      // again, and the shopper sees the new total before placing the order without it.
      if (coupon) dispatch(couponRemoved());
      dispatch(refetchOffers());
      showAlert(t('checkout.promotionRefused', { reason: t(keyIn('apiErrors', body.code)) }));
    } else if (e.status === 400 && body?.fields) {
      if (shop.applyServerErrors(body.fields).length === 0) showAlert(t('checkout.failed'));
    } else if (e.status === 429) showAlert(body?.code === 'too_many_orders' ? t('checkout.tooManyOrders') : t('checkout.tooMany'));
    else if (typeof e.status !== 'number') showAlert(t('checkout.offline'));
    else showAlert(t('checkout.failed'));
  } finally {
    submitting.current = false;
  }
}
