import { sql, type Kysely, type Transaction } from 'kysely';
import { toIso, type Dialect } from '../db/database.js';
import type { Database, OrderStatus } from '../db/schema.js';
import type { Language } from '../../shared/domain/languages.js';

type Q = Kysely<Database> | Transaction<Database>;

/** Statuses whose money the shop does not keep. */
const notRevenue: OrderStatus[] = ['cancelled', 'returned'];

export interface HourlySales {
  /** The UTC hour, `YYYY-MM-DDTHH`. */
  hour: string;
  orders: number;
  /** Piastres of orders neither cancelled nor returned. */
  revenue: number;
}

/**
 * Orders and revenue per UTC hour since `from` (ISO instant). At most 24 rows a day whatever the
 * volume: the range is read through the `created_at` index and summed in the database. Hours
 * rather than days because a Cairo day is not a UTC day; the caller assigns hours to days.
 */
export async function salesByHour(db: Q, dialect: Dialect, from: string): Promise<HourlySales[]> {
  // SQLite stores `toISOString()` text, so the first 13 characters are the UTC hour.
  const hour = dialect === 'postgres' ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24')` : sql<string>`substr(created_at, 1, 13)`;
  const rows = await db
    .selectFrom('orders')
    .where('created_at', '>=', from)
    .select((eb) => [
      hour.as('hour'),
      eb.fn.countAll<number | string>().as('orders'),
      eb.fn.sum<number | string | null>(eb.case().when('status', 'in', notRevenue).then(0).else(eb.ref('total')).end()).as('revenue'),
    ])
    .groupBy(hour)
    .execute();
  return rows.map((r) => ({ hour: r.hour, orders: Number(r.orders), revenue: Number(r.revenue ?? 0) }));
}

/** All-time number of orders per status (read from the status index). */
export async function countByStatus(db: Q): Promise<Map<OrderStatus, number>> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.count)]));
}

const nameColumn = (lng: Language) => (lng === 'ar' ? 'name_ar' : lng === 'fr' ? 'name_fr' : lng === 'de' ? 'name_de' : 'name_en');

/** Products' names in a language, English where it has none. */
async function productNames(db: Q, ids: number[], lng: Language): Promise<Map<number, string>> {
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

/** The products sold most (by quantity) since `from` in orders neither cancelled nor returned. */
export async function bestSellers(
  db: Q,
  from: string,
  limit: number,
  lng: Language,
): Promise<{ productId: number; name: string; quantity: number; revenue: number }[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .where('orders.created_at', '>=', from)
    .where('orders.status', 'not in', notRevenue)
    .select((eb) => [
      'order_lines.product_id',
      eb.fn.max('order_lines.name').as('line_name'),
      eb.fn.sum<number | string>('order_lines.quantity').as('quantity'),
      eb.fn.sum<number | string>('order_lines.line_total').as('revenue'),
    ])
    .groupBy('order_lines.product_id')
    .orderBy(sql`sum(order_lines.quantity)`, 'desc')
    .orderBy(sql`sum(order_lines.line_total)`, 'desc')
    .orderBy('order_lines.product_id')
    .limit(limit)
    .execute();
  const names = await productNames(
    db,
    rows.map((r) => r.product_id),
    lng,
  );
  return rows.map((r) => ({
    productId: r.product_id,
    name: names.get(r.product_id) ?? r.line_name,
    quantity: Number(r.quantity),
    revenue: Number(r.revenue),
  }));
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
