import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { sha256 } from '../hashing.js';
import { findOrder, findOrderHistory, findOrderPhone } from '../repositories/order-repository.js';
import { normalizeEgyptianMobile } from '../../shared/domain/phone.js';
import type { TrackedOrder } from '../../shared/schemas/order-track.js';

/** Constant-time equality of two phone numbers in local form (digests of equal length, whatever was typed). */
function samePhone(stored: string, given: string): boolean {
  const digest = (phone: string) => Buffer.from(sha256(phone));
  // Checkout stores the local form; an order written otherwise (imported, older) is read the same way.
  return crypto.timingSafeEqual(digest(normalizeEgyptianMobile(stored) ?? stored), digest(given));
}

/**
 * The order with this number when it was placed with this phone number (both already normalised by
 * orderTrackSchema), else undefined: an unknown number and a wrong phone cost the same one indexed
 * read, so neither the answer nor its time tells them apart. Only a match reads the lines and the
 * history, and the answer holds what decision 024 shows (no contact details, no admin notes).
 */
export async function findTrackedOrder(db: Kysely<Database>, number: string, phone: string): Promise<TrackedOrder | undefined> {
  const head = await findOrderPhone(db, number);
  // Compared even when no order has the number, so both refusals do the same work.
  const matches = samePhone(head?.phone ?? '', phone);
  if (!head || !matches) return undefined;
  const order = await findOrder(db, number);
  if (!order) return undefined;
  const history = await findOrderHistory(db, head.id);
  return {
    number: order.number,
    status: order.status,
    governorate: order.governorate,
    paymentMethod: order.paymentMethod,
    currency: order.currency,
    subtotal: order.subtotal,
    shippingFee: order.shippingFee,
    total: order.total,
    lines: order.lines,
    createdAt: order.createdAt,
    history: history.map((h) => ({ status: h.to, at: h.at })),
  };
}
