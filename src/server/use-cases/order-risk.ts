import { AppError } from '../errors.js';
import { sha256 } from '../hashing.js';
import { getSetting, putSetting } from '../repositories/settings-repository.js';
import { findOrderNumberById } from '../repositories/order-repository.js';
import { deleteBlocked, findBlocked, insertBlocked, isBlocked, markReviewed, riskFacts } from '../repositories/order-risk-repository.js';
import {
  addressKey,
  blockedValue,
  defaultRiskRules,
  repeatWindowMs,
  riskReasonsFor,
  rulesNeedRecords,
  type RiskReason,
  type RiskRules,
} from '../../shared/domain/order-risk.js';
import type { BlockContactInput } from '../../shared/schemas/risk.js';
import { audit } from './audit.js';
import { inTransaction, type TransactionContext, type UseCaseContext } from './use-case.js';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

// Risky orders (issue 33, decision 042): the rules that flag an order at checkout, the blocklist
// that refuses one, and the admin's writes to both.

/** The setting that holds the risk rules (JSON). */
const RISK_RULES = 'riskRules';

/** The stored rules over the defaults: a shop that never saved them flags refused phones and repeats. */
export async function readRiskRules(db: Kysely<Database> | Transaction<Database>): Promise<RiskRules> {
  return { ...defaultRiskRules, ...(await getSetting<Partial<RiskRules>>(db, RISK_RULES)) };
}

/** Saves the risk rules, audited (settings, `risk`). */
export async function saveRiskRules(ctx: UseCaseContext, rules: RiskRules): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = await readRiskRules(tx.trx);
    await putSetting(tx.trx, RISK_RULES, rules);
    await audit(tx, { kind: 'settings', action: 'risk', subjectId: null, label: 'risk', before: { ...before }, after: { ...rules } });
  });
}

/**
 * Refuses a checkout whose phone or e-mail (normalised by the checkout schema) is on the blocklist:
 * 403 `checkout_blocked`, which the shopper reads as "please call us". Called before the checkout
 * takes its limits, so a refused attempt costs no count and is not an order.
 */
export async function assertNotBlocked(ctx: UseCaseContext, contact: { phone: string; email?: string | null }): Promise<void> {
  const email = contact.email ? blockedValue('email', contact.email) : null;
  if (await isBlocked(ctx.db, { phone: contact.phone, email }))
    throw new AppError(403, 'checkout_blocked', 'We cannot take this order online. Please call the shop to order.');
}

/** What checkout stores of an order's risk: its address's key, and why it waits for review (empty: it does not). */
export interface OrderRisk {
  addressKey: string;
  reasons: RiskReason[];
}

/**
 * Weighs a new order against the merchant's rules inside the checkout's transaction, before it is
 * stored (so it does not count itself): its phone's refused parcels, orders from the phone or to
 * the address within the last hour, its total (piastres). Reads only what a rule that is on needs.
 */
export async function assessOrderRisk(
  tx: TransactionContext,
  order: { phone: string; governorate: string; city: string; address: string; total: number },
): Promise<OrderRisk> {
  const key = sha256(addressKey(order.governorate, order.city, order.address));
  const rules = await readRiskRules(tx.trx);
  const since = new Date(tx.now.getTime() - repeatWindowMs).toISOString();
  const facts = rulesNeedRecords(rules)
    ? await riskFacts(tx.trx, { phone: order.phone, addressKey: key }, since, { refused: rules.flagRefusedBefore, recent: rules.flagRepeatWithinHour })
    : { refusedBefore: 0, recentByPhone: 0, recentByAddress: 0 };
  return { addressKey: key, reasons: riskReasonsFor(facts, order.total, rules) };
}

/** Marks a flagged order reviewed (it leaves the Review filter), audited; 409 when it is not waiting for review. */
export async function markOrderReviewed(ctx: UseCaseContext, orderId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const number = await findOrderNumberById(tx.trx, orderId);
    if (!number) throw new AppError(404, 'order_not_found', 'No such order.');
    if (!(await markReviewed(tx.trx, orderId, tx.actor.userId, tx.now.toISOString())))
      throw new AppError(409, 'status_conflict', 'This order is not waiting for review.');
    await audit(tx, { kind: 'order', action: 'reviewed', subjectId: number, label: number, before: { reviewed: false }, after: { reviewed: true } });
  });
}

/**
 * Adds a phone number or e-mail address to the blocklist, normalised, audited. Adding one that is
 * there already answers its entry (a double click adds one row and one audit entry).
 */
export async function blockContact(ctx: UseCaseContext, input: BlockContactInput): Promise<{ id: number; created: boolean }> {
  const value = blockedValue(input.kind, input.value);
  if (!value)
    throw new AppError(400, 'validation', 'Not a phone number or e-mail address.', { value: input.kind === 'phone' ? 'phone_invalid' : 'email_invalid' });
  return inTransaction(ctx, async (tx) => {
    const note = input.note?.trim() || null;
    const id = await insertBlocked(tx.trx, { kind: input.kind, value, note, createdBy: tx.actor.userId, at: tx.now.toISOString() });
    if (id === null) return { id: (await findBlocked(tx.trx, input.kind, value))!.id, created: false };
    await audit(tx, { kind: 'settings', action: 'blocked', subjectId: id, label: value, before: null, after: { kind: input.kind, value, note } });
    return { id, created: true };
  });
}

/** Removes an entry from the blocklist, audited; 404 when it is gone. */
export async function unblockContact(ctx: UseCaseContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const gone = await deleteBlocked(tx.trx, id);
    if (!gone) throw new AppError(404, 'not_found', 'This entry is not on the blocklist.');
    await audit(tx, { kind: 'settings', action: 'unblocked', subjectId: id, label: gone.value, before: { ...gone }, after: null });
  });
}
