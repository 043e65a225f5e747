import { westernDigits } from './digits.js';
import { normalizeEgyptianMobile } from './phone.js';

/**
 * Risky cash-on-delivery orders (issue 33, decision 042): the courier's reasons for a parcel that
 * came back, a phone number's record, the rules that flag an order for review at checkout, and the
 * blocklist's values. Pure: the server's checkout and the admin pages ask the same functions.
 */

/** Why the courier brought a parcel back; required when an order is marked refused or returned to shop. */
export const courierReasons = ['refused_at_door', 'not_reachable', 'wrong_address', 'other'] as const;
export type CourierReason = (typeof courierReasons)[number];

/** Why an order waits for review; stored on the order as it was placed. */
export const riskReasons = ['refused_before', 'repeat_phone', 'repeat_address', 'total_above'] as const;
export type RiskReason = (typeof riskReasons)[number];

/** The merchant's risk rules; `flagTotalAbove` in piastres, null for off. */
export interface RiskRules {
  /** Flag an order whose phone refused (or sent back) a parcel before. */
  flagRefusedBefore: boolean;
  /** Flag an order whose phone or delivery address ordered within the last hour. */
  flagRepeatWithinHour: boolean;
  /** Flag an order whose total is above this many piastres; null: off. */
  flagTotalAbove: number | null;
}

/** The rules a shop has before its merchant saves any: both checks on, no amount. */
export const defaultRiskRules: RiskRules = { flagRefusedBefore: true, flagRepeatWithinHour: true, flagTotalAbove: null };

/** How far back "ordered within the last hour" looks, in milliseconds. */
export const repeatWindowMs = 60 * 60 * 1000;

/** What the shop's records say about a new order's phone and address (read inside the checkout's transaction). */
export interface RiskFacts {
  /** Parcels this phone refused or that came back before. */
  refusedBefore: number;
  /** Orders from this phone within the repeat window. */
  recentByPhone: number;
  /** Orders to this address (addressKey) within the repeat window. */
  recentByAddress: number;
}

/**
 * The reasons an order waits for review under `rules`, in the order of `riskReasons`; empty when it
 * does not. `total` in piastres; it must be strictly above the amount.
 */
export function riskReasonsFor(facts: RiskFacts, total: number, rules: RiskRules): RiskReason[] {
  const reasons: RiskReason[] = [];
  if (rules.flagRefusedBefore && facts.refusedBefore > 0) reasons.push('refused_before');
  if (rules.flagRepeatWithinHour && facts.recentByPhone > 0) reasons.push('repeat_phone');
  if (rules.flagRepeatWithinHour && facts.recentByAddress > 0) reasons.push('repeat_address');
  if (rules.flagTotalAbove !== null && rules.flagTotalAbove > 0 && total > rules.flagTotalAbove) reasons.push('total_above');
  return reasons;
}

/** True when some rule needs the records read (a shop with every rule off reads nothing). */
export const rulesNeedRecords = (rules: RiskRules): boolean => rules.flagRefusedBefore || rules.flagRepeatWithinHour;

/**
 * A delivery address in one comparable form: governorate code, city and address lower-cased,
 * Arabic-Indic digits made Western, punctuation dropped and spaces collapsed, so "12, Nile St."
 * and "12 nile st" are the same door. The server stores a hash of it with each order.
 */
export function addressKey(governorate: string, city: string, address: string): string {
  const clean = (s: string) =>
    westernDigits(s)
      .toLowerCase()
      .replace(/[\p{P}\p{S}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return `${governorate.toUpperCase()}|${clean(city)}|${clean(address)}`;
}

/** A phone number's record with the shop: orders placed, delivered, and parcels refused or returned to the shop. */
export interface PhoneRecord {
  orders: number;
  delivered: number;
  refused: number;
}

/** How the record reads at a glance: `risky` once a parcel came back, `trusted` after a delivery, `new` otherwise. */
export function phoneRecordTone(record: PhoneRecord): 'risky' | 'trusted' | 'new' {
  if (record.refused > 0) return 'risky';
  return record.delivered > 0 ? 'trusted' : 'new';
}

/** What the blocklist holds: mobile numbers and e-mail addresses. */
export const blockedKinds = ['phone', 'email'] as const;
export type BlockedKind = (typeof blockedKinds)[number];

/**
 * A contact as the blocklist stores and compares it: a mobile in local form (`01…`), an e-mail
 * lower-cased; null when it is not one.
 */
export function blockedValue(kind: BlockedKind, raw: string): string | null {
  if (kind === 'phone') return normalizeEgyptianMobile(raw);
  const email = raw.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? email : null;
}
