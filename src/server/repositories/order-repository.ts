import type { Kysely, Transaction } from 'kysely';
import { toIso } from '../db/database.js';
import type { Database, OrderStatus } from '../db/schema.js';
import type { Order } from '../../shared/schemas/checkout.js';

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
 * Looks up a visible product and, when it has variants, the variant with this colour and size.
 * Returns undefined when the product is gone or hidden or the combination does not exist.
 */
export async function findSellable(db: Q, productId: number, color: string | null, size: string | null): Promise<SellableLine | undefined> {
  const product = await db
    .selectFrom('products')
    .select(['id', 'name_en', 'sku', 'price', 'discount', 'stock'])
    .where('id', '=', productId)
    .where('visible', '=', 1)
    .executeTakeFirst();
  if (!product) return undefined;
  const variants = await db.selectFrom('product_variants').selectAll().where('product_id', '=', productId).execute();
  const base = { productId, name: product.name_en, sku: product.sku, discount: product.discount };
  if (variants.length === 0) return { ...base, variantId: null, price: product.price, stock: product.stock };
  const variant = variants.find((v) => v.color === color && v.size === size);
  if (!variant) return undefined;
  return { ...base, variantId: variant.id, price: variant.price ?? product.price, stock: variant.stock };
}

/** Takes `quantity` units if that many are left; false (nothing changed) otherwise. */
export async function takeStock(db: Q, line: { productId: number; variantId: number | null }, quantity: number): Promise<boolean> {
  const result = line.variantId
    ? await db
        .updateTable('product_variants')
        .set((eb) => ({ stock: eb('stock', '-', quantity) }))
        .where('id', '=', line.variantId)
        .where('stock', '>=', quantity)
        .executeTakeFirst()
    : await db
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '-', quantity) }))
        .where('id', '=', line.productId)
        .where('stock', '>=', quantity)
        .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds sold units to the product's sale count. */
export async function addSales(db: Q, productId: number, quantity: number): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({ sale_count: eb('sale_count', '+', quantity) }))
    .where('id', '=', productId)
    .execute();
}

export interface NewOrder {
  userId: number | null;
  customerName: string;
  phone: string;
  email: string | null;
  governorate: string;
  city: string;
  address: string;
  notes: string | null;
  subtotal: number;
  shippingFee: number;
  total: number;
  idempotencyKey: string | null;
  requestHash: string;
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
export async function insertOrder(db: Q, order: NewOrder, now: string, tokenHashFor: (number: string) => string): Promise<string> {
  const { id } = await db
    .insertInto('orders')
    .values({
      access_token_hash: '',
      user_id: order.userId,
      status: 'pending',
      customer_name: order.customerName,
      phone: order.phone,
      email: order.email,
      governorate: order.governorate,
      city: order.city,
      address: order.address,
      notes: order.notes,
      payment_method: 'cod',
      currency: 'EGP',
      subtotal: order.subtotal,
      shipping_fee: order.shippingFee,
      total: order.total,
      idempotency_key: order.idempotencyKey,
      request_hash: order.requestHash,
      stock_restored: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const number = `NSM-${100000 + id}`;
  await db
    .updateTable('orders')
    .set({ number, access_token_hash: tokenHashFor(number) })
    .where('id', '=', id)
    .execute();
  await db
    .insertInto('order_lines')
    .values(
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
      })),
    )
    .execute();
  await db
    .insertInto('order_status_history')
    .values({ order_id: id, from_status: null, to_status: 'pending' as OrderStatus, actor_user_id: null, note: null, created_at: now })
    .execute();
  return number;
}

/** The idempotency record of a key: which order it made and from which request. */
export async function findByIdempotencyKey(db: Q, key: string) {
  return db.selectFrom('orders').select(['number', 'request_hash', 'access_token_hash']).where('idempotency_key', '=', key).executeTakeFirst();
}

/** An order with its lines, by number; `tokenHash` must match when given. */
export async function findOrder(db: Q, number: string): Promise<(Order & { accessTokenHash: string; userId: number | null }) | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirst();
  if (!row) return undefined;
  const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', row.id).orderBy('id').execute();
  return {
    number: row.number ?? '',
    status: row.status,
    customerName: row.customer_name,
    phone: row.phone,
    email: row.email,
    governorate: row.governorate,
    city: row.city,
    address: row.address,
    notes: row.notes,
    paymentMethod: 'cod',
    currency: 'EGP',
    subtotal: row.subtotal,
    shippingFee: row.shipping_fee,
    total: row.total,
    createdAt: toIso(row.created_at),
    accessTokenHash: row.access_token_hash,
    userId: row.user_id,
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
