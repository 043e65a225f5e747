import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { canTransition, restoresStock, type OrderStatusValue } from '../../shared/domain/order-status.js';
import { bumpStockVersion } from './catalog-service.js';

/**
 * Moves an order along the state machine in one transaction. The update is conditional on the
 * status it was read in, so two admins clicking at once cannot both succeed; cancelling returns
 * the stock exactly once (`stock_restored`). Returns the products whose stock came back.
 */
export async function changeOrderStatus(db: Kysely<Database>, orderId: number, to: OrderStatusValue, actorId: number, note: string | null): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select(['id', 'status', 'stock_restored']).where('id', '=', orderId).executeTakeFirst();
    if (!order) throw new AppError(404, 'order_not_found', 'No such order.');
    if (!canTransition(order.status, to)) throw new AppError(409, 'status_conflict', `An order that is ${order.status} cannot become ${to}.`);
    const giveBack = restoresStock(to) && order.stock_restored === 0;
    const now = new Date().toISOString();
    const updated = await trx
      .updateTable('orders')
      .set({ status: to, updated_at: now, ...(giveBack ? { stock_restored: 1 } : {}) })
      .where('id', '=', orderId)
      .where('status', '=', order.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, 'status_conflict', 'The order changed meanwhile. Reload it and try again.');
    let restocked: number[] = [];
    if (giveBack) {
      const lines = await trx.selectFrom('order_lines').select(['product_id', 'variant_id', 'quantity']).where('order_id', '=', orderId).execute();
      for (const l of lines) {
        if (l.variant_id)
          await trx
            .updateTable('product_variants')
            .set({ stock: sql`stock + ${l.quantity}` })
            .where('id', '=', l.variant_id)
            .execute();
        else
          await trx
            .updateTable('products')
            .set({ stock: sql`stock + ${l.quantity}` })
            .where('id', '=', l.product_id)
            .execute();
      }
      await bumpStockVersion(trx);
      restocked = [...new Set(lines.map((l) => l.product_id))];
    }
    await trx
      .insertInto('order_status_history')
      .values({ order_id: orderId, from_status: order.status, to_status: to, actor_user_id: actorId, note, created_at: now })
      .execute();
    return restocked;
  });
}
