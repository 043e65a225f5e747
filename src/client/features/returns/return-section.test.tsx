// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithShop, stubApi } from '../../testing/shop-render';
import type { OrderReturns } from '../../../shared/schemas/returns';
import { ReturnSection } from './return-section';

const open: OrderReturns = {
  refusal: null,
  windowEndsAt: '2026-12-12T10:00:00.000Z',
  lines: [
    { lineId: 11, name: 'Taif Rose Room Mist', color: null, size: null, quantity: 2, returnable: 2, unitPaid: 15750 },
    { lineId: 12, name: 'Fig Leaf Freshener', color: null, size: null, quantity: 1, returnable: 0, unitPaid: 13500 },
  ],
  returns: [],
};
const asked: OrderReturns['returns'][number] = {
  number: 'R-NSM-100006-1',
  kind: 'return',
  state: 'refunded',
  reason: 'damaged',
  note: '',
  decisionNote: 'Our courier will collect it.',
  refundAmount: 15750,
  refundMethod: 'cash',
  exchangeOrderNumber: null,
  lines: [{ lineId: 12, name: 'Fig Leaf Freshener', color: null, size: null, unitPaid: 13500, quantity: 1, restocked: 1 }],
  photos: [],
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-29T10:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the order page’s returns', () => {
  it('shows nothing for an order that may not be returned and has no returns', async () => {
    const calls = stubApi(() => ({ body: { ...open, refusal: 'window_closed', windowEndsAt: null } }));
    renderWithShop(<ReturnSection access={{ number: 'NSM-100006', token: 'tok-tok-tok' }} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.path).toBe('/api/orders/NSM-100006/returns?token=tok-tok-tok');
    expect(screen.queryByRole('heading', { name: 'Returns and exchanges' })).toBeNull();
  });

  it('lists the returns with their state and refund, and offers only the units left; none chosen is refused beside the lines', async () => {
    stubApi(() => ({ body: { ...open, returns: [asked] } }));
    renderWithShop(<ReturnSection access={{ number: 'NSM-100006' }} />);
    const card = await screen.findByTestId('return-card');
    expect(within(card).getByTestId('return-state').textContent).toBe('Refunded');
    expect(card.textContent).toContain('Our courier will collect it.');
    expect(card.textContent).toContain('handed back in cash');
    fireEvent.click(screen.getByRole('button', { name: 'Return or exchange' }));
    const form = screen.getByRole('form', { name: 'Ask for a return or exchange' });
    // The line fully in a return is not offered again.
    expect(within(form).queryByText('Fig Leaf Freshener')).toBeNull();
    fireEvent.change(within(form).getByLabelText('How many of Taif Rose Room Mist'), { target: { value: '0' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'damaged' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send the request' }));
    expect((await within(form).findByTestId('error-qty')).textContent).toBe('Choose at least one item.');
  });
});
