// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SessionUser } from '../../app/user-slice';
import { renderWithShop, stubApi, testTranslator, type ApiAnswer } from '../../testing/shop-render';
import { settledStore } from '../../app/test-store';
import type { AdminOrder } from '../../../shared/schemas/admin-order';
import { PaymentPanel } from './payment-panel';
import { refundFormSchema } from './refund-form';
import { useOrderFormat } from './format';

const i18n = testTranslator('admin', 'admin-orders');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An order of EGP 450.50 paid by card, EGP 100 of it refunded already. */
const paidOrder = {
  id: 7,
  number: 'NSM-100007',
  status: 'confirmed',
  total: 45050,
  paymentMethod: 'card',
  payment: { method: 'card', state: 'partially_refunded', billReference: null, dueAt: null, refunded: 10000 },
  paymentDetails: {
    flag: null,
    refundable: 35050,
    attempts: [
      {
        method: 'card',
        reference: 'NSM-100007-1',
        intentionId: 'pi_test_1',
        paymobOrderId: '318811',
        transactionId: '9900112',
        amount: 45050,
        state: 'succeeded',
        billReference: null,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    transactions: [
      {
        transactionId: '9900112',
        kind: 'payment',
        outcome: 'succeeded',
        amount: 45050,
        source: 'callback',
        reason: null,
        actor: null,
        at: '2026-11-20T10:01:00.000Z',
      },
    ],
  },
} as unknown as AdminOrder;

function Panel({ order }: { order: AdminOrder }) {
  return <PaymentPanel order={order} fmt={useOrderFormat()} />;
}

/** The money formatter's text, whichever space Intl puts after the currency. */
const egp = (text: string) => new RegExp(`^EGP\\s${text.replace('.', '\\.')}$`);

/** The panel for a signed-in `role`; the API answers each request with `answer`; the POSTs' bodies, as sent. */
async function renderPanel(role: SessionUser['role'], answer: ApiAnswer = { body: { ok: true, paymentState: 'refunded', refundable: 0 } }) {
  const calls = stubApi(() => answer);
  const store = await settledStore({ id: 1, name: 'Nour Samy', email: 'nour@nasma.test', phone: null, role });
  renderWithShop(<Panel order={paidOrder} />, { store, i18n });
  return () => calls.filter((c) => c.method === 'POST').map((c) => c.body);
}

const openForm = () => fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
const amountField = () => screen.getByLabelText('Amount') as HTMLInputElement;
const reasonField = () => screen.getByLabelText('Reason') as HTMLTextAreaElement;

describe('refundFormSchema', () => {
  const parse = (amount: string, reason = 'Out of stock') => refundFormSchema(35050).safeParse({ amount, reason });

  it('turns typed EGP into piastres with the shop’s parser', async () => {
    expect(parse('150')).toMatchObject({ success: true, data: { amount: 15000, reason: 'Out of stock' } });
    expect(parse('150.50')).toMatchObject({ success: true, data: { amount: 15050 } });
    expect(parse('١٥٠٫٥')).toMatchObject({ success: true, data: { amount: 15050 } });
    expect(parse('350.50')).toMatchObject({ success: true, data: { amount: 35050 } });
  });

  it('refuses what is not an amount, more than is left, and an empty reason', async () => {
    const code = (r: ReturnType<typeof parse>) => (r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`));
    expect(code(parse('150.505'))).toEqual(['amount:amount_invalid']);
    expect(code(parse('abc'))).toEqual(['amount:amount_invalid']);
    expect(code(parse(''))).toEqual(['amount:amount_invalid']);
    expect(code(parse('0'))).toEqual(['amount:amount_invalid']);
    expect(code(parse('350.51'))).toEqual(['amount:refund_too_much']);
    expect(code(parse('100', '   '))).toEqual(['reason:required']);
  });
});

describe('PaymentPanel', () => {
  it('shows the method, state, Paymob ids and amounts', async () => {
    await renderPanel('owner');
    expect(screen.getAllByText('Card').length).toBeGreaterThan(0);
    expect(screen.getByText('Partially refunded')).toBeTruthy();
    expect(screen.getAllByText('318811').length).toBeGreaterThan(0);
    expect(screen.getAllByText('9900112').length).toBeGreaterThan(0);
    expect(screen.getByText(egp('100.00'))).toBeTruthy();
    expect(screen.getByText(egp('350.50'))).toBeTruthy();
  });

  it('hides the refund from a role without payments.refund (Orders staff)', async () => {
    await renderPanel('orders');
    expect(screen.getByText('Partially refunded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('prefills what is left, asks for a reason, confirms, then sends piastres', async () => {
    const bodies = await renderPanel('owner');
    openForm();
    expect(amountField().value).toBe('350.50');
    fireEvent.change(amountField(), { target: { value: '150.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(await screen.findByText('Say why the money goes back.')).toBeTruthy();
    expect(reasonField().getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(reasonField(), { target: { value: 'One bottle arrived broken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review refund' }));
    const confirm = await screen.findByRole('button', { name: /^Yes, refund EGP\s150\.50$/ });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(bodies()).toEqual([]);
    fireEvent.click(confirm);
    await waitFor(() => expect(bodies()).toEqual([{ amount: 15050, reason: 'One bottle arrived broken' }]));
    // Done: the form closes.
    await waitFor(() => expect(screen.queryByLabelText('Reason')).toBeNull());
  });

  it('puts the server’s refund_too_much beside the amount', async () => {
    await renderPanel('owner', { status: 400, body: { error: { code: 'validation', message: 'Too much.', fields: { amount: 'refund_too_much' } } } });
    openForm();
    fireEvent.change(reasonField(), { target: { value: 'Paid twice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review refund' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Yes, refund EGP\s350\.50$/ }));
    expect(await screen.findByText('This is more than is left to refund.')).toBeTruthy();
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
  });

  it('says when Paymob refused the refund', async () => {
    await renderPanel('owner', { status: 502, body: { error: { code: 'refund_refused', message: 'Paymob did not make the refund.' } } });
    openForm();
    fireEvent.change(reasonField(), { target: { value: 'Paid twice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review refund' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Yes, refund EGP\s350\.50$/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Paymob did not make the refund. Nothing was changed; try again later.');
  });
});
