import crypto from 'node:crypto';
import { AppError } from '../errors.js';
import type { PaymobSettings } from '../config.js';
import { PaymobClient, PaymobError } from '../payments/paymob-client.js';
import { findOrder } from '../repositories/order-repository.js';
import { addStatusHistory } from '../repositories/order-history-repository.js';
import {
  findOrderPayment,
  findPaidAttempt,
  insertAttempt,
  listAttempts,
  movePayment,
  noteRefundReason,
  recordTransaction,
  setAttemptIntention,
  updateAttempt,
  type OrderPaymentRow,
} from '../repositories/payment-repository.js';
import { enqueueJob } from '../repositories/job-repository.js';
import { jobKinds } from '../jobs/registry.js';
import { enqueueMessage } from '../repositories/outbox-repository.js';
import { findUserContact } from '../repositories/user-repository.js';
import { messageOrderIn } from '../messages/message-order.js';
import { normalizeLanguage } from '../../shared/domain/languages.js';
import { statusAfterPayment } from '../../shared/domain/order-status.js';
import {
  isOnlineMethod,
  isUnpaid,
  nextPaymentState,
  onlineMethods,
  refundableAmount,
  type OnlineMethod,
  type PaymentMethod,
} from '../../shared/domain/payments.js';
import type { ShopContext } from '../context.js';
import { inTransaction, type TransactionContext, type UseCaseContext } from './use-case.js';
import { audit } from './audit.js';

/** The job that asks Paymob about an attempt and releases an order not paid in time (jobs/payment-check.ts). */
export const paymentCheckKind = jobKinds.paymentCheck;
/** The first inquiry, a few minutes after the shopper left for Paymob: time for the callback to arrive by itself. */
export const firstCheckAfterMs = 3 * 60_000;
/** At most this many tries at paying one order online: each makes a Paymob intention. */
export const maxAttempts = 10;

/** The shop's Paymob, when configured: its settings and the client that talks to it. */
export interface Payments {
  settings: PaymobSettings;
  client: PaymobClient;
}

const gateways = new WeakMap<ShopContext, Payments | null>();

/** This shop's Paymob, made once from its configuration; undefined when online payment is not configured. */
export function paymentsOf(shop: ShopContext): Payments | undefined {
  let made = gateways.get(shop);
  if (made === undefined) {
    const settings = shop.config.paymob;
    made = settings ? { settings, client: new PaymobClient(settings) } : null;
    gateways.set(shop, made);
  }
  return made ?? undefined;
}

/** The ways to pay this shop offers: cash on delivery, then each online method with an integration. */
export function offeredMethods(shop: ShopContext): PaymentMethod[] {
  const integrations = shop.config.paymob?.integrations ?? {};
  return ['cod', ...onlineMethods.filter((m) => integrations[m] !== undefined)];
}

/** Refuses a method the shop does not offer (a stale page, a hand-made request). */
export function assertOffered(shop: ShopContext, method: PaymentMethod): void {
  if (!offeredMethods(shop).includes(method))
    throw new AppError(400, 'payment_unavailable', 'This way of paying is not offered by the shop.', { paymentMethod: 'payment_unavailable' });
}

/** When an order placed or paid again now stops waiting for its money. */
export const paymentDueAt = (shop: ShopContext, now: Date) => new Date(now.getTime() + shop.config.paymentExpiryMinutes * 60_000).toISOString();

/**
 * Starts paying an order online: an attempt (its own reference) and its check job in one
 * transaction, then Paymob's intention over the network, outside any transaction. Returns where
 * to send the shopper (Unified Checkout), or null when Paymob could not be reached or refused: the
 * order then shows "payment failed", with another try or cash on delivery on its page.
 */
export async function startPayment(ctx: UseCaseContext, orderId: number, method: OnlineMethod): Promise<string | null> {
  const payments = paymentsOf(ctx.shop);
  const integration = payments?.settings.integrations[method];
  if (!payments || integration === undefined) throw new AppError(400, 'payment_unavailable', 'This way of paying is not offered by the shop.');
  const order = await findOrderPayment(ctx.db, { id: orderId });
  if (!order) throw new AppError(404, 'order_not_found', 'No such order.');
  const reference = `${order.number}-${crypto.randomBytes(4).toString('hex')}`;
  const now = ctx.now.toISOString();
  const attemptId = await inTransaction(ctx, async (tx) => {
    const id = await insertAttempt(tx.trx, { orderId, method, reference, amount: order.total }, now);
    await enqueueJob(
      tx.trx,
      {
        kind: paymentCheckKind,
        payload: { orderId, reference },
        uniqueKey: `${paymentCheckKind}:${reference}`,
        runAt: new Date(ctx.now.getTime() + firstCheckAfterMs),
      },
      ctx.now,
    );
    tx.after.jobAdded();
    return id;
  });
  const full = await findOrder(ctx.db, order.number);
  if (!full) throw new AppError(404, 'order_not_found', 'No such order.');
  const email = full.email ?? (full.userId !== null ? (await findUserContact(ctx.db, { id: full.userId }))?.email : undefined) ?? '';
  const [firstName, ...rest] = full.customerName.trim().split(/\s+/);
  try {
    const intention = await payments.client.createIntention({
      amountCents: order.total,
      integrationIds: [integration],
      items: [
        ...full.lines.map((l) => ({ name: l.name.slice(0, 50), amountCents: l.unitPaid, quantity: l.quantity })),
        ...(full.shippingFee ? [{ name: 'Delivery', amountCents: full.shippingFee, quantity: 1 }] : []),
      ],
      billing: {
        firstName: firstName || full.customerName,
        lastName: rest.join(' ') || firstName || full.customerName,
        email,
        phone: full.phone,
        city: full.city,
        state: full.governorate,
        street: full.address,
        country: 'EG',
      },
      specialReference: reference,
      notificationUrl: `${ctx.origin}/api/payments/paymob/callback`,
      redirectionUrl: `${ctx.origin}/payments/paymob/return`,
      expirationSeconds: order.dueAt ? Math.max(60, Math.round((Date.parse(order.dueAt) - ctx.now.getTime()) / 1000)) : undefined,
    });
    await setAttemptIntention(
      ctx.db,
      attemptId,
      {
        intentionId: intention.intentionId,
        clientSecret: intention.clientSecret,
        paymobOrderId: intention.paymobOrderId === null ? null : String(intention.paymobOrderId),
      },
      now,
    );
    return payments.client.checkoutUrl(intention.clientSecret);
  } catch (err) {
    if (!(err instanceof PaymobError)) throw err;
    ctx.log.error({ err, orderId, reference }, 'payments: Paymob did not make the intention; the order waits as payment failed');
    await inTransaction(ctx, async (tx) => {
      await updateAttempt(tx.trx, attemptId, { state: 'not_started' }, now);
      const current = await findOrderPayment(tx.trx, { id: orderId });
      if (current?.state === 'awaiting_payment' && (await movePayment(tx.trx, orderId, 'awaiting_payment', 'payment_failed', now)))
        await addStatusHistory(tx.trx, {
          orderId,
          from: current.status,
          to: current.status,
          actorId: null,
          note: 'payment_not_started',
          at: now,
          paymentState: 'payment_failed',
        });
    });
    return null;
  }
}

/** Where an attempt already made sends the shopper (a retried checkout gets the same page), or null. */
export async function pendingCheckoutUrl(ctx: UseCaseContext, orderId: number): Promise<string | null> {
  const payments = paymentsOf(ctx.shop);
  if (!payments) return null;
  const attempts = await listAttempts(ctx.db, orderId);
  const last = attempts.at(-1);
  return last?.state === 'created' && last.clientSecret ? payments.client.checkoutUrl(last.clientSecret) : null;
}

/**
 * The shopper's choice on an unpaid order's page: pay again online (a new attempt, the deadline
 * moved on) or cash on delivery instead (the order goes on as any cash order: pending, to confirm).
 */
export async function choosePayment(ctx: UseCaseContext, number: string, method: PaymentMethod): Promise<string | null> {
  assertOffered(ctx.shop, method);
  const order = await findOrderPayment(ctx.db, { number });
  if (!order) throw new AppError(404, 'order_not_found', 'No such order.');
  if (!isUnpaid(order.state) || order.status !== 'awaiting_payment')
    throw new AppError(409, 'payment_closed', 'This order is no longer waiting for a payment.');
  const now = ctx.now.toISOString();
  if (!isOnlineMethod(method)) {
    await inTransaction(ctx, async (tx) => {
      const to = nextPaymentState(order.state, { kind: 'switched_to_cod' });
      const moved =
        to !== null &&
        (await movePayment(tx.trx, order.id, order.state, to, now, {
          status: { from: 'awaiting_payment', to: statusAfterPayment.switchedToCod },
          method: 'cod',
          dueAt: null,
        }));
      if (!moved) throw new AppError(409, 'payment_closed', 'The order changed meanwhile. Reload it and try again.');
      await addStatusHistory(tx.trx, {
        orderId: order.id,
        from: 'awaiting_payment',
        to: statusAfterPayment.switchedToCod,
        actorId: tx.actor.userId,
        note: null,
        at: now,
        paymentState: 'cod',
      });
    });
    return null;
  }
  if ((await listAttempts(ctx.db, order.id)).length >= maxAttempts)
    throw new AppError(409, 'too_many_payment_attempts', 'This order was tried too many times online. Choose cash on delivery or contact the shop.');
  await inTransaction(ctx, async (tx) => {
    const to = nextPaymentState(order.state, { kind: 'retried' });
    if (to === null || !(await movePayment(tx.trx, order.id, order.state, to, now, { method, dueAt: paymentDueAt(ctx.shop, ctx.now) })))
      throw new AppError(409, 'payment_closed', 'The order changed meanwhile. Reload it and try again.');
    if (order.state !== to)
      await addStatusHistory(tx.trx, {
        orderId: order.id,
        from: order.status,
        to: order.status,
        actorId: tx.actor.userId,
        note: null,
        at: now,
        paymentState: to,
      });
  });
  return startPayment(ctx, order.id, method);
}

/**
 * An admin's refund of part or all of what was paid online: Paymob's refund API first (over the
 * network, outside any transaction), then its answer recorded once with the order's refunded
 * amount and state, the history and the shopper's e-mail. A refund Paymob's callback reported
 * first is not counted twice (the transaction is recorded once).
 */
export async function refundPayment(
  ctx: UseCaseContext,
  input: { orderId: number; amount: number; reason: string },
  /** Another write that commits with the recorded refund (a return's step), which then tells the shopper itself. */
  also?: (tx: TransactionContext) => Promise<void>,
) {
  const payments = paymentsOf(ctx.shop);
  const order = await findOrderPayment(ctx.db, { id: input.orderId });
  if (!order) throw new AppError(404, 'order_not_found', 'No such order.');
  const refundable = refundableAmount(order.state, order.total, order.refunded);
  const paid = await findPaidAttempt(ctx.db, order.id);
  if (!payments || !paid?.transactionId || refundable === 0)
    throw new AppError(409, 'refund_impossible', 'Nothing paid online is left to refund on this order.');
  if (paid.method === 'kiosk') throw new AppError(409, 'refund_impossible', 'Paymob cannot refund a kiosk payment: give the money back another way.');
  if (input.amount > refundable) throw new AppError(400, 'validation', 'The refund is more than what is left to refund.', { amount: 'refund_too_much' });
  let refund;
  try {
    refund = await payments.client.refund(Number(paid.transactionId), input.amount);
  } catch (err) {
    if (!(err instanceof PaymobError)) throw err;
    ctx.log.error({ err, orderId: order.id }, 'payments: Paymob refused the refund');
    throw new AppError(502, 'refund_refused', `Paymob did not make the refund${err.detail ? `: ${err.detail}` : ''}.`);
  }
  if (!refund.success) throw new AppError(502, 'refund_refused', `Paymob did not make the refund${refund.message ? `: ${refund.message}` : ''}.`);
  return inTransaction(
    ctx,
    async (tx) => {
      const before = await findOrderPayment(tx.trx, { id: order.id });
      await applyRefund(tx, order.id, {
        transactionId: String(refund.id),
        amount: refund.amountCents,
        source: 'admin',
        reason: input.reason,
        quiet: Boolean(also),
      });
      if (also) await also(tx);
      const after = await findOrderPayment(tx.trx, { id: order.id });
      await audit(tx, {
        kind: 'payment',
        action: 'refund',
        subjectId: order.number,
        label: order.number,
        before: { paymentState: before!.state, refunded: before!.refunded },
        after: { paymentState: after!.state, refunded: after!.refunded, amount: refund.amountCents, reason: input.reason, transactionId: String(refund.id) },
      });
      return { paymentState: after!.state, refundable: refundableAmount(after!.state, after!.total, after!.refunded) };
    },
    { retryConflicts: true },
  );
}

/**
 * Records a refund once and applies it to the order (refunded amount, state, history, e-mail).
 * From the admin's button or from Paymob's callback of the refund's transaction, whichever comes
 * first; the second finds it recorded and changes nothing.
 */
export async function applyRefund(
  tx: TransactionContext,
  orderId: number,
  refund: { transactionId: string; amount: number; source: 'admin' | 'callback' | 'inquiry'; reason: string | null; quiet?: boolean },
): Promise<boolean> {
  const now = tx.now.toISOString();
  const recorded = await recordTransaction(
    tx.trx,
    {
      order_id: orderId,
      transaction_id: refund.transactionId,
      kind: 'refund',
      outcome: 'succeeded',
      amount: refund.amount,
      source: refund.source,
      reason: refund.reason,
      actor_user_id: refund.source === 'admin' ? tx.actor.userId : null,
    },
    now,
  );
  if (!recorded) {
    // Paymob's callback of this refund came first: it is applied; the admin's reason and name are kept with it.
    if (refund.source === 'admin') await noteRefundReason(tx.trx, refund.transactionId, refund.reason, tx.actor.userId);
    return false;
  }
  const order = await findOrderPayment(tx.trx, { id: orderId });
  if (!order) return false;
  const to = nextPaymentState(order.state, { kind: 'refunded', amount: refund.amount, refundedBefore: order.refunded, total: order.total });
  if (to === null) {
    tx.log.warn({ orderId, refund }, 'payments: a refund does not fit the order (more than was paid, or nothing paid): recorded, order unchanged');
    return false;
  }
  const refunded = order.refunded + refund.amount;
  if (!(await movePayment(tx.trx, orderId, order.state, to, now, { refunded: { from: order.refunded, to: refunded } })))
    throw new AppError(409, 'payment_conflict', 'The order changed meanwhile. Try again.');
  await addStatusHistory(tx.trx, {
    orderId,
    from: order.status,
    to: order.status,
    actorId: refund.source === 'admin' ? tx.actor.userId : null,
    note: refund.reason,
    at: now,
    paymentState: to,
    transactionId: refund.transactionId,
  });
  if (refund.quiet) return true;
  await tellShopper(tx, order, (o, base) => ({
    ...base,
    kind: 'refund_made',
    order: o,
    amount: refund.amount,
    refundedTotal: refunded,
    reason: refund.reason ?? '',
  }));
  return true;
}

/** Writes a payment e-mail to the order's shopper (its e-mail, else its account's), in the order's language; none when it has neither. */
export async function tellShopper(
  tx: TransactionContext,
  order: OrderPaymentRow,
  message: (
    o: Awaited<ReturnType<typeof messageOrderIn>>,
    base: { to: string; language: ReturnType<typeof normalizeLanguage>; origin: string },
  ) => Parameters<typeof enqueueMessage>[1],
): Promise<void> {
  const to = order.email ?? (order.userId !== null ? (await findUserContact(tx.trx, { id: order.userId }))?.email : undefined);
  if (!to) return;
  const full = await findOrder(tx.trx, order.number);
  if (!full) return;
  const language = normalizeLanguage(order.language);
  const o = await messageOrderIn(tx.trx, full, { labels: tx.shop.labels, language });
  await enqueueMessage(tx.trx, message(o, { to, language, origin: tx.origin }), tx.now);
  tx.after.jobAdded();
}
