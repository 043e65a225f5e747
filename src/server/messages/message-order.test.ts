import { describe, expect, it } from 'vitest';
import { localeFolders, OptionLabels } from './option-labels.js';
import { messageOrder, withOrderToken } from './message-order.js';
import { orderToken } from '../use-cases/checkout.js';
import type { OutboxMessage } from './kinds.js';

const labels = new OptionLabels(localeFolders('/nonexistent-client'));

describe('option words in messages', () => {
  it('names colours and sizes as the storefront does, in the message language', () => {
    expect(labels.of('amber', '50ml', 'en')).toBe('Amber, 50 ml');
    expect(labels.of('amber', '50ml', 'ar')).toBe('كهرماني، 50 مل');
    expect(labels.of(null, '100ml', 'de')).toBe('100 ml');
    expect(labels.of(null, null, 'en')).toBeNull();
    // A key the vocabulary lacks is shown as stored.
    expect(labels.of('teal', null, 'fr')).toBe('teal');
    expect(new OptionLabels([]).of('amber', 'small', 'en')).toBe('amber, small');
  });
});

describe('an order in a message', () => {
  const stored = {
    number: 'NSM-100042',
    customerName: 'Mona Adel',
    phone: '+20 100 555 0199',
    governorate: 'ALX',
    city: 'Smouha',
    address: '12 Victor Emmanuel Square',
    notes: null,
    subtotal: 90000,
    shippingFee: 6000,
    total: 96000,
    createdAt: '2026-11-24T10:00:00.000Z',
    lines: [{ productId: 7, name: 'Oud candle', color: 'black', size: 'medium', unitPaid: 45000, quantity: 2, lineTotal: 90000 }],
  };

  it('keeps piastres and option words, and a link without its token until it is rendered', () => {
    const order = messageOrder(stored, { labels, language: 'en' });
    expect(order).toMatchObject({
      number: 'NSM-100042',
      link: '/order/NSM-100042',
      subtotal: 90000,
      shippingFee: 6000,
      total: 96000,
      placedAt: stored.createdAt,
    });
    expect(order.lines).toEqual([{ name: 'Oud candle', options: 'Black, Medium', quantity: 2, unitPrice: 45000, lineTotal: 90000 }]);
    const message: OutboxMessage = { kind: 'order_received', to: 'mona@example.com', language: 'en', origin: 'https://nasma.example', order };
    const rendered = withOrderToken(message, 'shop-secret');
    expect(rendered.kind === 'order_received' && rendered.order.link).toBe(`/order/NSM-100042?token=${orderToken('shop-secret', 'NSM-100042')}`);
    // The stored message is not changed, and a message without an order passes as it is.
    expect(order.link).toBe('/order/NSM-100042');
    // The products' names in the message's language, where the caller read them (messageOrderIn).
    expect(messageOrder(stored, { labels, language: 'ar', names: new Map([[7, 'شمعة العود']]) }).lines[0]?.name).toBe('شمعة العود');
    const taken: OutboxMessage = { kind: 'sign_up_taken', to: 'a@example.com', language: 'en', origin: 'x', name: 'A' };
    expect(withOrderToken(taken, 'shop-secret')).toBe(taken);
  });
});
