import type { Order } from '../../shared/schemas/checkout.js';
import { orderToken } from '../use-cases/checkout.js';
import { reviewPath } from '../use-cases/review-link.js';
import type { MessageOrder, OutboxMessage } from './kinds.js';
import type { OptionLabels } from './option-labels.js';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Language } from '../../shared/domain/languages.js';
import { productNames } from '../repositories/dashboard-repository.js';

type StoredOrder = Pick<
  Order,
  'number' | 'customerName' | 'phone' | 'governorate' | 'city' | 'address' | 'notes' | 'subtotal' | 'shippingFee' | 'total' | 'createdAt'
> & { lines: Array<Pick<Order['lines'][number], 'productId' | 'name' | 'color' | 'size' | 'unitPaid' | 'quantity' | 'lineTotal'>> } & Partial<
    Pick<Order, 'promotions'>
  >;

/** An order's page without its token: what the outbox stores (decision 021). */
const orderPage = (number: string) => `/order/${encodeURIComponent(number)}`;

/**
 * An order as its e-mails show it (kinds.ts), in the message's language: option words from the
 * storefront's vocabulary and money in piastres. Its `link` is stored without the token: the
 * sender adds it when rendering (withOrderToken), so the outbox holds no usable link to an order,
 * as the orders table holds only the token's hash.
 */
export function messageOrder(order: StoredOrder, opts: { labels: OptionLabels; language: string; names?: ReadonlyMap<number, string> }): MessageOrder {
  return {
    number: order.number,
    link: orderPage(order.number),
    customerName: order.customerName,
    phone: order.phone,
    governorate: order.governorate,
    city: order.city,
    address: order.address,
    notes: order.notes,
    lines: order.lines.map((l) => ({
      name: opts.names?.get(l.productId) ?? l.name,
      options: opts.labels.of(l.color, l.size, opts.language),
      quantity: l.quantity,
      unitPrice: l.unitPaid,
      lineTotal: l.lineTotal,
    })),
    subtotal: order.subtotal,
    ...(order.promotions?.length ? { promotions: order.promotions.map((p) => ({ name: p.code ?? p.name, kind: p.kind, amount: p.amount })) } : {}),
    shippingFee: order.shippingFee,
    total: order.total,
    placedAt: order.createdAt,
  };
}

/**
 * messageOrder with the products' names in the message's language (the order keeps the name it
 * was sold under, in the shop's first language), read in the transaction that writes the message.
 */
export async function messageOrderIn(
  db: Kysely<Database> | Transaction<Database>,
  order: StoredOrder,
  opts: { labels: OptionLabels; language: Language },
): Promise<MessageOrder> {
  const names = await productNames(db, [...new Set(order.lines.map((l) => l.productId))], opts.language);
  return messageOrder(order, { ...opts, names });
}

/** The message as it is rendered: an order's link gets its token (`/order/<number>?token=…`), an HMAC under the shop's secret. */
export function withOrderToken(message: OutboxMessage, secret: string, now = new Date()): OutboxMessage {
  if (!('order' in message)) return message;
  const { number } = message.order;
  const withLink = { ...message, order: { ...message.order, link: `${orderPage(number)}?token=${orderToken(secret, number)}` } };
  if (withLink.kind !== 'order_status' || !withLink.deliveredAt) return withLink;
  const reviewLink = reviewPath(secret, number, withLink.deliveredAt, now);
  return reviewLink ? { ...withLink, reviewLink } : withLink;
}
