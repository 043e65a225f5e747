import { createHmac, timingSafeEqual } from 'node:crypto';
import { REVIEW_WINDOW_DAYS } from '../../shared/domain/reviews.js';

/**
 * The buyer's review link (decision 038): `/review/<number>?e=<expiry>&token=<signature>`, an HMAC
 * of the order number and the expiry (seconds) with the shop's secret. It works for guests,
 * cannot be made for another order or a later expiry, and stops working on its own.
 */
const signature = (secret: string, number: string, expires: number) => createHmac('sha256', secret).update(`review:${number}:${expires}`).digest('base64url');

/** When an order's review link stops working: REVIEW_WINDOW_DAYS after its delivery, in whole seconds. */
export function reviewExpiry(deliveredAt: string | Date): number {
  return Math.floor(new Date(deliveredAt).getTime() / 1000) + REVIEW_WINDOW_DAYS * 24 * 60 * 60;
}

/** The review page's address for an order delivered at `deliveredAt`, or null once its window has passed. */
export function reviewPath(secret: string, number: string, deliveredAt: string | Date | null, now: Date): string | null {
  if (!deliveredAt) return null;
  const expires = reviewExpiry(deliveredAt);
  if (expires * 1000 <= now.getTime()) return null;
  return `/review/${encodeURIComponent(number)}?e=${expires}&token=${signature(secret, number, expires)}`;
}

/** True when the link's signature is ours for this order and expiry, and it has not expired. */
export function reviewLinkValid(secret: string, number: string, link: { e: number; token: string }, now: Date): boolean {
  if (link.e * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, number, link.e));
  const given = Buffer.from(link.token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
