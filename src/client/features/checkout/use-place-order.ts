import { useEffect, useRef, useState } from 'react';
import { ltrIsolate } from '../../../shared/domain/phone';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { nanoid } from '@reduxjs/toolkit';
import type { CheckoutFailure, CheckoutSubmission, StockProblem } from '../../../shared/schemas/checkout';
import type { CartItem } from '../../../shared/domain/cart';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { usePlaceOrderMutation, type PlacedOrder } from '../../app/api';
import { useShopSettings } from '../../app/use-shop-settings';
import type { ShopForm } from '../../components/form';
import type { FormValues } from './checkout-form';

/** The words of a refusal the server's render brought (a form posted without scripts). */
const failureText: Record<CheckoutFailure, 'checkout.failed' | 'checkout.tooManyOrders' | 'checkout.tooMany' | 'checkout.couponRefused' | 'checkout.blocked'> = {
  failed: 'checkout.failed',
  coupon: 'checkout.couponRefused',
  emptyCart: 'checkout.failed',
  tooManyOrders: 'checkout.tooManyOrders',
  tooMany: 'checkout.tooMany',
  blocked: 'checkout.blocked',
};

/** What pressing "Place order" runs, in its own script (place-order-flow.ts). */
const load = () => import('./place-order-flow');

/** The checkout's ordering state (problems, failure, the idempotency key, where it is going); pressing "Place order" runs place-order-flow.ts. */
export function usePlaceOrder(items: CartItem[], shop: ShopForm<FormValues, FormValues>, submission: CheckoutSubmission) {
  const { t } = useTranslation();
  // A blocked contact is asked to call the shop: its number goes into the message.
  const shopPhone = useShopSettings().phone;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [placeOrder, { isLoading }] = usePlaceOrderMutation();
  // A refusal of a form posted without scripts comes with the page the server rendered.
  const [problems, setProblems] = useState<StockProblem[]>(submission.problems);
  const [failure, setFailure] = useState<string | null>(submission.failure && t(failureText[submission.failure], { phone: ltrIsolate(shopPhone) }));
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

  // Fetched once the page is idle: by the time the shopper presses "Place order" it is here.
  useEffect(() => void (window.requestIdleCallback ?? setTimeout)(() => void load()), []);
  const place = async (values: FormValues) => {
    const { runPlaceOrder } = await load();
    await runPlaceOrder({ t, dispatch, navigate, placeOrder, items, shop, coupon, key, submitting, setFailure, setProblems, showAlert, setLeaving, shopPhone }, values);
  };

  return { place, placing: isLoading, problems, failure, alertRef, leaving };
}
