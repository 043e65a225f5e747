import { AppError, notFound, TooManyRequests } from '../errors.js';
import { isUniqueViolation } from '../db/errors.js';
import { AttemptLimiter, keyOf, type Attempt, type AttemptPolicy } from '../auth/attempts.js';
import {
  deleteUnusedPromotion,
  findPromotion,
  findPromotions,
  findPromotionByCode,
  insertPromotion,
  setPromotionPaused,
  updatePromotion,
  type StoredPromotion,
} from '../repositories/promotion-repository.js';
import {
  customerUses,
  hasEarlierOrder,
  insertOrderPromotions,
  releaseOrderPromotions,
  takePromotionUse,
  type OrderPromotion,
} from '../repositories/promotion-use-repository.js';
import { ruleOf, withCategorySlugs } from '../services/promotions-service.js';
import { inTransaction, type TransactionContext, type UseCaseContext } from './use-case.js';
import { audit } from './audit.js';
import type { AuditFields } from '../../shared/domain/audit.js';
import { promotionSaving, type PromotionRule } from '../../shared/domain/promotions.js';
import { normalizePromotionCode, promotionStatus } from '../../shared/domain/promotion-codes.js';
import { quoteWithPromotions, type PromotedQuote, type QuoteDestination, type QuoteSettings } from '../../shared/domain/quote.js';
import type { PromotionLine } from '../../shared/domain/promotions.js';
import { listPrice } from '../../shared/domain/pricing.js';
import { normalizeEgyptianMobile } from '../../shared/domain/phone.js';
import type { ApiErrorCode } from '../../shared/domain/error-codes.js';
import type { AdminPromotion } from '../../shared/schemas/promotion.js';
import type { CheckoutLine } from '../../shared/schemas/checkout.js';

// Promotions (issue 30, decision 037): the merchant's writes, the shopper's "Apply", and what
// checkout redeems. The rule of which offers apply and what they save is promotions.ts, shared
// with the browser; here are the conditions that need the shop's records (status, uses left, uses
// per customer, first order) and the atomic redemption.

/** Who uses an offer: the signed-in account, and the phone number the order gives (normalised). */
export interface PromotionCustomer {
  userId: number | null;
  phone: string | null;
}

/** A refusal of the shopper's code, with its stable reason code the client translates. */
function refusal(code: ApiErrorCode, message: string, details?: Record<string, unknown>): AppError {
  return new AppError(409, code, message, undefined, details);
}

/** Why a stored offer cannot be used now, by its status: a refusal, or null when it is active. */
function statusRefusal(p: StoredPromotion, now: Date): AppError | null {
  switch (promotionStatus(p, now)) {
    case 'active':
      return null;
    case 'paused':
      return refusal('promotion_paused', 'This code is paused for now.');
    case 'scheduled':
      return refusal('promotion_not_started', 'This code is not valid yet.', { startsAt: p.startsAt });
    case 'ended':
      return p.maxUses !== null && p.uses >= p.maxUses
        ? refusal('promotion_used_up', 'This code has been used as many times as it allows.')
        : refusal('promotion_expired', 'This code has expired.');
  }
}

/** The conditions that need the customer's records: uses per customer and first order. Null when they hold (or nobody is known yet). */
async function customerRefusal(tx: Pick<UseCaseContext, 'db'>, p: StoredPromotion, customer: PromotionCustomer): Promise<AppError | null> {
  if (customer.userId === null && customer.phone === null) return null;
  const who = { userId: customer.userId, phone: customer.phone ?? '' };
  if (p.perCustomer !== null && (await customerUses(tx.db, p.id, who)) >= p.perCustomer)
    return refusal('promotion_already_used', 'You have already used this code.');
  if (p.firstOrderOnly && (await hasEarlierOrder(tx.db, who))) return refusal('promotion_first_order', 'This code is for a first order only.');
  return null;
}

/** The refusal of a code the quote did not apply, by the quote's reason. */
function quoteRefusal(reason: 'not_for_these_products' | 'minimum_not_reached' | 'not_combinable', missing?: number): AppError {
  if (reason === 'minimum_not_reached') return refusal('promotion_minimum', 'Your order has not reached this code’s minimum.', { missing });
  if (reason === 'not_combinable') return refusal('promotion_not_combinable', 'This code does not combine with the offer already applied.');
  return refusal('promotion_not_applicable', 'This code is not for the products in your cart.');
}

/** Unknown codes allowed per address, device or account: 5 a minute, then locked a minute, doubling up to an hour. */
export const codeGuessPolicy: AttemptPolicy = { max: 5, windowMs: 60_000, lockMs: 60_000, maxLockMs: 3_600_000, memoryMs: 3_600_000 };

const guessLimiters = new WeakMap<UseCaseContext['shop'], AttemptLimiter>();
function guessLimiter(shop: UseCaseContext['shop']): AttemptLimiter {
  let made = guessLimiters.get(shop);
  if (!made) guessLimiters.set(shop, (made = new AttemptLimiter(shop.attempts, codeGuessPolicy)));
  return made;
}

/** Lines of a request as offers read them, priced from the catalogue as the shop has it now (checkout prices them again from its rows). */
async function catalogueLines(ctx: UseCaseContext, lines: readonly CheckoutLine[]): Promise<PromotionLine[]> {
  const priced: PromotionLine[] = [];
  for (const line of lines) {
    const product = await ctx.shop.catalog.product(line.productId, ctx.language);
    if (!product) continue;
    priced.push({
      productId: product.id,
      categories: product.categories,
      listPrice: listPrice(product, line.color ?? null, line.size ?? null),
      discount: product.discount,
      quantity: line.quantity,
    });
  }
  return priced;
}

/**
 * The shopper's "Apply": is this code good for these lines now, and what does it save? Unknown
 * codes count against the address, the device and the account (`codeGuessPolicy`), so codes
 * cannot be guessed; a code that exists answers why it cannot be used (expired, paused, not
 * started, used up, already used, first order only, minimum, not for these products, does not
 * combine) and never names another code.
 */
export async function checkCode(
  ctx: UseCaseContext,
  input: { code: string; lines: readonly CheckoutLine[]; phone?: string | undefined; device: string | null },
): Promise<{ rule: PromotionRule; saving: number }> {
  const code = normalizePromotionCode(input.code);
  if (code === null) throw new AppError(400, 'validation', 'A code is 3 to 32 letters, digits or dashes.', { code: 'code_invalid' });
  const limiter = guessLimiter(ctx.shop);
  const keys = [
    ctx.actor.address && `pc:a:${keyOf(ctx.actor.address)}`,
    input.device && `pc:d:${keyOf(input.device)}`,
    ctx.actor.userId !== null && `pc:u:${ctx.actor.userId}`,
  ].filter((k): k is string => typeof k === 'string');
  const counted: Attempt[] = [];
  for (const key of keys) {
    const attempt = await limiter.take(key);
    if (!attempt.allowed) {
      await Promise.all(counted.map((a) => limiter.forgive(a)));
      throw new TooManyRequests('too_many_code_attempts', 'Too many codes tried. Please wait a minute and try again.', attempt.retryAfterSeconds);
    }
    counted.push(attempt);
  }
  const stored = await findPromotionByCode(ctx.db, code);
  if (!stored) {
    await Promise.all(counted.map((a) => limiter.fail(a)));
    throw new AppError(404, 'promotion_unknown', 'This code does not exist. Check it and try again.');
  }
  await Promise.all(counted.map((a) => limiter.forgive(a)));
  const offered =
    statusRefusal(stored, ctx.now) ?? (await customerRefusal(ctx, stored, { userId: ctx.actor.userId, phone: normalizeEgyptianMobile(input.phone ?? '') }));
  if (offered) throw offered;
  const [live] = await withCategorySlugs(ctx.db, [stored]);
  const rule = ruleOf(live!, ctx.language);
  const lines = await catalogueLines(ctx, input.lines);
  const automatic = await ctx.shop.promotions.automaticRules(ctx.language, ctx.now);
  const quote = quoteWithPromotions(lines, null, { freeShippingThreshold: 0, shippingFees: {} }, [...automatic, rule]);
  const refused = quote.promotions.refused.find((r) => r.rule.id === rule.id);
  if (refused) throw quoteRefusal(refused.reason, refused.missing);
  const own = promotionSaving(rule, lines, null);
  return { rule, saving: 'saving' in own ? own.saving : 0 };
}

/** What checkout asks of the promotions: the order's lines, where it goes, the shopper's code (if any) and who orders. */
export interface CheckoutPromotions {
  lines: readonly PromotionLine[];
  destination: QuoteDestination;
  settings: QuoteSettings;
  /** The running automatic offers, read before the transaction (the cache reads outside it). */
  automatic: readonly PromotionRule[];
  code: string | null;
  customer: { userId: number | null; phone: string };
}

/**
 * The order's quote with its offers, inside checkout's transaction. The code is read again here
 * and refused with its reason if it cannot apply; an automatic offer whose per-customer or
 * first-order condition fails is left out. Each offer that applies then takes one use with a
 * conditional update (promotions are locked in id order, after the stock rows, so checkouts never
 * deadlock), and its per-customer count is read again after that lock: 20 shoppers racing for a
 * code's last use, or one phone racing itself, get one order with it. The rows of what was used
 * are written by `recordOrderPromotions` once the order has its id.
 */
export async function quoteCheckout(tx: TransactionContext, ask: CheckoutPromotions): Promise<PromotedQuote> {
  const rules: PromotionRule[] = [];
  const stored = new Map<number, StoredPromotion>();
  const customer = { userId: ask.customer.userId, phone: ask.customer.phone };
  const current = new Map(
    (
      await findPromotions(
        tx.trx,
        ask.automatic.map((r) => r.id),
      )
    ).map((p) => [p.id, p]),
  );
  for (const rule of ask.automatic) {
    const p = current.get(rule.id);
    if (!p || statusRefusal(p, tx.now) || (await customerRefusal(tx, p, customer))) continue;
    stored.set(p.id, p);
    rules.push(rule);
  }
  let codeRule: PromotionRule | null = null;
  if (ask.code !== null) {
    const code = normalizePromotionCode(ask.code);
    const p = code === null ? undefined : await findPromotionByCode(tx.trx, code);
    if (!p) throw new AppError(404, 'promotion_unknown', 'This code does not exist. Check it and try again.');
    const refused = statusRefusal(p, tx.now) ?? (await customerRefusal(tx, p, customer));
    if (refused) throw refused;
    const [live] = await withCategorySlugs(tx.trx, [p]);
    codeRule = ruleOf(live!, tx.language);
    stored.set(p.id, p);
    rules.push(codeRule);
  }
  const quote = quoteWithPromotions(ask.lines, ask.destination, ask.settings, rules);
  if (codeRule) {
    const refused = quote.promotions.refused.find((r) => r.rule.id === codeRule.id);
    if (refused) throw quoteRefusal(refused.reason, refused.missing);
  }
  for (const { rule } of [...quote.promotions.applied].sort((a, b) => a.rule.id - b.rule.id)) {
    const taken = await takePromotionUse(tx.trx, rule.id);
    if (!taken) throw refusal('promotion_used_up', `“${rule.name}” has just been used as many times as it allows.`, { promotion: rule.name });
    const p = stored.get(rule.id)!;
    if (p.perCustomer !== null && (await customerUses(tx.trx, p.id, customer)) >= p.perCustomer)
      throw refusal('promotion_already_used', `You have already used “${rule.name}”.`, { promotion: rule.name });
    // The last use of an automatic offer ends it: every process reads its offers again.
    if (rule.code === null && taken.maxUses !== null && taken.uses >= taken.maxUses) tx.after.contentChanged('settings');
  }
  return quote;
}

/** What an order got from each offer that applied, in piastres (taken off, or the delivery saved), from its quote's adjustments. */
export function appliedPromotions(quote: PromotedQuote): OrderPromotion[] {
  return quote.promotions.applied.map(({ rule }) => {
    const adjustment = quote.adjustments.find((a) => a.promotionId === rule.id);
    return { promotionId: rule.id, code: rule.code, name: rule.name, kind: rule.kind, amount: Math.abs(adjustment?.amount ?? 0) };
  });
}

/** Writes what an order got from each offer, for its page, e-mails, reports and limits. */
export async function recordOrderPromotions(
  tx: TransactionContext,
  orderId: number,
  quote: PromotedQuote,
  customer: { userId: number | null; phone: string },
): Promise<void> {
  await insertOrderPromotions(tx.trx, orderId, appliedPromotions(quote), customer, tx.now.toISOString());
}

/** Gives a cancelled or expired order's uses back, once (the caller's transaction). */
export async function releasePromotions(tx: TransactionContext, orderId: number): Promise<void> {
  const released = await releaseOrderPromotions(tx.trx, orderId, tx.now.toISOString());
  // An automatic offer with a limit of uses may run again: every process reads its offers again.
  if (released.some((p) => p.automatic && p.limited)) tx.after.contentChanged('settings');
}

/** Products and categories an offer names must exist (a deleted product cannot be chosen). */
async function assertTargets(ctx: UseCaseContext, p: AdminPromotion): Promise<void> {
  const fields: Record<string, string> = {};
  if (p.productIds.length) {
    const found = await ctx.db.selectFrom('products').select('id').where('id', 'in', p.productIds).where('deleted_at', 'is', null).execute();
    if (found.length !== new Set(p.productIds).size) fields.productIds = 'unknown';
  }
  if (p.categoryIds.length) {
    const found = await ctx.db.selectFrom('categories').select('id').where('id', 'in', p.categoryIds).execute();
    if (found.length !== new Set(p.categoryIds).size) fields.categoryIds = 'unknown';
  }
  if (Object.keys(fields).length) throw new AppError(400, 'validation', 'Some products or categories no longer exist.', fields);
}

/** An offer as its history records it: what the merchant sets, not its counters and dates. */
function promotionAuditFields(p: StoredPromotion): AuditFields {
  const { id: _id, uses: _uses, createdAt: _created, updatedAt: _updated, ...fields } = p;
  return fields;
}

const codeTaken = () => new AppError(409, 'code_taken', 'Another promotion already has this code.', { code: 'code_taken' });

/** Creates (id null) or replaces an offer; every process reads its offers again after the commit. Returns its id. */
export async function savePromotion(ctx: UseCaseContext, { id, promotion }: { id: number | null; promotion: AdminPromotion }): Promise<number> {
  await assertTargets(ctx, promotion);
  const fields = { ...promotion, names: { ...promotion.names, fr: promotion.names.fr || null, de: promotion.names.de || null } };
  try {
    return await inTransaction(ctx, async (tx) => {
      const now = tx.now.toISOString();
      tx.after.contentChanged('settings');
      const before = id === null ? undefined : await findPromotion(tx.trx, id);
      if (id !== null && !before) throw notFound('promotion_not_found', 'This promotion does not exist.');
      const saved = id === null ? await insertPromotion(tx.trx, fields, now) : (await updatePromotion(tx.trx, id, fields, now), id);
      const after = await findPromotion(tx.trx, saved);
      await audit(tx, {
        kind: 'promotion',
        action: before ? 'updated' : 'created',
        subjectId: saved,
        label: fields.names.en,
        before: before ? promotionAuditFields(before) : null,
        after: after ? promotionAuditFields(after) : null,
      });
      return saved;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

/** Pauses or resumes an offer. */
export async function pausePromotion(ctx: UseCaseContext, id: number, paused: boolean): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = await findPromotion(tx.trx, id);
    if (!before || !(await setPromotionPaused(tx.trx, id, paused, tx.now.toISOString())))
      throw notFound('promotion_not_found', 'This promotion does not exist.');
    await audit(tx, {
      kind: 'promotion',
      action: paused ? 'paused' : 'resumed',
      subjectId: id,
      label: before.names.en,
      before: { paused: before.paused },
      after: { paused },
    });
    tx.after.contentChanged('settings');
  });
}

/** Deletes an offer no order used; a used one is kept for its orders and report (pause it, or end it). */
export async function removePromotion(ctx: UseCaseContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = await findPromotion(tx.trx, id);
    const result = await deleteUnusedPromotion(tx.trx, id);
    if (result === 'missing' || !before) throw notFound('promotion_not_found', 'This promotion does not exist.');
    if (result === 'used') throw new AppError(409, 'promotion_in_use', 'Orders used this promotion: pause it or set its end instead.');
    await audit(tx, { kind: 'promotion', action: 'deleted', subjectId: id, label: before.names.en, before: promotionAuditFields(before), after: null });
    tx.after.contentChanged('settings');
  });
}
