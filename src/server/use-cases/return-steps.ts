import { AppError, notFound } from '../errors.js';
import { sha256 } from '../hashing.js';
import { toIso } from '../db/database.js';
import { addStatusHistory, insertOrder, takeStock } from '../repositories/order-repository.js';
import { findOrderPayment, findPaidAttempt } from '../repositories/payment-repository.js';
import { putSetting } from '../repositories/settings-repository.js';
import {
  cashRefunded,
  claimRefund,
  countReturns,
  findReturn,
  listReturnRows,
  markLinesReceived,
  moveReturn,
  releaseRefund,
  restockUnits,
  returnLinesOf,
  returnOfExchangeOrder,
  returnPhotosOf,
  type ReturnLineRow,
  type ReturnRow,
} from '../repositories/return-repository.js';
import { audit } from './audit.js';
import { orderToken } from './checkout.js';
import { paymentsOf, refundPayment } from './payments.js';
import { noteOnOrder, orderNumbers, RETURN_WINDOW_KEY, returnWindowDays, shopperReturn, tellReturn } from './returns.js';
import { inTransaction, type TransactionContext, type UseCaseContext } from './use-case.js';
import { can } from '../../shared/domain/permissions.js';
import { refundableAmount } from '../../shared/domain/payments.js';
import { canMoveReturn, returnHistoryNote, returnRefundAmount, type ReturnState } from '../../shared/domain/returns.js';
import type { AdminReturn, AdminReturnList, AdminReturnsQuery, ReturnReceipt, ReturnRefundRequest, ReturnSettings } from '../../shared/schemas/returns.js';

// Returns and exchanges (issue 33, decision 043), the merchant's side: each step is one transaction
// that moves the return only from the state it was read in, notes it on the order's history, audits
// it and e-mails the shopper (but the receipt, which the shopper is not told of).

const conflict = () => new AppError(409, 'return_state_conflict', 'This return changed meanwhile. Reload it and try again.');

/** The return, read in the transaction, refused unless `kind` may move it from its state to `to`. */
async function returnFor(tx: TransactionContext, id: number, to: ReturnState): Promise<ReturnRow> {
  const ret = await findReturn(tx.trx, id);
  if (!ret) throw notFound('return_not_found', 'This return does not exist.');
  if (!canMoveReturn(ret.kind, ret.state, to)) throw conflict();
  return ret;
}

/** Moves the return, notes it on its order and in the activity log. */
async function move(
  tx: TransactionContext,
  ret: ReturnRow,
  to: ReturnState,
  set: Parameters<typeof moveReturn>[5] = {},
  details: Record<string, string | number | null> = {},
): Promise<ReturnRow> {
  if (!(await moveReturn(tx.trx, ret.id, ret.state, to, tx.now.toISOString(), set))) throw conflict();
  await noteOnOrder(tx, ret.order_id, to, ret.number);
  await audit(tx, { kind: 'return', action: to, subjectId: ret.number, label: ret.number, before: { state: ret.state }, after: { state: to, ...details } });
  return { ...ret, ...set, state: to };
}

/** The merchant accepts the request: the shopper is told to send the units back. */
export async function approveReturn(ctx: UseCaseContext, id: number, note: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const ret = await returnFor(tx, id, 'approved');
    const moved = await move(tx, ret, 'approved', { decision_note: note || null, decided_by: tx.actor.userId }, note ? { note } : {});
    await tellReturn(tx, moved, await returnLinesOf(tx.trx, [id]), 'approved');
  });
}

/** The merchant refuses the request with a reason the shopper reads; its units may be asked again. */
export async function refuseReturn(ctx: UseCaseContext, id: number, note: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const ret = await returnFor(tx, id, 'refused');
    const moved = await move(tx, ret, 'refused', { decision_note: note, decided_by: tx.actor.userId }, { note });
    await tellReturn(tx, moved, await returnLinesOf(tx.trx, [id]), 'refused');
  });
}

/**
 * The parcel came back: per line, the units that go back on the shelf (none for a line not named,
 * at most the line's quantity). The return moves from approved to received only once, and each
 * line is marked received only once, so two receipts at once restock once: the second finds the
 * return moved and rolls back.
 */
export async function receiveReturn(ctx: UseCaseContext, id: number, receipt: ReturnReceipt): Promise<void> {
  await inTransaction(
    ctx,
    async (tx) => {
      const ret = await returnFor(tx, id, 'received');
      const lines = await returnLinesOf(tx.trx, [id]);
      const restock = new Map(lines.map((l) => [l.lineId, 0]));
      for (const r of receipt.restock) {
        const line = lines.find((l) => l.lineId === r.lineId);
        if (!line) throw new AppError(400, 'return_line_unknown', 'This item is not part of this return.');
        if (r.quantity > line.quantity) throw new AppError(400, 'validation', 'More units than were returned.', { restock: 'return_too_many' });
        restock.set(r.lineId, r.quantity);
      }
      const restocked = [...restock.values()].reduce((a, b) => a + b, 0);
      await move(tx, ret, 'received', {}, { restocked });
      if ((await markLinesReceived(tx.trx, id, restock, tx.now.toISOString())) !== lines.length) throw conflict();
      const changed = await restockUnits(
        tx.trx,
        tx.shop.dialect,
        lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: restock.get(l.lineId) ?? 0 })),
      );
      if (changed.length) tx.after.stockChanged(changed);
    },
    { retryConflicts: true },
  );
}

/** What is left to give back on the order (piastres): its total less refunds through the provider and returns refunded in cash. */
async function leftOnOrder(db: UseCaseContext['db'] | TransactionContext['trx'], orderId: number): Promise<number> {
  const order = await findOrderPayment(db, { id: orderId });
  if (!order) return 0;
  return Math.max(0, order.total - order.refunded - (await cashRefunded(db, orderId)));
}

/** The refund a received return's page offers: its units' paid prices, at most what is left on the order. */
async function refundDue(db: UseCaseContext['db'] | TransactionContext['trx'], ret: ReturnRow, lines: readonly ReturnLineRow[]): Promise<number> {
  return returnRefundAmount(lines, await leftOnOrder(db, ret.order_id));
}

/** Whether the order was paid online with money left to refund through the provider. */
async function providerRefundable(ctx: UseCaseContext, orderId: number): Promise<boolean> {
  const order = await findOrderPayment(ctx.db, { id: orderId });
  if (!order || !paymentsOf(ctx.shop)) return false;
  const paid = await findPaidAttempt(ctx.db, orderId);
  return Boolean(paid?.transactionId) && paid?.method !== 'kiosk' && refundableAmount(order.state, order.total, order.refunded) > 0;
}

/**
 * Refunds a received return: by default its units' paid prices (computed here from the order's
 * lines, never taken from the browser), or less, never more than is left on the order. Cash handed
 * back is recorded in one transaction; through the provider, the refund is claimed first (one at a
 * time), Paymob is asked outside any transaction (payments.ts) and the return moves in the
 * transaction that records Paymob's refund. A provider refund also needs `payments.refund`.
 */
export async function refundReturn(ctx: UseCaseContext, id: number, request: ReturnRefundRequest): Promise<void> {
  const ret = await findReturn(ctx.db, id);
  if (!ret) throw notFound('return_not_found', 'This return does not exist.');
  if (!canMoveReturn(ret.kind, ret.state, 'refunded')) throw conflict();
  const lines = await returnLinesOf(ctx.db, [id]);
  const due = await refundDue(ctx.db, ret, lines);
  const amount = request.amount ?? due;
  if (amount <= 0 || amount > due) throw new AppError(400, 'validation', 'The refund is more than what is left to refund.', { amount: 'refund_too_much' });
  const finish = async (tx: TransactionContext) => {
    const current = await returnFor(tx, id, 'refunded');
    const moved = await move(tx, current, 'refunded', { refund_amount: amount, refund_method: request.method }, { amount, method: request.method });
    await tellReturn(tx, moved, lines, 'refunded', { refund: { amount, method: request.method } });
  };
  if (request.method === 'cash') {
    await inTransaction(ctx, async (tx) => {
      // Read again under the transaction: another refund of the order may have come meanwhile.
      if (amount > (await refundDue(tx.trx, ret, lines))) throw conflict();
      await finish(tx);
    });
    return;
  }
  if (!can(ctx.actor.role, 'payments.refund')) throw new AppError(403, 'forbidden', 'Your account may not refund through the payment provider.');
  if (!(await providerRefundable(ctx, ret.order_id)))
    throw new AppError(409, 'return_refund_method', 'This order was not paid online: hand the money back in cash.');
  if (!(await inTransaction(ctx, async (tx) => claimRefund(tx.trx, id, tx.now.toISOString()))))
    throw new AppError(409, 'return_refund_in_progress', 'A refund of this return is already under way.');
  try {
    await refundPayment(ctx, { orderId: ret.order_id, amount, reason: ret.number }, finish);
  } catch (err) {
    await inTransaction(ctx, async (tx) => releaseRefund(tx.trx, id));
    throw err;
  }
}

/**
 * Sends an exchange's replacement as a new order, linked both ways: the same customer, address
 * and language, the returned units at no price (the shopper paid for them once), cash on delivery
 * with nothing to collect, pending like any new order; its stock is taken as checkout takes it.
 */
export async function sendExchange(ctx: UseCaseContext, id: number): Promise<{ orderId: number; number: string }> {
  return inTransaction(
    ctx,
    async (tx) => {
      const ret = await returnFor(tx, id, 'exchanged');
      const lines = await returnLinesOf(tx.trx, [id]);
      const from = await tx.trx.selectFrom('orders').selectAll().where('id', '=', ret.order_id).executeTakeFirstOrThrow();
      const sold = await tx.trx
        .selectFrom('order_lines')
        .selectAll()
        .where(
          'id',
          'in',
          lines.map((l) => l.lineId),
        )
        .execute();
      const now = tx.now.toISOString();
      for (const l of [...sold].sort((a, b) => a.product_id - b.product_id || (a.variant_id ?? 0) - (b.variant_id ?? 0))) {
        const quantity = lines.find((x) => x.lineId === l.id)!.quantity;
        if (!(await takeStock(tx.trx, tx.shop.dialect, { productId: l.product_id, variantId: l.variant_id }, quantity)))
          throw new AppError(409, 'out_of_stock', `${l.name} is out of stock: the exchange cannot be sent yet.`);
      }
      const placed = await insertOrder(
        tx.trx,
        tx.shop.dialect,
        {
          userId: from.user_id,
          language: from.language,
          customerName: from.customer_name,
          phone: from.phone,
          email: from.email,
          governorate: from.governorate,
          city: from.city,
          address: from.address,
          notes: ret.number,
          subtotal: 0,
          discount: 0,
          shippingFee: 0,
          total: 0,
          idempotencyKey: null,
          requestHash: sha256(`exchange:${ret.number}`),
          paymentMethod: 'cod',
          paymentDueAt: null,
          lines: sold.map((l) => ({
            productId: l.product_id,
            variantId: l.variant_id,
            name: l.name,
            sku: l.sku,
            color: l.color,
            size: l.size,
            unitPrice: l.unit_price,
            discount: l.discount,
            unitPaid: 0,
            quantity: lines.find((x) => x.lineId === l.id)!.quantity,
            lineTotal: 0,
          })),
        },
        now,
        (n) => sha256(orderToken(tx.shop.secret, n)),
      );
      tx.after.stockChanged([...new Set(sold.map((l) => l.product_id))]);
      const moved = await move(tx, ret, 'exchanged', { exchange_order_id: placed.id }, { exchangeOrder: placed.number });
      await addStatusHistory(tx.trx, {
        orderId: placed.id,
        from: 'pending',
        to: 'pending',
        actorId: tx.actor.userId,
        note: returnHistoryNote('exchanged', ret.number),
        at: now,
      });
      await tellReturn(tx, moved, lines, 'exchanged', { exchangeOrderNumber: placed.number });
      return { orderId: placed.id, number: placed.number };
    },
    { retryConflicts: true },
  );
}

/** Returns counted up to this many for the list's pager (decision 014). */
const COUNT_CAP = 10_000;

/** The merchant's list: newest first, all or one state (or one order's), paged on an index. */
export async function listReturns(ctx: UseCaseContext, q: AdminReturnsQuery): Promise<AdminReturnList> {
  const [rows, total] = await Promise.all([listReturnRows(ctx.db, q), countReturns(ctx.db, q, COUNT_CAP)]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      number: r.number,
      orderId: r.order_id,
      orderNumber: r.order_number ?? '',
      customerName: r.customer_name,
      kind: r.kind,
      state: r.state,
      reason: r.reason,
      units: Number(r.units ?? 0),
      createdAt: toIso(r.created_at),
      updatedAt: toIso(r.updated_at),
    })),
    total,
    totalExact: total < COUNT_CAP,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** A return's page: the shopper's request, the order's payment and the refund it would give now. */
export async function adminReturn(ctx: UseCaseContext, id: number): Promise<AdminReturn> {
  const ret = await findReturn(ctx.db, id);
  if (!ret) throw notFound('return_not_found', 'This return does not exist.');
  const [lines, photos, order, exchanges, decider] = await Promise.all([
    returnLinesOf(ctx.db, [id]),
    returnPhotosOf(ctx.db, [id]),
    ctx.db.selectFrom('orders').select(['number', 'customer_name', 'phone', 'payment_method']).where('id', '=', ret.order_id).executeTakeFirstOrThrow(),
    orderNumbers(ctx.db, ret.exchange_order_id ? [ret.exchange_order_id] : []),
    ret.decided_by ? ctx.db.selectFrom('users').select('name').where('id', '=', ret.decided_by).executeTakeFirst() : undefined,
  ]);
  return {
    ...shopperReturn(ret, lines, photos.get(id) ?? [], ret.exchange_order_id ? (exchanges.get(ret.exchange_order_id) ?? null) : null),
    id,
    orderId: ret.order_id,
    orderNumber: order.number ?? '',
    customerName: order.customer_name,
    phone: order.phone,
    paymentMethod: order.payment_method,
    providerRefundable: ret.kind === 'return' && ret.state === 'received' ? await providerRefundable(ctx, ret.order_id) : false,
    refundDue: ret.kind === 'return' && ret.state === 'received' ? await refundDue(ctx.db, ret, lines) : 0,
    exchangeOrderId: ret.exchange_order_id,
    decidedBy: decider?.name ?? null,
  };
}

/** An order's returns and, for an exchange's order, the return it replaces: the admin order page links them. */
export async function orderReturnLinks(ctx: UseCaseContext, orderId: number) {
  const [list, exchangeFor] = await Promise.all([listReturns(ctx, { orderId, page: 1, pageSize: 100 }), returnOfExchangeOrder(ctx.db, orderId)]);
  return { returns: list.items, exchangeFor: exchangeFor ? { id: exchangeFor.id, number: exchangeFor.number } : null };
}

/** The return window the shop runs. */
export async function returnSettings(ctx: UseCaseContext): Promise<ReturnSettings> {
  return { windowDays: await returnWindowDays(ctx.db) };
}

/** Sets the return window (0 turns returns off); it applies to every delivered order from now on. */
export async function saveReturnSettings(ctx: UseCaseContext, settings: ReturnSettings): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = await returnWindowDays(tx.trx);
    await putSetting(tx.trx, RETURN_WINDOW_KEY, settings.windowDays);
    await audit(tx, { kind: 'settings', action: 'returns', subjectId: null, label: 'returns', before: { windowDays: before }, after: settings });
  });
}
