import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { retryOnConflict } from '../db/errors.js';
import { addStatusHistory, findOrderState, moveOrderStatus, restoreOrderStock } from '../repositories/order-repository.js';
import { canTransition, restoresStock, type OrderStatusValue } from '../../shared/domain/order-status.js';
import { stockTransaction } from './catalog-service.js';
import type { Dialect } from '../db/database.js';

/**
 * Moves an order along the state machine in one transaction. The update is conditional on the
 * status it was read in, so two admins clicking at once cannot both succeed; cancelling returns
 * the stock exactly once (`stock_restored`). Returns the products whose stock came back.
 *
 * Rows are taken in the order checkout takes them: stock first, then the order (whose triggers
 * update the shared order totals, migration 007), then the stock version. A cancel that took the
 * totals before the stock could deadlock with a checkout holding that stock; PostgreSQL would
 * abort one of them, and such a conflict is run again.
 */
export async function changeOrderStatus(
  db: Kysely<Database>,
  dialect: Dialect,
  orderId: number,
  to: OrderStatusValue,
  actorId: number,
  note: string | null,
): Promise<number[]> {
  return retryOnConflict(() =>
    stockTransaction(
      db,
      dialect,
      async (trx) => {
        const order = await findOrderState(trx, orderId);
        if (!order) throw new AppError(404, 'order_not_found', 'No such order.');
        if (!canTransition(order.status, to)) throw new AppError(409, 'status_conflict', `An order that is ${order.status} cannot become ${to}.`);
        const giveBack = restoresStock(to) && !order.stockRestored;
        const now = new Date().toISOString();
        // Given back before the move: if the move then finds the order moved meanwhile, the whole
        // transaction (this stock with it) rolls back.
        const restocked = giveBack ? await restoreOrderStock(trx, dialect, orderId) : [];
        if (!(await moveOrderStatus(trx, orderId, order.status, to, now, giveBack)))
          throw new AppError(409, 'status_conflict', 'The order changed meanwhile. Reload it and try again.');
        await addStatusHistory(trx, { orderId, from: order.status, to, actorId, note, at: now });
        return restocked;
      },
      (restocked) => restocked.length > 0,
    ),
  );
}
