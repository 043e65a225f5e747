import { AppError, notFound } from '../errors.js';
import { toIso } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import { addStatusHistory, findOrder } from '../repositories/order-repository.js';
import { enqueueMessage } from '../repositories/outbox-repository.js';
import { findUserContact } from '../repositories/user-repository.js';
import { getSetting } from '../repositories/settings-repository.js';
import {
  countOrderReturns,
  insertReturn,
  orderReturnRows,
  returnLinesOf,
  returnPhotosOf,
  takenQuantities,
  type ReturnLineRow,
  type ReturnRow,
  type StoredReturnPhoto,
} from '../repositories/return-repository.js';
import { imageWidths, removeUpload, storeUpload } from '../services/image-upload-service.js';
import { messageOrderIn } from '../messages/message-order.js';
import type { ReturnUpdateMessage } from '../messages/kinds.js';
import { tokenMatches } from './checkout.js';
import { inTransaction, type TransactionContext, type UseCaseContext } from './use-case.js';
import { normalizeLanguage } from '../../shared/domain/languages.js';
import {
  canReturn,
  DEFAULT_RETURN_WINDOW_DAYS,
  MAX_RETURN_PHOTOS,
  returnableQuantities,
  returnHistoryNote,
  returnNumber,
  returnWindowEnd,
  type ReturnState,
} from '../../shared/domain/returns.js';
import type { OrderReturns, ReturnPhoto, ReturnRequest, ShopperReturn } from '../../shared/schemas/returns.js';

// Returns and exchanges (issue 33, decision 043), the shopper's side: what the order page shows and
// the request. The merchant's steps are in return-steps.ts.

/** The setting that holds the return window in days (0: returns off). */
export const RETURN_WINDOW_KEY = 'returns_window_days';

/** The return window in days (DEFAULT_RETURN_WINDOW_DAYS until the merchant sets it). */
export async function returnWindowDays(db: TransactionContext['trx'] | UseCaseContext['db']): Promise<number> {
  const value = await getSetting<number>(db, RETURN_WINDOW_KEY);
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : DEFAULT_RETURN_WINDOW_DAYS;
}

/**
 * The order its shopper opened: through its private link's token, or signed in as its owner. A
 * wrong token and a missing order get the same 404, as `GET /api/orders/:number` answers.
 */
export async function shopperOrder(ctx: UseCaseContext, number: string, token: string | undefined) {
  const order = await findOrder(ctx.db, number);
  const allowed = token ? tokenMatches(ctx.shop.secret, number, token) : ctx.actor.userId !== null && order?.userId === ctx.actor.userId;
  if (!order || !allowed) throw notFound('order_not_found', 'No order with this number and link.');
  return order;
}

/** An order's lines with their ids, and when it was delivered: what the return rule reads. */
async function returnableOrder(db: TransactionContext['trx'] | UseCaseContext['db'], orderId: number) {
  const order = await db.selectFrom('orders').select(['status', 'delivered_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('order_lines')
    .select(['id', 'name', 'color', 'size', 'quantity', 'unit_paid'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return { status: order.status, deliveredAt: order.delivered_at, lines };
}

const photoOf = (p: StoredReturnPhoto): ReturnPhoto => ({
  src: `${p.base}-${imageWidths.review[1]}.webp`,
  srcSet: imageWidths.review.map((w) => `${p.base}-${w}.webp ${w}w`).join(', '),
  width: p.width,
  height: p.height,
});

/** A return as its shopper sees it, from its row, lines and photos. */
export function shopperReturn(
  r: ReturnRow,
  lines: readonly ReturnLineRow[],
  photos: readonly StoredReturnPhoto[],
  exchangeOrderNumber: string | null,
): ShopperReturn {
  return {
    number: r.number,
    kind: r.kind,
    state: r.state,
    reason: r.reason,
    note: r.note,
    decisionNote: r.decision_note,
    refundAmount: r.refund_amount,
    refundMethod: r.refund_method,
    exchangeOrderNumber,
    lines: lines.map((l) => ({
      lineId: l.lineId,
      name: l.name,
      color: l.color,
      size: l.size,
      unitPaid: l.unitPaid,
      quantity: l.quantity,
      restocked: l.restocked,
    })),
    photos: photos.map(photoOf),
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
}

/** The numbers of these orders, by id (an exchange's new order). */
export async function orderNumbers(db: UseCaseContext['db'], ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('orders').select(['id', 'number']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.number ?? '']));
}

/** What the order page shows: whether a return may be asked now, of which units, and the order's returns. */
export async function orderReturns(ctx: UseCaseContext, number: string, token: string | undefined): Promise<OrderReturns> {
  const order = await shopperOrder(ctx, number, token);
  const [state, windowDays, taken, rows] = await Promise.all([
    returnableOrder(ctx.db, order.id),
    returnWindowDays(ctx.db),
    takenQuantities(ctx.db, order.id),
    orderReturnRows(ctx.db, order.id),
  ]);
  const ids = rows.map((r) => r.id);
  const [lines, photos, exchanges] = await Promise.all([
    returnLinesOf(ctx.db, ids),
    returnPhotosOf(ctx.db, ids),
    orderNumbers(
      ctx.db,
      rows.flatMap((r) => (r.exchange_order_id ? [r.exchange_order_id] : [])),
    ),
  ]);
  const left = returnableQuantities(state, taken);
  return {
    refusal: canReturn(state, ctx.now, windowDays, taken),
    windowEndsAt: state.deliveredAt && windowDays > 0 ? new Date(returnWindowEnd(state.deliveredAt, windowDays)).toISOString() : null,
    lines: state.lines.map((l) => ({
      lineId: l.id,
      name: l.name,
      color: l.color,
      size: l.size,
      quantity: l.quantity,
      returnable: left.get(l.id) ?? 0,
      unitPaid: l.unit_paid,
    })),
    returns: rows
      .map((r) =>
        shopperReturn(
          r,
          lines.filter((l) => l.returnId === r.id),
          photos.get(r.id) ?? [],
          r.exchange_order_id ? (exchanges.get(r.exchange_order_id) ?? null) : null,
        ),
      )
      .reverse(),
  };
}

const refusals = {
  returns_off: [409, 'returns_off', 'This shop does not take returns online: contact the shop.'],
  not_delivered: [409, 'return_not_delivered', 'A return can be asked once the order is delivered.'],
  window_closed: [409, 'return_window_closed', 'The time to ask for a return of this order has passed.'],
  nothing_left: [409, 'return_nothing_left', 'Every item of this order is already in a return.'],
} as const;

/**
 * The shopper asks a return or exchange of some units of a delivered order, within the window,
 * with up to three photos (checked and stored first, removed again if the request is refused).
 * The order's row is locked first, so two requests at once cannot both take the same units.
 */
export async function requestReturn(
  ctx: UseCaseContext,
  ask: { number: string; token: string | undefined; input: ReturnRequest; photos: readonly Buffer[] },
): Promise<ShopperReturn> {
  const order = await shopperOrder(ctx, ask.number, ask.token);
  if (ask.photos.length > MAX_RETURN_PHOTOS) throw new AppError(400, 'too_many_photos', `At most ${MAX_RETURN_PHOTOS} photos per return.`);
  const stored: StoredReturnPhoto[] = [];
  try {
    for (const data of ask.photos) {
      const image = await storeUpload(ctx.shop.pictures, data, 'review');
      stored.push({ base: image.base, width: image.width, height: image.height });
    }
    return await inTransaction(
      ctx,
      async (tx) => {
        const now = tx.now.toISOString();
        // The order's row lock orders concurrent requests of this order (PostgreSQL; SQLite has one writer).
        await tx.trx.updateTable('orders').set({ updated_at: now }).where('id', '=', order.id).execute();
        const state = await returnableOrder(tx.trx, order.id);
        const taken = await takenQuantities(tx.trx, order.id);
        const refusal = canReturn(state, tx.now, await returnWindowDays(tx.trx), taken);
        if (refusal) {
          const [status, code, message] = refusals[refusal];
          throw new AppError(status, code, message);
        }
        const left = returnableQuantities(state, taken);
        for (const l of ask.input.lines) {
          const free = left.get(l.lineId);
          if (free === undefined) throw new AppError(400, 'return_line_unknown', 'This item is not part of this order.');
          if (l.quantity > free) throw new AppError(409, 'return_too_many', 'More units than are left to return of this item.');
        }
        const number = returnNumber(order.number, (await countOrderReturns(tx.trx, order.id)) + 1);
        const id = await insertReturn(
          tx.trx,
          {
            order_id: order.id,
            number,
            kind: ask.input.kind,
            state: 'requested',
            reason: ask.input.reason,
            note: ask.input.note,
            created_at: now,
            updated_at: now,
          },
          ask.input.lines,
          stored,
        );
        await noteOnOrder(tx, order.id, 'requested', number);
        const row = (await tx.trx.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as ReturnRow;
        const lines = await returnLinesOf(tx.trx, [id]);
        await tellReturn(tx, row, lines, 'requested');
        return shopperReturn(row, lines, stored, null);
      },
      { retryConflicts: true },
    );
  } catch (err) {
    await Promise.all(stored.map((p) => removeUpload(ctx.shop.pictures, p.base, 'review')));
    if (isUniqueViolation(err))
      throw new AppError(409, 'return_state_conflict', 'Another return of this order was asked at the same time. Reload and try again.');
    throw err;
  }
}

/** The order's history entry of a return's step (the status stays; the note names the step and the return). */
export async function noteOnOrder(tx: TransactionContext, orderId: number, state: ReturnState, number: string): Promise<void> {
  const order = await tx.trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  await addStatusHistory(tx.trx, {
    orderId,
    from: order.status,
    to: order.status,
    actorId: tx.actor.userId,
    note: returnHistoryNote(state, number),
    at: tx.now.toISOString(),
  });
}

/**
 * The shopper's e-mail of a return's step, in the order's language, written in the step's
 * transaction; none when the order has no e-mail and no account. `order` in the message is the
 * exchange's new order when one was sent (its link is the one to follow), else the return's order.
 */
export async function tellReturn(
  tx: TransactionContext,
  ret: ReturnRow,
  lines: readonly ReturnLineRow[],
  step: ReturnUpdateMessage['step'],
  extra: { refund?: ReturnUpdateMessage['refund']; exchangeOrderNumber?: string } = {},
): Promise<void> {
  const number = (await tx.trx.selectFrom('orders').select('number').where('id', '=', ret.order_id).executeTakeFirst())?.number;
  const order = number ? await findOrder(tx.trx, number) : undefined;
  if (!order) return;
  const to = order.email ?? (order.userId !== null ? (await findUserContact(tx.trx, { id: order.userId }))?.email : undefined);
  if (!to) return;
  const language = normalizeLanguage(order.language);
  const shown = extra.exchangeOrderNumber ? ((await findOrder(tx.trx, extra.exchangeOrderNumber)) ?? order) : order;
  await enqueueMessage(
    tx.trx,
    {
      kind: 'return_update',
      to,
      language,
      origin: tx.origin,
      step,
      returnKind: ret.kind,
      returnNumber: ret.number,
      forOrder: order.number,
      order: await messageOrderIn(tx.trx, shown, { labels: tx.shop.labels, language }),
      lines: lines.map((l) => ({ name: l.name, options: tx.shop.labels.of(l.color, l.size, language), quantity: l.quantity })),
      note: ret.decision_note ?? '',
      ...extra,
    },
    tx.now,
  );
  tx.after.jobAdded();
}
