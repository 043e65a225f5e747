import { westernDigits } from './digits.js';

// Promotions' names and states (issue 30): kinds, statuses, the code rule and an offer's status
// at a moment. Apart from what an order saves (promotions.ts), so a page that only quotes does not
// load the rest.

export const promotionKinds = ['percent', 'amount', 'free_delivery'] as const;
/** Percentage off, a fixed amount off (piastres), or free delivery. */
export type PromotionKind = (typeof promotionKinds)[number];

export const promotionStatuses = ['scheduled', 'active', 'ended', 'paused'] as const;
export type PromotionStatus = (typeof promotionStatuses)[number];

/** Codes: 3 to 32 letters, digits or dashes once normalised (`normalizePromotionCode`). */
export const PROMOTION_CODE_PATTERN = /^[\p{L}\p{Nd}-]{3,32}$/u;

/**
 * A code as the shop compares it: trimmed, Arabic-Indic and Persian digits as 0-9, upper case
 * (codes are case-insensitive). Null when what is left is not 3 to 32 letters, digits or dashes.
 */
export function normalizePromotionCode(typed: string): string | null {
  const code = westernDigits(typed.trim()).toLocaleUpperCase('en');
  return PROMOTION_CODE_PATTERN.test(code) ? code : null;
}

/** The window and switch that decide an offer's status. */
export interface PromotionSchedule {
  startsAt: string | null;
  endsAt: string | null;
  paused: boolean;
  /** Total uses allowed (null: no limit) and uses so far. */
  maxUses: number | null;
  uses: number;
}

/** Scheduled before its start, ended at its end or once every use is taken, paused by the merchant, active otherwise. */
export function promotionStatus(p: PromotionSchedule, now: Date): PromotionStatus {
  if (p.paused) return 'paused';
  const at = now.getTime();
  if (p.startsAt && at < Date.parse(p.startsAt)) return 'scheduled';
  if (p.endsAt && at >= Date.parse(p.endsAt)) return 'ended';
  if (p.maxUses !== null && p.uses >= p.maxUses) return 'ended';
  return 'active';
}
