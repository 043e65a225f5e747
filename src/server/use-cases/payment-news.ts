import { releasePromotions } from './promotions.js';
import type { PaymobTransaction } from '../payments/paymob-hmac.js';
import { PaymobError } from '../payments/paymob-client.js';
import { addStatusHistory } from '../repositories/order-history-repository.js';
import { restoreOrderStock } from '../repositories/order-repository.js';
import {
  findAttempt,
  findOrderPayment,
  type AttemptRow,
  flagPayment,
  listAttempts,
  movePayment,
  recordTransaction,
  updateAttempt,
} from '../repositories/payment-repository.js';
import { flagOfSuccess, isUnpaid, nextPaymentState, type OnlineMethod } from '../../shared/domain/payments.js';
import { statusAfterPayment } from '../../shared/domain/order-status.js';
import { inTransaction, type UseCaseContext } from './use-case.js';
import { applyRefund, paymentCheckKind, paymentsOf, tellShopper } from './payments.js';
import { enqueueJob } from '../repositories/job-repository.js';

/**
 * The attempt a piece of Paymob news is about. Paymob signs its order id (`order.id`), not our
 * reference (`merchant_order_id`): the signed id decides, so a real signed callback replayed with
 * another order's reference cannot pay that order. The reference is trusted only for an attempt
 * whose Paymob order id was never learnt (the intention's answer lacked it), and must then match.
 */
export async function attemptOfNews(
  db: UseCaseContext['db'],
  news: { paymobOrderId: number | string; merchantOrderId: string | null },
): Promise<AttemptRow | undefined> {
  const bySigned = await findAttempt(db, { paymobOrderId: String(news.paymobOrderId) });
  if (bySigned) return news.merchantOrderId === null || news.merchantOrderId === bySigned.reference ? bySigned : undefined;
  const byReference = news.merchantOrderId ? await findAttempt(db, { reference: news.merchantOrderId }) : undefined;
  return byReference && byReference.paymobOrderId === null ? byReference : undefined;
}

/** What became of a piece of news from Paymob: the route logs it, the tests assert it. */
export type NewsOutcome = 'applied' | 'recorded' | 'duplicate' | 'unknown_order' | 'wrong_amount' | 'ignored';

/**
 * Applies a transaction Paymob reported, by its signed callback or by inquiry (the caller has
 * checked the signature or asked Paymob itself), in one transaction:
 * - found by its reference (our special_reference), else by Paymob's order id; unknown: nothing;
 * - a payment must carry the attempt's amount in EGP, else nothing changes (logged);
 * - each (transaction, outcome) is recorded once: a repeated, late or concurrent report finds it
 *   recorded and changes nothing, whichever process received it;
 * - success: awaiting/failed → paid, the order confirmed, the shopper told; after expiry the money
 *   is recorded and the order flagged (its stock was given back); a second payment is flagged;
 * - decline: the latest attempt's decline makes the payment failed and tells the shopper;
 * - pending (a kiosk code issued): the attempt keeps the code; the order waits;
 * - a refund or void (a child transaction): recorded and applied once (payments.ts applyRefund).
 */
export async function applyTransaction(ctx: UseCaseContext, txn: PaymobTransaction, source: 'callback' | 'inquiry'): Promise<NewsOutcome> {
  const attempt = await attemptOfNews(ctx.db, txn);
  const log = ctx.log.child({ transactionId: txn.id, reference: txn.merchantOrderId, source });
  if (!attempt) {
    log.warn('payments: news of a transaction for no order of this shop; nothing changed');
    return 'unknown_order';
  }
  if (txn.isRefund || txn.isVoid) {
    if (!txn.success) return 'ignored';
    const applied = await inTransaction(
      ctx,
      (tx) => applyRefund(tx, attempt.orderId, { transactionId: String(txn.id), amount: txn.amountCents, source, reason: null }),
      {
        retryConflicts: true,
      },
    );
    return applied ? 'applied' : 'duplicate';
  }
  // The paid transaction sent again after a refund or void: the refund's own transaction carries the news.
  if (txn.isRefunded || txn.isVoided) return 'ignored';
  if (txn.amountCents !== attempt.amount || txn.currency !== 'EGP') {
    log.error({ amount: txn.amountCents, currency: txn.currency, expected: attempt.amount }, 'payments: a transaction with the wrong amount; nothing changed');
    return 'wrong_amount';
  }
  const outcome = txn.success ? 'succeeded' : txn.pending ? 'pending' : 'failed';
  return inTransaction(
    ctx,
    async (tx) => {
      const now = tx.now.toISOString();
      const transactionId = String(txn.id);
      const fresh = await recordTransaction(
        tx.trx,
        {
          order_id: attempt.orderId,
          transaction_id: transactionId,
          kind: 'payment',
          outcome,
          amount: txn.amountCents,
          source,
          reason: null,
          actor_user_id: null,
        },
        now,
      );
      if (!fresh) return 'duplicate';
      await updateAttempt(
        tx.trx,
        attempt.id,
        { state: outcome, transactionId, billReference: txn.billReference, paymobOrderId: String(txn.paymobOrderId) },
        now,
      );
      const order = await findOrderPayment(tx.trx, { id: attempt.orderId });
      if (!order) return 'unknown_order';
      const history = { orderId: order.id, from: order.status, to: order.status, actorId: null, note: null, at: now, transactionId };
      if (outcome === 'pending') return 'recorded';
      if (outcome === 'failed') {
        const latest = (await listAttempts(tx.trx, order.id)).at(-1);
        const to = latest?.id === attempt.id ? nextPaymentState(order.state, { kind: 'failed' }) : null;
        if (to === null || !(await movePayment(tx.trx, order.id, order.state, to, now))) return 'recorded';
        await addStatusHistory(tx.trx, { ...history, paymentState: to });
        await tellShopper(tx, order, (o, base) => ({ ...base, kind: 'payment_failed', order: o }));
        return 'applied';
      }
      const flag = flagOfSuccess(order.state);
      const to = nextPaymentState(order.state, { kind: 'succeeded' });
      if (to === null) {
        // Paid twice (two attempts both went through): the money is recorded, the merchant told by the flag.
        await flagPayment(tx.trx, order.id, 'paid_twice', now);
        await addStatusHistory(tx.trx, { ...history, paymentState: order.state, note: 'paid_twice' });
        return 'recorded';
      }
      const confirm = order.status === 'awaiting_payment';
      const moved = await movePayment(tx.trx, order.id, order.state, to, now, {
        method: attempt.method,
        dueAt: null,
        flag,
        ...(confirm ? { status: { from: 'awaiting_payment' as const, to: statusAfterPayment.paid } } : {}),
      });
      // Moved between the read and the update (another process): roll back, the sender tries again.
      if (!moved) throw new Error('payments: the order moved while its payment was applied');
      await addStatusHistory(tx.trx, { ...history, to: confirm ? statusAfterPayment.paid : order.status, paymentState: to, note: flag });
      // Money for an order already released is the merchant's to settle (refund, or restock by hand): the shopper is not told "received" for it.
      if (!flag) await tellShopper(tx, order, (o, base) => ({ ...base, kind: 'payment_received', method: attempt.method as OnlineMethod, order: o }));
      return 'applied';
    },
    { retryConflicts: true },
  );
}

/** Asks for an attempt's payment check now (the shopper came back saying the bank said yes): once per attempt. */
export async function checkSoon(ctx: UseCaseContext, attempt: { orderId: number; reference: string }): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const queued = await enqueueJob(tx.trx, { kind: paymentCheckKind, payload: attempt, uniqueKey: `${paymentCheckKind}:${attempt.reference}:return` }, tx.now);
    if (queued) tx.after.jobAdded();
  });
}

/**
 * The payment check (jobs/payment-check.ts): asks Paymob about the attempt if it is still open (so
 * a lost callback never leaves a paid order unpaid), then releases the order if its time ran out
 * unpaid. Returns when to look again, or null when the attempt needs no more looking at.
 */
export async function checkPayment(ctx: UseCaseContext, input: { orderId: number; reference: string }): Promise<Date | null> {
  const payments = paymentsOf(ctx.shop);
  const attempt = await findAttempt(ctx.db, { reference: input.reference });
  if (payments && attempt && (attempt.state === 'created' || attempt.state === 'pending')) {
    try {
      const txn = await payments.client.inquire({ merchantOrderId: input.reference });
      if (txn) await applyTransaction(ctx, txn, 'inquiry');
    } catch (err) {
      if (!(err instanceof PaymobError)) throw err;
      ctx.log.warn({ err, reference: input.reference }, 'payments: transaction inquiry failed; trying again later');
    }
  }
  const order = await findOrderPayment(ctx.db, { id: input.orderId });
  if (!order || !isUnpaid(order.state) || order.status !== 'awaiting_payment' || !order.dueAt) return null;
  const due = Date.parse(order.dueAt);
  if (due <= ctx.now.getTime()) {
    await expirePayment(ctx, order.id);
    return null;
  }
  return new Date(Math.min(due, ctx.now.getTime() + 5 * 60_000));
}

/**
 * Releases an order whose online payment did not come in time: cancelled, its stock given back
 * exactly once (the status and the payment move only from where they were read, and stock only
 * if not given back before), the history noting why. Nothing when it was paid or moved meanwhile.
 */
export async function expirePayment(ctx: UseCaseContext, orderId: number): Promise<boolean> {
  return inTransaction(
    ctx,
    async (tx) => {
      const order = await findOrderPayment(tx.trx, { id: orderId });
      if (!order || order.status !== 'awaiting_payment' || !order.dueAt || Date.parse(order.dueAt) > tx.now.getTime()) return false;
      const to = nextPaymentState(order.state, { kind: 'expired' });
      if (to === null) return false;
      const now = tx.now.toISOString();
      const restocked = order.stockRestored ? [] : await restoreOrderStock(tx.trx, tx.shop.dialect, orderId);
      const moved = await movePayment(tx.trx, orderId, order.state, to, now, {
        status: { from: 'awaiting_payment', to: statusAfterPayment.expired },
        stockRestored: true,
      });
      // Another process expired (or paid) it meanwhile: roll back the stock given back above.
      if (!moved) throw new MovedMeanwhile();
      if (restocked.length) tx.after.stockChanged(restocked);
      await releasePromotions(tx, orderId);
      await addStatusHistory(tx.trx, {
        orderId,
        from: 'awaiting_payment',
        to: statusAfterPayment.expired,
        actorId: null,
        note: 'payment_expired',
        at: now,
        paymentState: to,
      });
      return true;
    },
    { retryConflicts: true },
  ).catch((err: unknown) => {
    if (err instanceof MovedMeanwhile) return false;
    throw err;
  });
}

/** Thrown inside a transaction to roll it back when the order moved between its read and its update. */
class MovedMeanwhile extends Error {}
