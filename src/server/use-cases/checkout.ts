import crypto from 'node:crypto';
import { AppError, TooManyRequests } from '../errors.js';
import { isUniqueViolation } from '../db/errors.js';
import { sha256 } from '../hashing.js';
import { findByIdempotencyKey, findOrder, findSellable, insertOrder, takeStock, type NewOrder } from '../repositories/order-repository.js';
import { MAX_LINE_QUANTITY, mergeOrderLines, orderLineKey } from '../../shared/domain/cart.js';
import { quoteOrder, type OrderQuote, type PromotedQuote } from '../../shared/domain/quote.js';
import type { CheckoutInput, Order, StockProblem } from '../../shared/schemas/checkout.js';
import type { AdminSettings } from '../../shared/schemas/settings.js';
import { normalizeLanguage, type Language } from '../../shared/domain/languages.js';
import { takeOrderMail } from './order-mail-cap.js';
import { inTransaction, type TransactionContext, type UseCaseContext } from './use-case.js';
import { AttemptLimiter, allowancePolicy, keyOf, type Attempt } from '../auth/attempts.js';
import { enqueueMessage } from '../repositories/outbox-repository.js';
import { findUserContact } from '../repositories/user-repository.js';
import { messageOrderIn } from '../messages/message-order.js';
import { isOnlineMethod } from '../../shared/domain/payments.js';
import { findOrderPayment } from '../repositories/payment-repository.js';
import { assertOffered, paymentDueAt, pendingCheckoutUrl, startPayment } from './payments.js';
import { appliedPromotions, quoteCheckout, recordOrderPromotions } from './promotions.js';
import { categorySlugsOf } from '../repositories/promotion-use-repository.js';
import { assertNotBlocked, assessOrderRisk } from './order-risk.js';

/**
 * The secret link token of an order: an HMAC of its number under the shop's secret, so a retried
 * checkout gets the same token back without the token ever being stored.
 */
export function orderToken(secret: string, number: string): string {
  return crypto.createHmac('sha256', secret).update(number).digest('base64url');
}

/** Constant-time check of a token against an order number. */
export function tokenMatches(secret: string, number: string, token: string): boolean {
  const expected = Buffer.from(orderToken(secret, number));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** Canonical JSON (sorted keys) so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The quote (quote.ts) of an order's lines as the database prices them, in piastres: each line's
 * price before discount (variant's, else product's) and the product's discount, to a governorate
 * under the merchant's delivery settings. The cart and checkout pages quote the same way from the
 * browser's copy.
 */
export function quoteOrderLines(
  lines: ReadonlyArray<Pick<NewOrder['lines'][number], 'unitPrice' | 'discount' | 'quantity'>>,
  governorate: string,
  settings: Pick<AdminSettings, 'freeShippingThreshold' | 'shippingFees'>,
): OrderQuote {
  return quoteOrder(
    lines.map((l) => ({ listPrice: l.unitPrice, discount: l.discount, quantity: l.quantity })),
    { governorate },
    settings,
  );
}

/** The amounts an order's row keeps (piastres), from its quote: the row has no column for fees yet. */
const orderAmounts = (quote: OrderQuote) => ({ subtotal: quote.subtotal, discount: quote.discounts, shippingFee: quote.shipping ?? 0, total: quote.total });

export interface PlacedOrder {
  order: Order;
  /** Returned once; the database keeps only its hash. Opens the order page for a guest. */
  accessToken: string;
  /** False when an earlier request with the same idempotency key made this order. */
  created: boolean;
  /** For an online payment: Paymob's page to pay on (null when it could not be started: the order page offers another try). */
  paymentUrl: string | null;
}

/** Thrown inside the transaction so it rolls back everything taken so far. */
class StockShortage extends Error {
  constructor(readonly problems: StockProblem[]) {
    super('stock');
  }
}

const quantityTooMany = () => new AppError(400, 'validation', `At most ${MAX_LINE_QUANTITY} of one product per order.`, { lines: 'quantity_too_many' });

/** A checkout as a route or the script-less form hands it over: the shopper's details and lines, and the request's idempotency key. */
export interface OrderRequest {
  checkout: CheckoutInput;
  /** A retry with the same key gets the same order (null: the client sent none). */
  idempotencyKey: string | null;
  /** False when the address typed at checkout had its confirmations this hour (`takeOrderMail`): the order is placed without one. */
  mailShopper?: boolean;
}

/**
 * The checkout use case (decision 016): the phone number's and the signed-in account's limits, then
 * the order. Only orders made count: a refused checkout (stock, validation) or a retry of one
 * already made takes its count back, and a retry (same key) gets its order, limit or not. The API
 * and the script-less form both call it, so they give the same answers. The per-address ceiling is
 * the route's (before the body is read). A blocked phone or e-mail is refused before any count.
 */
export async function checkout(ctx: UseCaseContext, input: OrderRequest): Promise<PlacedOrder> {
  assertOffered(ctx.shop, input.checkout.paymentMethod);
  await assertNotBlocked(ctx, input.checkout);
  const { perAccount, perPhone } = checkoutLimiters(ctx.shop);
  const counted: Array<[AttemptLimiter, Attempt]> = [];
  const giveBack = () => Promise.all(counted.map(([limiter, attempt]) => limiter.forgive(attempt)));
  const userId = ctx.actor.userId;
  for (const [limiter, limitKey] of [
    [perAccount, userId !== null ? `o:u:${userId}` : null],
    [perPhone, `o:p:${keyOf(input.checkout.phone)}`],
  ] as const) {
    if (!limitKey) continue;
    const attempt = await limiter.take(limitKey);
    if (attempt.allowed) {
      counted.push([limiter, attempt]);
      continue;
    }
    await giveBack();
    counted.length = 0;
    // A retry of an order already made (a dropped connection) gets its order, limit or not.
    if (input.idempotencyKey && (await findByIdempotencyKey(ctx.db, input.idempotencyKey))) break;
    throw new TooManyRequests(
      'too_many_orders',
      'Too many orders for this phone number or account in a short time. Please wait and try again.',
      attempt.retryAfterSeconds,
    );
  }
  // The confirmation's count is taken back with the others when no order is made.
  const mail = await takeOrderMail(ctx, input.checkout.email);
  if (mail.counted) counted.push([mail.counted.limiter, mail.counted.attempt]);
  try {
    const placed = await placeOrder(ctx, { ...input, mailShopper: mail.send });
    if (!placed.created) await giveBack();
    const method = placed.order.paymentMethod;
    // An online order goes to Paymob once it is stored: a retry of the same checkout gets the page already made.
    if (isOnlineMethod(method) && placed.order.payment.state === 'awaiting_payment') {
      const orderId = (await findOrderPayment(ctx.db, { number: placed.order.number }))!.id;
      placed.paymentUrl = placed.created ? await startPayment(ctx, orderId, method) : await pendingCheckoutUrl(ctx, orderId);
      if (placed.created && placed.paymentUrl === null) placed.order.payment.state = 'payment_failed';
    }
    return placed;
  } catch (err) {
    await giveBack();
    throw err;
  }
}

const limiters = new WeakMap<UseCaseContext['shop'], { perPhone: AttemptLimiter; perAccount: AttemptLimiter }>();

/** Each shop's checkout limiters, made once from its configuration. */
function checkoutLimiters(shop: UseCaseContext['shop']) {
  let made = limiters.get(shop);
  if (!made) {
    const limits = shop.config.checkoutLimits;
    made = {
      perPhone: new AttemptLimiter(shop.attempts, allowancePolicy(limits.perPhone)),
      perAccount: new AttemptLimiter(shop.attempts, allowancePolicy(limits.perAccount)),
    };
    limiters.set(shop, made);
  }
  return made;
}

/**
 * Places a cash-on-delivery order. Prices, discounts, shipping and totals come from the database
 * and the merchant's settings, never from the request. In one transaction every line's stock is
 * taken with a conditional update (`stock >= n`); any shortage rolls the whole order back and
 * answers 409 naming the lines. The same idempotency key returns the same order; with another body
 * it answers 422. A key is looked up only when the order cannot be made (its unique index refuses
 * a second order, or stock a retry would take again ran out): a new order costs no lookup. The
 * order's e-mails (decision 021) are written in its transaction, in the request's language: to the
 * shopper (the checkout's e-mail, else the signed-in account's) and to the merchant's notification
 * e-mail.
 */
export async function placeOrder(ctx: UseCaseContext, { checkout: input, idempotencyKey: key, mailShopper = true }: OrderRequest): Promise<PlacedOrder> {
  const { shop } = ctx;
  const requestHash = sha256(canonical(input));
  const userId = ctx.actor.userId;
  const settings = await shop.settings.current();
  // Read before the transaction: the offers' cache reads through the shop's own connection.
  const automatic = await shop.promotions.automaticRules(ctx.language, ctx.now);
  const code = input.couponCode?.trim() ? input.couponCode : null;

  const replay = async (): Promise<PlacedOrder | undefined> => {
    if (!key) return undefined;
    const previous = await findByIdempotencyKey(ctx.db, key);
    if (!previous) return undefined;
    if (previous.request_hash !== requestHash) {
      throw new AppError(422, 'idempotency_mismatch', 'This Idempotency-Key was already used for a different order.');
    }
    const order = await findOrder(ctx.db, previous.number ?? '');
    if (!order) return undefined;
    return { order, accessToken: orderToken(shop.secret, order.number), created: false, paymentUrl: null };
  };

  const now = ctx.now.toISOString();
  const online = isOnlineMethod(input.paymentMethod);
  // Who and where, as stored with the order and as its answer shows them.
  const customer = {
    customerName: input.fullName,
    phone: input.phone,
    email: input.email ?? null,
    governorate: input.governorate,
    city: input.city,
    address: input.address,
    notes: input.notes || null,
  };

  /** The order's e-mails, in its transaction, from what was just stored. */
  const enqueueOrderMails = async (tx: TransactionContext, placed: { number: string; lines: Array<NewOrder['lines'][number]>; quote: PromotedQuote }) => {
    const { trx } = tx;
    const promotions = appliedPromotions(placed.quote).map(({ promotionId: _id, ...shown }) => shown);
    const stored = { number: placed.number, ...customer, ...orderAmounts(placed.quote), promotions, createdAt: now };
    // One read of the products' names per language, though the shopper and the merchant usually share one.
    const byLanguage = new Map<Language, ReturnType<typeof messageOrderIn>>();
    const order = (language: Language) => {
      let made = byLanguage.get(language);
      if (!made) byLanguage.set(language, (made = messageOrderIn(trx, { ...stored, lines: placed.lines }, { labels: shop.labels, language })));
      return made;
    };
    const language = ctx.language;
    const shopper = customer.email ?? (userId !== null ? (await findUserContact(trx, { id: userId }))?.email : undefined);
    if (shopper && mailShopper)
      await enqueueMessage(
        trx,
        { kind: 'order_received', to: shopper, language, origin: ctx.origin, order: await order(language), paymentMethod: input.paymentMethod },
        ctx.now,
      );
    const merchant = settings.notificationEmail;
    if (merchant) {
      // The merchant reads in their account's language when the address is an account's.
      const merchantLanguage = normalizeLanguage((await findUserContact(trx, { email: merchant }))?.language);
      await enqueueMessage(
        trx,
        {
          kind: 'merchant_new_order',
          to: merchant,
          language: merchantLanguage,
          origin: ctx.origin,
          order: await order(merchantLanguage),
          paymentMethod: input.paymentMethod,
        },
        ctx.now,
      );
    }
    if ((shopper && mailShopper) || merchant) tx.after.jobAdded();
  };

  try {
    const placed = await inTransaction(
      ctx,
      async (tx) => {
        const { trx } = tx;
        const dialect = shop.dialect;
        // Priced by the quote once every line is in: lines merged below change their quantity.
        const lines: Array<Omit<NewOrder['lines'][number], 'unitPaid' | 'lineTotal'> & { position: number }> = [];
        const problems: StockProblem[] = [];
        const requested = new Map<string, number>();
        // Stock rows are locked in one order for every checkout (product, then options), so two
        // orders naming the same products in opposite orders never deadlock on PostgreSQL; the
        // order keeps the lines in the shopper's order.
        const merged = mergeOrderLines(input.lines).map((line, position) => ({ ...line, position }));
        const lockOrder = [...merged].sort((x, y) => x.productId - y.productId || orderLineKey(x).localeCompare(orderLineKey(y)));
        for (const l of lockOrder) {
          const sellable = await findSellable(trx, l.productId, l.color ?? null, l.size ?? null);
          // A product sold without options keeps none, so invented options cannot split its line.
          const color = sellable?.variantId ? (l.color ?? null) : null;
          const size = sellable?.variantId ? (l.size ?? null) : null;
          if (!sellable) {
            problems.push({ productId: l.productId, color: l.color ?? null, size: l.size ?? null, name: '', requested: l.quantity, available: 0 });
            continue;
          }
          const unitsKey = `${l.productId}|${sellable.variantId ?? ''}`;
          const units = (requested.get(unitsKey) ?? 0) + l.quantity;
          if (units > MAX_LINE_QUANTITY) throw quantityTooMany();
          requested.set(unitsKey, units);
          const same = lines.find((line) => line.productId === l.productId && line.variantId === sellable.variantId);
          if (!(await takeStock(trx, dialect, sellable, l.quantity))) {
            problems.push({ productId: l.productId, color, size, name: sellable.name, requested: l.quantity, available: sellable.stock });
            continue;
          }
          if (same) {
            same.quantity += l.quantity;
            same.position = Math.min(same.position, l.position);
            continue;
          }
          lines.push({
            position: l.position,
            productId: l.productId,
            variantId: sellable.variantId,
            name: sellable.name,
            sku: sellable.sku,
            color,
            size,
            unitPrice: sellable.price,
            discount: sellable.discount,
            quantity: l.quantity,
          });
        }
        if (problems.length) throw new StockShortage(problems);
        const sorted = lines.sort((x, y) => x.position - y.position);
        const customerKey = { userId, phone: input.phone };
        let quote: PromotedQuote;
        if (automatic.length || code !== null) {
          // Offers read the products' categories: one more read, only while an offer runs or a code is given.
          const slugs = await categorySlugsOf(
            trx,
            sorted.map((l) => l.productId),
          );
          const promoted = sorted.map((l) => ({
            listPrice: l.unitPrice,
            discount: l.discount,
            quantity: l.quantity,
            productId: l.productId,
            categories: slugs.get(l.productId) ?? [],
          }));
          quote = await quoteCheckout(tx, {
            lines: promoted,
            destination: { governorate: input.governorate },
            settings,
            automatic,
            code,
            customer: customerKey,
          });
        } else {
          quote = { ...quoteOrderLines(sorted, input.governorate, settings), promotions: { applied: [], refused: [] } };
        }
        const stored = sorted.map(({ position: _position, ...line }, i) => ({
          ...line,
          unitPaid: quote.lines[i]!.unitPrice,
          lineTotal: quote.lines[i]!.lineTotal,
        }));
        // The merchant's risk rules, before the order is stored so it does not count itself (decision 042).
        const risk = await assessOrderRisk(tx, { ...customer, total: quote.total });
        const { id: orderId, number: orderNumber } = await insertOrder(
          trx,
          dialect,
          {
            userId,
            language: ctx.language,
            ...customer,
            ...orderAmounts(quote),
            idempotencyKey: key,
            requestHash,
            paymentMethod: input.paymentMethod,
            paymentDueAt: online ? paymentDueAt(shop, ctx.now) : null,
            lines: stored,
            addressKey: risk.addressKey,
            reviewReasons: risk.reasons,
          },
          now,
          (n) => sha256(orderToken(shop.secret, n)),
        );
        await recordOrderPromotions(tx, orderId, quote, customerKey);
        await enqueueOrderMails(tx, { number: orderNumber, lines: stored, quote });
        // Stock changed: this process re-reads these products at once, others within a second (stock_version).
        tx.after.stockChanged(stored.map((l) => l.productId));
        return { number: orderNumber, lines: stored, quote };
      },
      { retryConflicts: true },
    );
    // The answer is what was just stored, as findOrder would read it back (no second round trip).
    const order: Order = {
      number: placed.number,
      status: online ? 'awaiting_payment' : 'pending',
      ...customer,
      paymentMethod: input.paymentMethod,
      payment: {
        method: input.paymentMethod,
        state: online ? 'awaiting_payment' : 'cod',
        billReference: null,
        dueAt: online ? paymentDueAt(shop, ctx.now) : null,
        refunded: 0,
      },
      currency: 'EGP',
      ...orderAmounts(placed.quote),
      createdAt: now,
      lines: placed.lines.map(({ variantId: _variantId, ...line }) => line),
      promotions: appliedPromotions(placed.quote).map(({ promotionId: _id, ...shown }) => shown),
    };
    return { order, accessToken: orderToken(shop.secret, placed.number), created: true, paymentUrl: null };
  } catch (err) {
    // A retry of an order already made: its unique key refused this one (or the stock it would take
    // again ran out). Answer with the order made first, or 422 for another body under the same key.
    if (key && (isUniqueViolation(err) || err instanceof StockShortage)) {
      const earlier = await replay();
      if (earlier) return earlier;
    }
    if (err instanceof StockShortage) {
      throw new AppError(409, 'out_of_stock', 'Some items are no longer available in the quantity you asked for.', undefined, { lines: err.problems });
    }
    throw err;
  }
}
