// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { renderWithShop, stubApi, type ApiAnswer } from '../../testing/shop-render';
import { api } from '../../app/api';
import { formatPiastres } from '../../../shared/domain/currency';
import type { PaymentMethod, PaymentState } from '../../../shared/domain/payments';
import type { Order } from '../../../shared/schemas/checkout';
import { testSettings } from '../../../shared/domain/test-products';
import type { PublicSettings } from '../../../shared/schemas/settings';
import en from '../../../../public/locales/en/translation.json';
import { PaymentPanel } from './payment-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings: PublicSettings = { ...testSettings, paymentMethods: ['cod', 'card', 'wallet', 'kiosk'] };

const orderIn = (state: PaymentState, method: PaymentMethod = 'card', extra: Partial<Order['payment']> = {}): Order => ({
  number: 'NSM-100042',
  status: state === 'paid' ? 'confirmed' : state === 'expired' ? 'cancelled' : 'awaiting_payment',
  customerName: 'Mona Adel',
  phone: '01005550123',
  email: 'mona@example.com',
  governorate: 'CAI',
  city: 'Maadi',
  address: '12 Street 9',
  notes: null,
  paymentMethod: method,
  payment: {
    method,
    state,
    billReference: null,
    dueAt: state === 'awaiting_payment' || state === 'payment_failed' ? '2026-11-27T16:30:00.000Z' : null,
    refunded: 0,
    ...extra,
  },
  currency: 'EGP',
  subtotal: 82050,
  discount: 0,
  promotions: [],
  shippingFee: 6500,
  total: 88550,
  lines: [],
  createdAt: '2026-11-27T16:00:00.000Z',
});

/** The panel of `order`; the shop's API answers `answer` (status, body) and records what it was sent. */
async function renderPanel(order: Order, answer: ApiAnswer = { body: {} }) {
  const calls = stubApi(() => answer);
  const { store } = makeStore();
  await store.dispatch(api.util.upsertQueryData('getSettings', undefined, settings));
  const onCod = vi.fn();
  renderWithShop(<PaymentPanel order={order} token="tok" stale={false} onCheck={() => {}} onCod={onCod} />, { store, router: true });
  return { sent: () => calls.map((c) => ({ url: c.url.href, body: c.body })), onCod };
}

const headline = () => screen.getByTestId('payment-state').textContent;
const choices = () => screen.queryAllByRole('button').filter((b) => b.dataset.testid?.startsWith('pay-'));

describe('PaymentPanel', () => {
  it('shows nothing for a cash order', async () => {
    await renderPanel(orderIn('cod', 'cod'));
    expect(screen.queryByTestId('payment-panel')).toBeNull();
  });

  it('says the payment was received, with no choice left', async () => {
    await renderPanel(orderIn('paid'));
    expect(headline()).toBe('Payment received');
    expect(choices()).toEqual([]);
  });

  it('offers another try with every online method (the order’s own first) and cash on delivery after a failure', async () => {
    await renderPanel(orderIn('payment_failed', 'wallet'));
    expect(headline()).toBe('Payment failed: try again or choose cash on delivery');
    expect(choices().map((b) => b.textContent)).toEqual(['Pay with a mobile wallet', 'Pay by card', 'Get an Aman kiosk code', 'Pay cash on delivery instead']);
  });

  it('waits for the bank, with the same choices', async () => {
    await renderPanel(orderIn('awaiting_payment'));
    expect(headline()).toBe("Waiting for the bank's answer");
    expect(choices()).toHaveLength(4);
  });

  it('shows a kiosk order’s code large, with how to pay it', async () => {
    await renderPanel(orderIn('awaiting_payment', 'kiosk', { billReference: '58031974' }));
    expect(screen.getByTestId('bill-reference').textContent).toBe('58031974');
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
    expect(screen.getByTestId('kiosk-code').textContent).toContain(`pay ${formatPiastres(88550, 'en')} in cash`);
    // Another code is not what a shopper holding one needs; the other ways stay.
    expect(choices().map((b) => b.textContent)).toEqual(['Pay by card', 'Pay with a mobile wallet', 'Pay cash on delivery instead']);
  });

  it('says an expired order was cancelled, and a refund how much', async () => {
    await renderPanel(orderIn('expired'));
    expect(headline()).toBe('Payment not received in time: this order was cancelled');
    expect(choices()).toEqual([]);
    cleanup();
    await renderPanel(orderIn('partially_refunded', 'card', { refunded: 20000 }));
    expect(headline()).toBe(`Refunded: ${formatPiastres(20000, 'en')}`);
  });

  it('switches to cash on delivery through the order’s link', async () => {
    const { sent, onCod } = await renderPanel(orderIn('payment_failed'), { status: 200, body: { order: orderIn('cod', 'cod'), paymentUrl: null } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay cash on delivery instead' }));
    await waitFor(() => expect(onCod).toHaveBeenCalled());
    expect(sent()).toEqual([{ url: 'http://localhost/api/orders/NSM-100042/payment?token=tok', body: { method: 'cod' } }]);
  });

  it('says so when the payment page could not be opened, or the order no longer waits', async () => {
    await renderPanel(orderIn('payment_failed'), { status: 200, body: { order: orderIn('payment_failed'), paymentUrl: null } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.orderPayment.unreachable);
    cleanup();
    await renderPanel(orderIn('payment_failed'), { status: 409, body: { error: { code: 'payment_closed', message: 'closed' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.apiErrors.payment_closed);
  });
});
