import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database, ReturnTable } from '../db/schema.js';
import type { Insertable, Selectable } from 'kysely';
import { stockMark } from './settings-repository.js';
import type { ReturnState } from '../../shared/domain/returns.js';
import type { AdminReturnsQuery } from '../../shared/schemas/returns.js';

type Q = Kysely<Database> | Transaction<Database>;
export type ReturnRow = Selectable<ReturnTable>;

/** A return's line with its order line's product and price. */
export interface ReturnLineRow {
  returnId: number;
  lineId: number;
  productId: number;
  variantId: number | null;
  name: string;
  color: string | null;
  size: string | null;
  unitPaid: number;
  quantity: number;
  restocked: number;
  receivedAt: string | Date | null;
}

export interface StoredReturnPhoto {
  base: string;
  width: number;
  height: number;
}

/** Per order line of the order, the units in returns that are not refused (they hold their quantities). */
export async function takenQuantities(db: Q, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('return_lines as l')
    .innerJoin('returns as r', 'r.id', 'l.return_id')
    .select(['l.order_line_id', (eb) => eb.fn.sum<number | string>('l.quantity').as('units')])
    .where('r.order_id', '=', orderId)
    .where('r.state', '!=', 'refused')
    .groupBy('l.order_line_id')
    .execute();
  return new Map(rows.map((r) => [r.order_line_id, Number(r.units)]));
}

/** How many returns the order has had: the next one's sequence is one more. */
export async function countOrderReturns(db: Q, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('returns')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Stores a return with its lines and photos; answers its id. */
export async function insertReturn(
  db: Q,
  row: Insertable<ReturnTable>,
  lines: ReadonlyArray<{ lineId: number; quantity: number }>,
  photos: readonly StoredReturnPhoto[],
): Promise<number> {
  const { id } = await db.insertInto('returns').values(row).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('return_lines')
    .values(lines.map((l) => ({ return_id: id, order_line_id: l.lineId, quantity: l.quantity })))
    .execute();
  if (photos.length)
    await db
      .insertInto('return_photos')
      .values(photos.map((p, position) => ({ return_id: id, position, ...p })))
      .execute();
  return id;
}

/** A return by id. */
export async function findReturn(db: Q, id: number): Promise<ReturnRow | undefined> {
  return db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An order's returns, oldest first (on `returns_order`). */
export async function orderReturnRows(db: Q, orderId: number): Promise<ReturnRow[]> {
  return db.selectFrom('returns').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** The lines of these returns with their order lines. */
export async function returnLinesOf(db: Q, returnIds: readonly number[]): Promise<ReturnLineRow[]> {
  if (!returnIds.length) return [];
  const rows = await db
    .selectFrom('return_lines as l')
    .innerJoin('order_lines as o', 'o.id', 'l.order_line_id')
    .select([
      'l.return_id',
      'l.order_line_id',
      'l.quantity',
      'l.restocked',
      'l.received_at',
      'o.product_id',
      'o.variant_id',
      'o.name',
      'o.color',
      'o.size',
      'o.unit_paid',
    ])
    .where('l.return_id', 'in', returnIds)
    .orderBy('l.return_id')
    .orderBy('l.order_line_id')
    .execute();
  return rows.map((r) => ({
    returnId: r.return_id,
    lineId: r.order_line_id,
    productId: r.product_id,
    variantId: r.variant_id,
    name: r.name,
    color: r.color,
    size: r.size,
    unitPaid: r.unit_paid,
    quantity: r.quantity,
    restocked: r.restocked,
    receivedAt: r.received_at,
  }));
}

/** The photos of these returns, in order, per return. */
export async function returnPhotosOf(db: Q, returnIds: readonly number[]): Promise<Map<number, StoredReturnPhoto[]>> {
  const out = new Map<number, StoredReturnPhoto[]>();
  if (!returnIds.length) return out;
  const rows = await db.selectFrom('return_photos').selectAll().where('return_id', 'in', returnIds).orderBy('return_id').orderBy('position').execute();
  for (const r of rows) out.set(r.return_id, [...(out.get(r.return_id) ?? []), { base: r.base, width: r.width, height: r.height }]);
  return out;
}

/**
 * Moves a return from `from` to `to` only if it is still in `from` (two admins clicking at once:
 * one wins); `set` writes the step's other columns with it. False when it had moved.
 */
export async function moveReturn(
  db: Q,
  id: number,
  from: ReturnState,
  to: ReturnState,
  now: string,
  set: Partial<Pick<ReturnTable, 'decision_note' | 'decided_by' | 'refund_amount' | 'refund_method' | 'exchange_order_id'>> = {},
): Promise<boolean> {
  const result = await db
    .updateTable('returns')
    .set({ ...set, state: to, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks a return's lines received with the units each puts back, only where no receipt was
 * recorded yet: answers how many lines this call marked (0 when another receipt came first).
 */
export async function markLinesReceived(db: Q, returnId: number, restock: ReadonlyMap<number, number>, now: string): Promise<number> {
  let marked = 0;
  for (const [lineId, quantity] of restock) {
    const result = await db
      .updateTable('return_lines')
      .set({ restocked: quantity, received_at: now })
      .where('return_id', '=', returnId)
      .where('order_line_id', '=', lineId)
      .where('received_at', 'is', null)
      .executeTakeFirst();
    marked += Number(result.numUpdatedRows);
  }
  return marked;
}

/**
 * Puts units back on the shelf (the variant's stock, or the product's without variants), in
 * product order as checkout takes them, marking the product for the other processes (decision
 * 019). Answers the products whose stock changed.
 */
export async function restockUnits(
  db: Q,
  dialect: Dialect,
  units: ReadonlyArray<{ productId: number; variantId: number | null; quantity: number }>,
): Promise<number[]> {
  const sorted = units.filter((u) => u.quantity > 0).sort((a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0));
  for (const u of sorted) {
    if (u.variantId)
      await db
        .updateTable('product_variants')
        .set((eb) => ({ stock: eb('stock', '+', u.quantity) }))
        .where('id', '=', u.variantId)
        .execute();
    await db
      .updateTable('products')
      .set((eb) => (u.variantId ? { stock_mark: stockMark(dialect) } : { stock: eb('stock', '+', u.quantity), stock_mark: stockMark(dialect) }))
      .where('id', '=', u.productId)
      .execute();
  }
  return [...new Set(sorted.map((u) => u.productId))];
}

/** Takes the refund of a received return for this call, unless another is under way; false when one is. */
export async function claimRefund(db: Q, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('returns')
    .set({ refund_claimed_at: now })
    .where('id', '=', id)
    .where('state', '=', 'received')
    .where('refund_claimed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lets the refund be tried again (the provider refused it). */
export async function releaseRefund(db: Q, id: number): Promise<void> {
  await db.updateTable('returns').set({ refund_claimed_at: null }).where('id', '=', id).where('state', '=', 'received').execute();
}

/** What returns of the order already handed back in cash (piastres); provider refunds are on the order's `refunded`. */
export async function cashRefunded(db: Q, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('returns')
    .select((eb) => eb.fn.sum<number | string | null>('refund_amount').as('total'))
    .where('order_id', '=', orderId)
    .where('refund_method', '=', 'cash')
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The merchant's list, newest first, on `returns_created` or `returns_state_created` (by order: `returns_order`). */
export async function listReturnRows(db: Q, q: AdminReturnsQuery) {
  let query = db
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'r.id',
      'r.number',
      'r.order_id',
      'r.kind',
      'r.state',
      'r.reason',
      'r.created_at',
      'r.updated_at',
      'o.number as order_number',
      'o.customer_name',
      (eb) =>
        eb
          .selectFrom('return_lines as l')
          .select((e) => e.fn.sum<number | string>('l.quantity').as('u'))
          .whereRef('l.return_id', '=', 'r.id')
          .as('units'),
    ]);
  if (q.state) query = query.where('r.state', '=', q.state);
  if (q.orderId) query = query.where('r.order_id', '=', q.orderId);
  return query
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
}

/** How many returns match, counted up to `cap` (decision 014: a list never counts a million rows). */
export async function countReturns(db: Q, q: AdminReturnsQuery, cap: number): Promise<number> {
  let inner = db.selectFrom('returns').select('id');
  if (q.state) inner = inner.where('state', '=', q.state);
  if (q.orderId) inner = inner.where('order_id', '=', q.orderId);
  const row = await db
    .selectFrom(inner.limit(cap).as('m'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The return whose exchange this order is, if any. */
export async function returnOfExchangeOrder(db: Q, orderId: number): Promise<{ id: number; number: string; orderId: number } | undefined> {
  const row = await db.selectFrom('returns').select(['id', 'number', 'order_id']).where('exchange_order_id', '=', orderId).executeTakeFirst();
  return row && { id: row.id, number: row.number, orderId: row.order_id };
}
