import { sql, type Kysely, type Transaction } from 'kysely';
import { toIso } from '../db/database.js';
import type { Database, OrderStatus } from '../db/schema.js';
import type { Language } from '../../shared/domain/languages.js';
import { confirmationAnswers, type ConfirmationAnswer } from '../../shared/domain/cod-confirmation.js';
import { paymentStates, wasPaidOnline } from '../../shared/domain/payments.js';

type Q = Kysely<Database> | Transaction<Database>;

/** Statuses whose money the shop does not keep. */
const notRevenue: OrderStatus[] = ['cancelled', 'refused', 'returned'];

export interface HourlySales {
  /** The UTC hour, `YYYY-MM-DDTHH`. */
  hour: string;
  orders: number;
  /** Piastres of orders neither cancelled nor returned. */
  revenue: number;
}

/**
 * Orders and revenue per UTC hour since `from` (ISO instant on an hour), from the hourly totals the
 * triggers of migration 007 keep: at most 24 rows a day whatever the volume. Hours rather than
 * days because a Cairo day is not a UTC day; the caller assigns hours to days.
 */
export async function salesByHour(db: Q, from: string): Promise<HourlySales[]> {
  // Each hour's total is split over a few rows (migration 007): added up here.
  const rows = await db
    .selectFrom('order_hourly_totals')
    .select((eb) => ['hour', eb.fn.sum<number | string>('orders').as('orders'), eb.fn.sum<number | string>('revenue').as('revenue')])
    .where('hour', '>=', from.slice(0, 13))
    .groupBy('hour')
    .having((eb) => eb.fn.sum('orders'), '<>', 0)
    .execute();
  return rows.map((r) => ({ hour: r.hour, orders: Number(r.orders), revenue: Number(r.revenue) }));
}

/** Statuses of an order placed but not yet a sale: waiting for the customer's confirmation or for an online payment. */
export const unconfirmedStatuses: OrderStatus[] = ['pending', 'awaiting_payment'];

/**
 * The orders placed since `from` that are not yet confirmed (their instant and total): what the
 * dashboard shows apart from revenue. Read through the (status, created_at) index; there are only
 * as many as wait for the merchant or a payment (a few hundred at most), not every order.
 */
export async function unconfirmedOrders(db: Q, from: string): Promise<{ createdAt: string; total: number }[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['created_at', 'total'])
    .where('status', 'in', unconfirmedStatuses)
    .where('created_at', '>=', from)
    .execute();
  return rows.map((r) => ({ createdAt: toIso(r.created_at), total: Number(r.total) }));
}

/** All-time number of orders per status (the status totals, added up over their shards). */
export async function countByStatus(db: Q): Promise<Map<OrderStatus, number>> {
  const rows = await db
    .selectFrom('order_status_totals')
    .select((eb) => ['status', eb.fn.sum<number | string>('orders').as('orders')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.orders)]));
}

/** A number of orders and their revenue (piastres). */
export interface OrdersAndRevenue {
  orders: number;
  revenue: number;
}

/** Payment states of orders paid online: the money came, and perhaps went back in part or whole since. */
const paidOnline = paymentStates.filter(wasPaidOnline);

/**
 * The orders placed since `from` (ISO instant) that were paid online and those paid cash on
 * delivery, cancelled and returned ones left out (as in revenue); online revenue is net of
 * refunds. Orders still waiting for an online payment, or whose payment expired, are in neither.
 *
 * The hourly totals know nothing of payments, so this reads the span's orders: SQLite walks
 * `orders_payment_state_created` state by state, PostgreSQL `orders_created`, each row then read
 * from the table. At a million orders over a year (spread as bench/admin-orders.mjs spreads them)
 * the last 30 days hold some 158,000: measured 0.13-0.2 s on SQLite and 0.12-0.18 s on PostgreSQL
 * on this shared 2-core machine. Reading only the orders paid online and taking the cash figures
 * from the hourly totals was tried: online orders lie among cash ones on the same table pages, so
 * it was slower (0.15 s plus 0.08 s for the cancelled ones on SQLite). Constant time would need a
 * payment column in the hourly totals (a migration and its triggers on both dialects).
 */
export async function paymentSplit(db: Q, from: string): Promise<{ online: OrdersAndRevenue; cod: OrdersAndRevenue }> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'payment_state',
      eb.fn.countAll<number | string>().as('orders'),
      eb.fn.sum<number | string>(eb('total', '-', eb.ref('refunded'))).as('revenue'),
    ])
    .where('payment_state', 'in', ['cod', ...paidOnline])
    .where('created_at', '>=', from)
    .where('status', 'not in', notRevenue)
    .groupBy('payment_state')
    .execute();
  const split = { online: { orders: 0, revenue: 0 }, cod: { orders: 0, revenue: 0 } };
  for (const r of rows) {
    const side = r.payment_state === 'cod' ? split.cod : split.online;
    side.orders += Number(r.orders);
    side.revenue += Number(r.revenue);
  }
  return split;
}

const nameColumn = (lng: Language) => (lng === 'ar' ? 'name_ar' : lng === 'fr' ? 'name_fr' : lng === 'de' ? 'name_de' : 'name_en');

/**
 * How many orders got each confirmation answer recorded since `from` (ISO instant), by their last
 * answer. Counted from the `orders_confirmation_at` index alone (migration 014): answers are
 * recorded by hand, so a period holds as many as the merchant's team answered, not every order.
 */
export async function confirmationAnswerCounts(db: Q, from: string): Promise<Record<ConfirmationAnswer, number>> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['confirmation', eb.fn.countAll<number | string>().as('orders')])
    .where('confirmation_at', '>=', from)
    .groupBy('confirmation')
    .execute();
  const counts = Object.fromEntries(confirmationAnswers.map((a) => [a, 0])) as Record<ConfirmationAnswer, number>;
  for (const r of rows) if (r.confirmation !== 'awaiting') counts[r.confirmation] = Number(r.orders);
  return counts;
}

/** Products' names in a language, English where it has none. */
export async function productNames(db: Q, ids: number[], lng: Language): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('products').select(['id', 'name_en', 'name_ar', 'name_fr', 'name_de']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r[nameColumn(lng)] || r.name_en]));
}

/**
 * Visible, not deleted products with at most `max` left, fewest first. A product with variants
 * has the sum of its variants' stock (as the storefront shows it).
 */
export async function lowStock(db: Q, max: number, limit: number, lng: Language): Promise<{ id: number; name: string; sku: string; stock: number }[]> {
  const variantStock = db
    .selectFrom('product_variants')
    .select((eb) => ['product_id', eb.fn.sum<number | string>('stock').as('stock')])
    .groupBy('product_id')
    .as('v');
  const stock = sql<number | string>`coalesce(v.stock, products.stock)`;
  const rows = await db
    .selectFrom('products')
    .leftJoin(variantStock, 'v.product_id', 'products.id')
    .select(['products.id', 'products.sku', 'products.name_en', 'products.name_ar', 'products.name_fr', 'products.name_de', stock.as('stock')])
    .where('products.visible', '=', 1)
    .where('products.deleted_at', 'is', null)
    .where(stock, '<=', max)
    .orderBy(stock)
    .orderBy('products.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r[nameColumn(lng)] || r.name_en, sku: r.sku, stock: Number(r.stock) }));
}

/**
 * The products sold most (by quantity) since `from` in orders neither cancelled nor returned. Whole
 * UTC days come from the daily product sales the triggers keep (a row per product and day); the
 * hours between `from` and the next UTC midnight (2 or 3 for a Cairo day) are summed from those
 * orders through the `created_at` index. Both are bounded whatever the number of orders.
 */
export async function bestSellers(
  db: Q,
  from: string,
  limit: number,
  lng: Language,
): Promise<{ productId: number; name: string; quantity: number; revenue: number }[]> {
  const start = Date.parse(from);
  const wholeDaysFrom = new Date(Math.ceil(start / 86_400_000) * 86_400_000).toISOString();
  const [days, edge] = await Promise.all([
    db
      .selectFrom('product_daily_sales')
      .where('day', '>=', wholeDaysFrom.slice(0, 10))
      .select((eb) => ['product_id', eb.fn.sum<number | string>('quantity').as('quantity'), eb.fn.sum<number | string>('revenue').as('revenue')])
      .groupBy('product_id')
      .execute(),
    start < Date.parse(wholeDaysFrom)
      ? db
          .selectFrom('orders')
          .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
          .where('orders.created_at', '>=', from)
          .where('orders.created_at', '<', wholeDaysFrom)
          .where('orders.status', 'not in', notRevenue)
          .select((eb) => [
            'order_lines.product_id',
            eb.fn.sum<number | string>('order_lines.quantity').as('quantity'),
            eb.fn.sum<number | string>('order_lines.line_total').as('revenue'),
          ])
          .groupBy('order_lines.product_id')
          .execute()
      : [],
  ]);
  const sold = new Map<number, { productId: number; quantity: number; revenue: number }>();
  for (const r of [...days, ...edge]) {
    const s = sold.get(r.product_id) ?? { productId: r.product_id, quantity: 0, revenue: 0 };
    s.quantity += Number(r.quantity);
    s.revenue += Number(r.revenue);
    sold.set(r.product_id, s);
  }
  const top = [...sold.values()]
    .filter((s) => s.quantity > 0)
    .sort((a, b) => b.quantity - a.quantity || b.revenue - a.revenue || a.productId - b.productId)
    .slice(0, limit);
  const names = await productNames(
    db,
    top.map((s) => s.productId),
    lng,
  );
  return top.map((s) => ({ ...s, name: names.get(s.productId) ?? '' }));
}

/** The most recent orders. */
export async function latestOrders(db: Q, limit: number) {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'number', 'customer_name', 'total', 'status', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number ?? '',
    customerName: r.customer_name,
    total: r.total,
    status: r.status,
    createdAt: toIso(r.created_at),
  }));
}

/** A product, or one variant of it, at or below the low-stock line. */
export interface LowStockLine {
  productId: number;
  name: string;
  color: string | null;
  size: string | null;
  stock: number;
}

/**
 * What to restock (the merchant's daily list, issue 16): visible, not deleted products sold
 * without options with at most `max` left, and each variant with at most `max` left, fewest first.
 * Unlike `lowStock` (the dashboard's products) a variant counts alone: the 100 ml running out is
 * news even when the 10 ml is plentiful.
 */
export async function lowStockLines(db: Q, max: number, limit: number, lng: Language): Promise<LowStockLine[]> {
  const names = ['products.name_en', 'products.name_ar', 'products.name_fr', 'products.name_de'] as const;
  const [plain, variants] = await Promise.all([
    db
      .selectFrom('products')
      .select(['products.id', ...names, 'products.stock'])
      .where('products.visible', '=', 1)
      .where('products.deleted_at', 'is', null)
      .where('products.stock', '<=', max)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('product_variants').select('product_variants.id').whereRef('product_variants.product_id', '=', 'products.id'))),
      )
      .orderBy('products.stock')
      .orderBy('products.id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select(['products.id', ...names, 'product_variants.color', 'product_variants.size', 'product_variants.stock'])
      .where('products.visible', '=', 1)
      .where('products.deleted_at', 'is', null)
      .where('product_variants.stock', '<=', max)
      .orderBy('product_variants.stock')
      .orderBy('product_variants.id')
      .limit(limit)
      .execute(),
  ]);
  const name = (r: (typeof plain)[number]) => r[nameColumn(lng)] || r.name_en;
  return [
    ...plain.map((r) => ({ productId: r.id, name: name(r), color: null, size: null, stock: Number(r.stock) })),
    ...variants.map((r) => ({ productId: r.id, name: name(r), color: r.color, size: r.size, stock: Number(r.stock) })),
  ]
    .sort((a, b) => a.stock - b.stock || a.productId - b.productId)
    .slice(0, limit);
}
