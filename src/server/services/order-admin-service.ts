import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { addStatusHistory, findOrderState, moveOrderStatus, restoreOrderStock } from '../repositories/order-repository.js';
import { canTransition, restoresStock, type OrderStatusValue } from '../../shared/domain/order-status.js';
import { stockTransaction } from './catalog-service.js';
import type { Dialect } from '../db/database.js';

/**
 * Moves an order along the state machine in one transaction. The update is conditional on the
 * status it was read in, so two admins clicking at once cannot both succeed; cancelling returns
 * the stock exactly once (`stock_restored`). Returns the products whose stock came back.
 */
export async function changeOrderStatus(
  db: Kysely<Database>,
  dialect: Dialect,
  orderId: number,
  to: OrderStatusValue,
  actorId: number,
  note: string | null,
): Promise<number[]> {
  return stockTransaction(db, dialect, async (trx) => {
    const order = await findOrderState(trx, orderId);
    if (!order) throw new AppError(404, 'order_not_found', 'No such order.');
    if (!canTransition(order.status, to)) throw new AppError(409, 'status_conflict', `An order that is ${order.status} cannot become ${to}.`);
    const giveBack = restoresStock(to) && !order.stockRestored;
    const now = new Date().toISOString();
    if (!(await moveOrderStatus(trx, orderId, order.status, to, now, giveBack)))
      throw new AppError(409, 'status_conflict', 'The order changed meanwhile. Reload it and try again.');
    let restocked: number[] = [];
    if (giveBack) {
      restocked = await restoreOrderStock(trx, orderId);
    }
    await addStatusHistory(trx, { orderId, from: order.status, to, actorId, note, at: now });
    return restocked;
  });
}
