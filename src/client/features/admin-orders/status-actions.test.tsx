// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithShop, stubApi, testTranslator } from '../../testing/shop-render';
import type { AdminOrder } from '../../../shared/schemas/admin-order';
import { StatusActions } from './status-actions';

const i18n = testTranslator('admin', 'admin-orders');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const order = (nextStatuses: AdminOrder['nextStatuses']) => ({ id: 7, number: 'NSM-100007', nextStatuses }) as AdminOrder;

function renderActions(nextStatuses: AdminOrder['nextStatuses']) {
  const calls = stubApi(() => ({ body: { ok: true, status: 'shipped' } }));
  renderWithShop(<StatusActions order={order(nextStatuses)} onConflict={() => {}} />, { i18n });
  return () => calls.map((c) => c.body);
}

describe('StatusActions', () => {
  it('sends the tracking note with the shipping, for the customer’s e-mail', async () => {
    const bodies = renderActions(['shipped', 'cancelled']);
    fireEvent.change(screen.getByLabelText('Tracking note (optional)'), { target: { value: '  Bosta 7741-2209 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    await waitFor(() => expect(bodies()).toEqual([{ status: 'shipped', trackingNote: 'Bosta 7741-2209' }]));
  });

  it('asks for no tracking note when the order cannot be shipped next', () => {
    renderActions(['delivered', 'refused', 'returned']);
    expect(screen.queryByLabelText('Tracking note (optional)')).toBeNull();
    expect(screen.getByLabelText('Note (optional)')).toBeTruthy();
  });

  it('asks for the courier’s reason before recording a refused parcel, and sends it', async () => {
    const bodies = renderActions(['delivered', 'refused', 'returned']);
    fireEvent.click(screen.getByRole('button', { name: 'Refused at the door' }));
    const record = screen.getByRole('button', { name: 'Record: Refused at the door' });
    fireEvent.click(record);
    expect(screen.getByText("Choose the courier's reason.")).toBeTruthy();
    expect(bodies()).toEqual([]);
    fireEvent.change(screen.getByLabelText("Courier's reason"), { target: { value: 'not_reachable' } });
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Phone off twice' } });
    fireEvent.click(record);
    await waitFor(() => expect(bodies()).toEqual([{ status: 'refused', courierReason: 'not_reachable', note: 'Phone off twice' }]));
  });
});
