import { sql, type Kysely, type Transaction } from 'kysely';
import { toIso, type Dialect } from '../db/database.js';
import { stockMark } from './settings-repository.js';
import { historyRow, addStatusHistory, type HistoryEntry } from './order-history-repository.js';
export { addStatusHistory, findOrderHistory, type HistoryEntry } from './order-history-repository.js';
import type { Database, OrderStatus } from '../db/schema.js';
import { variantPrice } from '../../shared/domain/pricing.js';
import type { ConfirmationAnswer, ConfirmationState } from '../../shared/domain/cod-confirmation.js';
import type { Order } from '../../shared/schemas/checkout.js';
import { isOnlineMethod, type PaymentMethod, type PaymentState } from '../../shared/domain/payments.js';
import { findOrderPromotions } from './promotion-use-repository.js';

type Q = Kysely<Database> | Transaction<Database>;

/** A sellable line as stored now: the product, its variant if any, and the stock to take from. */
export interface SellableLine {
  productId: number;
  variantId: number | null;
  name: string;
  sku: string;
  price: number;
  discount: number;
  stock: number;
}

/**
 * Looks up a visible product and, when it has variants, the variant with this colour and size, in
 * one query. Returns undefined when the product is gone or hidden or the combination does not exist.
 */
export async function findSellable(db: Q, productId: number, color: string | null, size: string | null): Promise<SellableLine | undefined> {
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('product_variants as v', 'v.product_id', 'p.id')
    .select([
      'p.name_en',
      'p.sku',
      'p.price',
      'p.discount',
      'p.stock',
      'v.id as variant_id',
      'v.color',
      'v.size',
      'v.price as variant_price',
      'v.stock as variant_stock',
    ])
    .where('p.id', '=', productId)
    .where('p.visible', '=', 1)
    .execute();
  const product = rows[0];
  if (!product) return undefined;
  const base = { productId, name: product.name_en, sku: product.sku, discount: product.discount };
  if (product.variant_id === null) return { ...base, variantId: null, price: product.price, stock: product.stock };
  const variant = rows.find((v) => v.color === color && v.size === size);
  if (!variant || variant.variant_id === null) return undefined;
  return { ...base, variantId: variant.variant_id, price: variantPrice(product.price, { price: variant.variant_price }), stock: variant.variant_stock ?? 0 };
}

/**
 * Takes `quantity` units if that many are left and counts them as sold; false (nothing changed)
 * otherwise. A product without variants is one statement.
 */
export async function takeStock(db: Q, dialect: Dialect, line: { productId: number; variantId: number | null }, quantity: number): Promise<boolean> {
  if (!line.variantId) {
    const result = await db
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '-', quantity), sale_count: eb('sale_count', '+', quantity), stock_mark: stockMark(dialect) }))
      .where('id', '=', line.productId)
      .where('stock', '>=', quantity)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  const result = await db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', line.variantId)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db
    .updateTable('products')
    .set((eb) => ({ sale_count: eb('sale_count', '+', quantity), stock_mark: stockMark(dialect) }))
    .where('id', '=', line.productId)
    .execute();
  return true;
}

export interface NewOrder {
  userId: number | null;
  /** The page language the order was placed in: the customer's messages are written in it. */
  language: string;
  customerName: string;
  phone: string;
  email: string | null;
  governorate: string;
  city: string;
  address: string;
  notes: string | null;
  subtotal: number;
  /** Taken off the subtotal by promotions. */
  discount: number;
  shippingFee: number;
  total: number;
  idempotencyKey: string | null;
  requestHash: string;
  /** Cash on delivery, or an online method: then the order waits for its payment until `paymentDueAt`. */
  paymentMethod: PaymentMethod;
  paymentDueAt: string | null;
  /** A hash of the normalised delivery address, and why the order waits for review (empty: it does not); decision 042. */
  addressKey?: string | null;
  reviewReasons?: readonly string[];
  lines: Array<{
    productId: number;
    variantId: number | null;
    name: string;
    sku: string;
    color: string | null;
    size: string | null;
    unitPrice: number;
    discount: number;
    unitPaid: number;
    quantity: number;
    lineTotal: number;
  }>;
}

/**
 * Stores an order, its lines and its first status. The number derives from the id; the access
 * token's hash from the number.
 */
export async function insertOrder(
  db: Q,
  dialect: Dialect,
  order: NewOrder,
  now: string,
  tokenHashFor: (number: string) => string,
): Promise<{ id: number; number: string }> {
  const online = isOnlineMethod(order.paymentMethod);
  const status = online ? ('awaiting_payment' as const) : ('pending' as const);
  const paymentState: PaymentState = online ? 'awaiting_payment' : 'cod';
  const row = (id: number | undefined, number: string, tokenHash: string) => ({
    ...(id === undefined ? {} : { id }),
    number,
    access_token_hash: tokenHash,
    user_id: order.userId,
    status,
    customer_name: order.customerName,
    phone: order.phone,
    email: order.email,
    governorate: order.governorate,
    city: order.city,
    address: order.address,
    notes: order.notes,
    payment_method: order.paymentMethod,
    payment_state: paymentState,
    payment_due_at: order.paymentDueAt,
    currency: 'EGP' as const,
    subtotal: order.subtotal,
    discount: order.discount,
    shipping_fee: order.shippingFee,
    total: order.total,
    idempotency_key: order.idempotencyKey,
    request_hash: order.requestHash,
    stock_restored: 0,
    language: order.language,
    address_key: order.addressKey ?? null,
    review_reasons: order.reviewReasons?.length ? JSON.stringify(order.reviewReasons) : null,
    created_at: now,
    updated_at: now,
  });
  const lines = (id: number) =>
    order.lines.map((l) => ({
      order_id: id,
      product_id: l.productId,
      variant_id: l.variantId,
      name: l.name,
      sku: l.sku,
      color: l.color,
      size: l.size,
      unit_price: l.unitPrice,
      discount: l.discount,
      unit_paid: l.unitPaid,
      quantity: l.quantity,
      line_total: l.lineTotal,
    }));
  const firstStatus = (id: number): HistoryEntry => ({
    orderId: id,
    from: null,
    to: status,
    actorId: null,
    note: null,
    at: now,
    paymentState: online ? paymentState : null,
  });

  if (dialect === 'postgres') {
    // Two round trips instead of four, on the busiest write of a sale: the id is taken from the
    // orders' own sequence first (the number and its link's hash derive from it), then the order,
    // its lines and its first history entry are written by one statement.
    const { rows } = await sql<{ id: string }>`select nextval(pg_get_serial_sequence('orders', 'id')) as id`.execute(db);
    const id = Number(rows[0]!.id);
    const number = orderNumberOf(id);
    await db
      .with('o', (w) => w.insertInto('orders').values(row(id, number, tokenHashFor(number))))
      .with('h', (w) => w.insertInto('order_status_history').values(historyRow(firstStatus(id))))
      .insertInto('order_lines')
      .values(lines(id))
      .execute();
    return { id, number };
  }
  // SQLite runs in this process, where a statement costs no round trip: the id comes from the insert.
  const { id } = await db
    .insertInto('orders')
    .values(row(undefined, '', ''))
    .returning('id')
    .executeTakeFirstOrThrow();
  const number = orderNumberOf(id);
  await db
    .updateTable('orders')
    .set({ number, access_token_hash: tokenHashFor(number) })
    .where('id', '=', id)
    .execute();
  await db.insertInto('order_lines').values(lines(id)).execute();
  await addStatusHistory(db, firstStatus(id));
  return { id, number };
}

/** An order's number, from its id: NSM-100001 for the first. */
const orderNumberOf = (id: number) => `NSM-${100000 + id}`;

/** An order's status, and whether its stock already came back (a cancellation or return gives it back once). */
export async function findOrderState(db: Q, orderId: number): Promise<{ status: OrderStatus; stockRestored: boolean } | undefined> {
  const row = await db.selectFrom('orders').select(['status', 'stock_restored']).where('id', '=', orderId).executeTakeFirst();
  return row && { status: row.status, stockRestored: row.stock_restored === 1 };
}

/**
 * Moves an order from `from` to `to` only if it is still in `from`, so two admins clicking at once
 * cannot both succeed; `stockRestored` marks that its stock is being given back. False when the
 * order had moved meanwhile.
 */
export async function moveOrderStatus(db: Q, orderId: number, from: OrderStatus, to: OrderStatus, now: string, stockRestored: boolean): Promise<boolean> {
  const updated = await db
    .updateTable('orders')
    .set({ status: to, updated_at: now, ...(stockRestored ? { stock_restored: 1 } : {}), ...(to === 'delivered' ? { delivered_at: now } : {}) })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Records the customer's confirmation answer on an order only if it is still in `status`, so an
 * answer cannot land on an order another admin has meanwhile shipped or cancelled. False when it
 * had moved.
 */
export async function setConfirmation(db: Q, orderId: number, status: OrderStatus, answer: ConfirmationAnswer, now: string): Promise<boolean> {
  const updated = await db
    .updateTable('orders')
    .set({ confirmation: answer, confirmation_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Puts every unit of an order back on the shelf (variant stock, or the product's for a product
 * without variants). Returns the ids of the products whose stock changed.
 */
export async function restoreOrderStock(db: Q, dialect: Dialect, orderId: number): Promise<number[]> {
  // Rows in product order, as checkout takes them, so a cancel and a checkout do not deadlock.
  const lines = await db
    .selectFrom('order_lines')
    .select(['product_id', 'variant_id', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('product_id')
    .orderBy('variant_id')
    .execute();
  for (const l of lines) {
    if (l.variant_id)
      await db
        .updateTable('product_variants')
        .set((eb) => ({ stock: eb('stock', '+', l.quantity) }))
        .where('id', '=', l.variant_id)
        .execute();
    // The product row carries the mark other processes read stock changes by (decision 019).
    await db
      .updateTable('products')
      .set((eb) => (l.variant_id ? { stock_mark: stockMark(dialect) } : { stock: eb('stock', '+', l.quantity), stock_mark: stockMark(dialect) }))
      .where('id', '=', l.product_id)
      .execute();
  }
  return [...new Set(lines.map((l) => l.product_id))];
}

/** The idempotency record of a key: which order it made and from which request. */
export async function findByIdempotencyKey(db: Q, key: string) {
  return db.selectFrom('orders').select(['number', 'request_hash', 'access_token_hash']).where('idempotency_key', '=', key).executeTakeFirst();
}

/** An order with its lines, by number; `tokenHash` must match when given. */
export async function findOrder(
  db: Q,
  number: string,
): Promise<
  | (Order & {
      id: number;
      accessTokenHash: string;
      userId: number | null;
      language: string;
      confirmation: ConfirmationState;
      confirmationAt: string | null;
      paymentFlag: string | null;
    })
  | undefined
> {
  const row = await db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirst();
  if (!row) return undefined;
  const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', row.id).orderBy('id').execute();
  // A kiosk order shows the code to pay with, from its latest attempt (one more read, only for those).
  const billReference =
    row.payment_method === 'kiosk'
      ? ((
          await db
            .selectFrom('payment_attempts')
            .select('bill_reference')
            .where('order_id', '=', row.id)
            .where('bill_reference', 'is not', null)
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst()
        )?.bill_reference ?? null)
      : null;
  return {
    id: row.id,
    number: row.number ?? '',
    status: row.status,
    customerName: row.customer_name,
    phone: row.phone,
    email: row.email,
    governorate: row.governorate,
    city: row.city,
    address: row.address,
    notes: row.notes,
    paymentMethod: row.payment_method,
    payment: {
      method: row.payment_method,
      state: row.payment_state,
      billReference,
      dueAt: row.payment_due_at === null ? null : toIso(row.payment_due_at),
      refunded: row.refunded,
    },
    paymentFlag: row.payment_flag,
    currency: 'EGP',
    subtotal: row.subtotal,
    discount: row.discount,
    shippingFee: row.shipping_fee,
    total: row.total,
    promotions: (await findOrderPromotions(db, row.id)).map(({ promotionId: _id, ...shown }) => shown),
    createdAt: toIso(row.created_at),
    accessTokenHash: row.access_token_hash,
    userId: row.user_id,
    language: row.language,
    confirmation: row.confirmation,
    confirmationAt: row.confirmation_at === null ? null : toIso(row.confirmation_at),
    lines: lines.map((l) => ({
      productId: l.product_id,
      name: l.name,
      sku: l.sku,
      color: l.color,
      size: l.size,
      unitPrice: l.unit_price,
      discount: l.discount,
      unitPaid: l.unit_paid,
      quantity: l.quantity,
      lineTotal: l.line_total,
    })),
  };
}

/** The id and phone number of the order with this number: what a look-up by number and phone compares, in one indexed read. */
export async function findOrderPhone(db: Q, number: string): Promise<{ id: number; phone: string } | undefined> {
  return db.selectFrom('orders').select(['id', 'phone']).where('number', '=', number).executeTakeFirst();
}

/** The number of the order with this id, or undefined. */
export async function findOrderNumberById(db: Q, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('orders').select(['number']).where('id', '=', id).executeTakeFirst();
  return row?.number ?? undefined;
}
