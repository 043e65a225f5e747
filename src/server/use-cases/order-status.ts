import { releasePromotions } from './promotions.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import {
  addStatusHistory,
  findOrder,
  findOrderNumberById,
  findOrderState,
  moveOrderStatus,
  restoreOrderStock,
  setConfirmation,
} from '../repositories/order-repository.js';
import { enqueueMessage } from '../repositories/outbox-repository.js';
import { closeUnpaidPayment } from '../repositories/payment-repository.js';
import { findUserContact } from '../repositories/user-repository.js';
import { messageOrderIn } from '../messages/message-order.js';
import type { OptionLabels } from '../messages/option-labels.js';
import type { OrderStatusMessage } from '../messages/kinds.js';
import { normalizeLanguage } from '../../shared/domain/languages.js';
import { productNames } from '../repositories/dashboard-repository.js';
import { canTransition, endsUnsold, isUndelivered, restoresStock, type OrderStatusValue } from '../../shared/domain/order-status.js';
import type { CourierReason } from '../../shared/domain/order-risk.js';
import { canRecordConfirmation, confirmationMessage, statusAfterAnswer, whatsappLink, type ConfirmationAnswer } from '../../shared/domain/cod-confirmation.js';
import { audit } from './audit.js';
import { inTransaction, type TransactionContext, type UseCaseContext } from './use-case.js';

/** The statuses a customer is told of by e-mail (issue 16). */
const toldStatuses: ReadonlySet<OrderStatusValue> = new Set(['confirmed', 'shipped', 'delivered', 'cancelled']);

/** The history note of a change: the admin's note, then the tracking note the customer was sent (500 characters at most). */
export function historyNote(note: string | null, trackingNote: string | null): string | null {
  if (!trackingNote) return note;
  const text = note ? `${note}\n${trackingNote}` : trackingNote;
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
}

/** An admin's move of an order: the status, a note for the history, and for 'shipped' the tracking note the customer is sent. */
export interface StatusChange {
  orderId: number;
  status: OrderStatusValue;
  note: string | null;
  trackingNote: string | null;
  /** For a parcel that came back (refused, returned): the courier's reason, required then. */
  courierReason?: CourierReason | null;
}

/**
 * Moves an order along the state machine in one transaction. The update is conditional on the
 * status it was read in, so two admins clicking at once cannot both succeed; cancelling, a refused
 * parcel and one returned to the shop return the stock exactly once (`stock_restored`).
 *
 * Rows are taken in the order checkout takes them: stock first, then the order (whose triggers
 * update the shared order totals, migration 007), then the stock version. A cancel that took the
 * totals before the stock could deadlock with a checkout holding that stock; PostgreSQL would
 * abort one of them, and such a conflict is run again.
 */
export async function changeOrderStatus(ctx: UseCaseContext, change: StatusChange): Promise<void> {
  const { orderId, status: to } = change;
  await inTransaction(
    ctx,
    async (tx) => {
      const order = await findOrderState(tx.trx, orderId);
      if (!order) throw new AppError(404, 'order_not_found', 'No such order.');
      await moveInTransaction(tx, { orderId, ...order }, to, {
        note: change.note,
        trackingNote: change.trackingNote,
        courierReason: change.courierReason ?? null,
      });
    },
    { retryConflicts: true },
  );
}

/**
 * The status change itself, inside the caller's transaction; `confirmation` is the answer that
 * caused it, if one did. Only a cancellation or return gives stock back, and only of the order's
 * products: those are the stock it says changed.
 */
async function moveInTransaction(
  tx: TransactionContext,
  order: { orderId: number; status: OrderStatusValue; stockRestored: boolean },
  to: OrderStatusValue,
  change: { note: string | null; trackingNote: string | null; confirmation?: ConfirmationAnswer; courierReason?: CourierReason | null },
): Promise<void> {
  const { trx } = tx;
  const { orderId } = order;
  const now = tx.now.toISOString();
  if (!canTransition(order.status, to)) throw new AppError(409, 'status_conflict', `An order that is ${order.status} cannot become ${to}.`);
  const courierReason = isUndelivered(to) ? (change.courierReason ?? null) : null;
  if (isUndelivered(to) && !courierReason) throw new AppError(400, 'validation', 'Say why the parcel came back.', { courierReason: 'reason_required' });
  const giveBack = restoresStock(to) && !order.stockRestored;
  // Given back before the move: if the move then finds the order moved meanwhile, the whole
  // transaction (this stock with it) rolls back.
  const restocked = giveBack ? await restoreOrderStock(trx, tx.shop.dialect, orderId) : [];
  if (!(await moveOrderStatus(trx, orderId, order.status, to, now, giveBack)))
    throw new AppError(409, 'status_conflict', 'The order changed meanwhile. Reload it and try again.');
  if (restocked.length) tx.after.stockChanged(restocked);
  // An order that did not become a sale (cancelled, refused, returned to shop) gives its promotions' uses back, once.
  if (endsUnsold(to)) await releasePromotions(tx, orderId);
  // An order cancelled while it waited for its online payment stops waiting: money that still comes is flagged.
  const paymentClosed = to === 'cancelled' && (await closeUnpaidPayment(trx, orderId, now));
  const trackingNote = to === 'shipped' ? change.trackingNote : null;
  await addStatusHistory(trx, {
    orderId,
    from: order.status,
    to,
    actorId: tx.actor.userId,
    note: historyNote(change.note, trackingNote),
    at: now,
    confirmation: change.confirmation ?? null,
    paymentState: paymentClosed ? 'expired' : null,
    courierReason,
  });
  const number = (await findOrderNumberById(trx, orderId)) ?? String(orderId);
  await audit(tx, {
    kind: 'order',
    action: 'status',
    subjectId: number,
    label: number,
    before: { status: order.status },
    after: {
      status: to,
      ...(change.note ? { note: change.note } : {}),
      ...(trackingNote ? { trackingNote } : {}),
      ...(change.confirmation ? { confirmation: change.confirmation } : {}),
      ...(courierReason ? { courierReason } : {}),
    },
  });
  // The customer's e-mail, in this transaction: it is written exactly when the change is.
  if (toldStatuses.has(to)) await enqueueStatusMail(tx, orderId, to as OrderStatusMessage['status'], trackingNote);
}

/**
 * Records the customer's answer to the WhatsApp confirmation (decision 022), in one transaction
 * with its history entry. "Confirmed" on a pending order also confirms the order through the status
 * change above (history, the customer's e-mail); a refusal only records: cancelling gives stock
 * back and tells the customer, so the merchant does it with the cancel button. Returns the
 * order's status after the answer.
 */
export async function recordConfirmation(ctx: UseCaseContext, { orderId, answer }: { orderId: number; answer: ConfirmationAnswer }): Promise<OrderStatusValue> {
  return inTransaction(
    ctx,
    async (tx) => {
      const order = await findOrderState(tx.trx, orderId);
      if (!order) throw new AppError(404, 'order_not_found', 'No such order.');
      if (!canRecordConfirmation(order.status)) throw new AppError(409, 'status_conflict', `An order that is ${order.status} is past its confirmation.`);
      const now = tx.now.toISOString();
      if (!(await setConfirmation(tx.trx, orderId, order.status, answer, now)))
        throw new AppError(409, 'status_conflict', 'The order changed meanwhile. Reload it and try again.');
      const to = statusAfterAnswer(order.status, answer);
      if (to) await moveInTransaction(tx, { orderId, ...order }, to, { note: null, trackingNote: null, confirmation: answer });
      else {
        await addStatusHistory(tx.trx, { orderId, from: order.status, to: order.status, actorId: tx.actor.userId, note: null, at: now, confirmation: answer });
        const number = (await findOrderNumberById(tx.trx, orderId)) ?? String(orderId);
        await audit(tx, { kind: 'order', action: 'confirmation', subjectId: number, label: number, before: null, after: { confirmation: answer } });
      }
      return to ?? order.status;
    },
    { retryConflicts: true },
  );
}

/** Writes the customer's e-mail about a status change, to the order's e-mail or else its account's; none when it has neither. */
async function enqueueStatusMail(tx: TransactionContext, orderId: number, status: OrderStatusMessage['status'], trackingNote: string | null) {
  const { trx } = tx;
  const number = await findOrderNumberById(trx, orderId);
  const order = number ? await findOrder(trx, number) : undefined;
  if (!order) return;
  const to = order.email ?? (order.userId !== null ? (await findUserContact(trx, { id: order.userId }))?.email : undefined);
  if (!to) return;
  const language = normalizeLanguage(order.language);
  await enqueueMessage(trx, {
    kind: 'order_status',
    to,
    language,
    origin: tx.origin,
    status,
    order: await messageOrderIn(trx, order, { labels: tx.shop.labels, language }),
    trackingNote,
    ...(status === 'delivered' ? { deliveredAt: tx.now.toISOString() } : {}),
  });
  tx.after.jobAdded();
}

type LinkOrder = Pick<
  NonNullable<Awaited<ReturnType<typeof findOrder>>>,
  'number' | 'customerName' | 'phone' | 'governorate' | 'city' | 'address' | 'total' | 'language' | 'lines'
>;

/**
 * The WhatsApp link that asks the customer to confirm (decision 022), written in the order's
 * language: products by their name in it (the name stored with the line when the product has
 * none, or is gone), options in the storefront's words. Null when the phone is not a mobile.
 */
export async function confirmationLink(db: Kysely<Database>, order: LinkOrder, labels: OptionLabels, shopName: string): Promise<string | null> {
  const language = normalizeLanguage(order.language);
  const names = await productNames(db, [...new Set(order.lines.map((l) => l.productId))], language);
  const lines = order.lines.map((l) => ({ name: names.get(l.productId) || l.name, options: labels.of(l.color, l.size, language), quantity: l.quantity }));
  return whatsappLink(order.phone, confirmationMessage({ ...order, lines }, language, shopName));
}
