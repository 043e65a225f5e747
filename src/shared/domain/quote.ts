import { shippingFee } from './governorates.js';
import { quoteLine, roundHalfUp, subtotalOf, type QuotedLine, type QuoteLineInput } from './quote-line.js';
import { cartQuoteLine } from './cart-quote.js';
import type { CartItem } from './cart.js';
import { choosePromotions, type PromotionChoice, type PromotionLine, type PromotionRule } from './promotions.js';

export { quoteLine, subtotalOf, type QuotedLine, type QuoteLineInput } from './quote-line.js';

/** Where the order goes: a governorate code; null while the shopper has not chosen one (no delivery quoted). */
export type QuoteDestination = { governorate: string } | null;

/** The merchant's delivery settings, in piastres: the fee per governorate and the subtotal that ships free (0: never). */
export interface QuoteSettings {
  freeShippingThreshold: number;
  shippingFees: Partial<Record<string, number>>;
}

/** What changes an order's amount, each with its reason: see `QuoteAdjustment`. */
export type AdjustmentKind = 'product_discount' | 'promotion' | 'free_delivery' | 'fee';

/**
 * An adjustment asked for on top of the catalogue's rules: a promotion (a coupon) takes off, a fee
 * (an online payment's) adds; either a fixed amount in piastres or a percent of its base (see
 * `quoteOrder`). A new kind of offer or charge is one more entry here, not a new code path.
 */
export type AdjustmentRequest =
  | ({ kind: 'promotion' | 'fee'; reason: string; promotionId?: number } & ({ amount: number } | { percent: number }))
  | { kind: 'free_delivery'; reason: string; promotionId?: number };

/**
 * One change to the amount, signed in piastres (negative lowers what the shopper pays), with a
 * stable reason code the client translates (or a coupon's code) and, for a line's, its index.
 */
export interface QuoteAdjustment {
  kind: AdjustmentKind;
  amount: number;
  reason: string;
  line?: number;
  /** The merchant's promotion behind a `promotion` or `free_delivery` adjustment. */
  promotionId?: number;
}

/** An order's amounts, every figure in integer piastres. */
export interface OrderQuote {
  lines: QuotedLine[];
  /** The lines at list prices, before the products' own discounts. */
  listSubtotal: number;
  /** The lines at the prices paid (products' discounts applied): what the shop calls the subtotal. */
  subtotal: number;
  /** Taken off the subtotal by promotions (0 or more; never more than the subtotal). */
  discounts: number;
  /** The destination's delivery fee before free delivery; null without a destination. */
  delivery: number | null;
  /** What delivery costs the shopper (0 when free); null without a destination. */
  shipping: number | null;
  /** Added by fees (an online payment's…). */
  fees: number;
  /** What the shopper pays: subtotal − discounts + shipping + fees. */
  total: number;
  /** Piastres the subtotal lacks to ship free (0 once reached, and when nothing ships free). */
  freeShippingGap: number;
  /**
   * Every change from list prices and the destination's fee, in order: products' discounts, promotions,
   * free delivery, fees. Summed with `listSubtotal` and `delivery` they give `total`.
   */
  adjustments: QuoteAdjustment[];
}

/** A request's amount in piastres (0 or more) on its base: the fixed amount, or the percent of the base, rounded half up. */
function requestedAmount(request: Exclude<AdjustmentRequest, { kind: 'free_delivery' }>, base: number): number {
  return roundHalfUp('amount' in request ? request.amount : (base * request.percent) / 100);
}

/**
 * The one computation of an order's amounts, in integer piastres, shared by the cart, the checkout
 * summary and the server's checkout. In this order: each line's unit price after the product's own
 * discount; the subtotal; promotions on the subtotal (together never more than it); delivery to
 * the destination, free when the subtotal (before promotions, today's rule) reaches the merchant's
 * threshold; fees on what is due so far (subtotal − discounts + shipping); the total.
 *
 * Rounding, half up to a whole piastre, happens in two places only: a product's discounted unit
 * price (`price − price × discount / 100`, pricing.ts) and each percentage adjustment's amount.
 * Everything after is a sum of integers, so the total is exact and the same on every side.
 */
export function quoteOrder(
  lines: readonly QuoteLineInput[],
  destination: QuoteDestination,
  settings: QuoteSettings,
  adjustments: readonly AdjustmentRequest[] = [],
): OrderQuote {
  const quoted = lines.map(quoteLine);
  const listSubtotal = quoted.reduce((sum, l) => sum + l.listTotal, 0);
  const subtotal = subtotalOf(quoted);
  const applied: QuoteAdjustment[] = [];
  quoted.forEach((l, line) => {
    if (l.lineTotal !== l.listTotal) applied.push({ kind: 'product_discount', amount: l.lineTotal - l.listTotal, reason: 'product_discount', line });
  });

  let discounts = 0;
  for (const request of adjustments) {
    if (request.kind !== 'promotion') continue;
    const amount = Math.min(requestedAmount(request, subtotal), subtotal - discounts);
    discounts += amount;
    applied.push({
      kind: 'promotion',
      amount: -amount,
      reason: request.reason,
      ...(request.promotionId !== undefined && { promotionId: request.promotionId }),
    });
  }

  const { freeShippingThreshold: threshold, shippingFees } = settings;
  const delivery = destination ? shippingFee(destination.governorate, 0, 0, shippingFees) : null;
  const byThreshold = destination ? shippingFee(destination.governorate, subtotal, threshold, shippingFees) : null;
  const freeOffer = adjustments.find((r) => r.kind === 'free_delivery');
  const shipping = freeOffer && delivery !== null ? 0 : byThreshold;
  if (delivery !== null && shipping !== null && shipping !== delivery) {
    // The threshold's reason when it alone ships free; the offer's otherwise.
    const reason =
      byThreshold === 0 || !freeOffer
        ? { reason: 'free_delivery_threshold' }
        : { reason: freeOffer.reason, ...(freeOffer.promotionId !== undefined && { promotionId: freeOffer.promotionId }) };
    applied.push({ kind: 'free_delivery', amount: shipping - delivery, ...reason });
  }

  let fees = 0;
  const due = subtotal - discounts + (shipping ?? 0);
  for (const request of adjustments) {
    if (request.kind !== 'fee') continue;
    const amount = requestedAmount(request, due);
    fees += amount;
    applied.push({ kind: 'fee', amount, reason: request.reason });
  }

  return {
    lines: quoted,
    listSubtotal,
    subtotal,
    discounts,
    delivery,
    shipping,
    fees,
    total: due + fees,
    freeShippingGap: Math.max(0, threshold - subtotal),
    adjustments: applied,
  };
}

/** An order's quote with the merchant's offers applied, and which offers applied or not and why (promotions.ts). */
export interface PromotedQuote extends OrderQuote {
  promotions: PromotionChoice;
}

/**
 * The quote of lines under the merchant's offers: `choosePromotions` decides which apply (the
 * delivery an offer would save is what the order would otherwise pay), and each becomes one
 * adjustment of `quoteOrder`: an amount off, or free delivery. The cart, the checkout summary and
 * the server's checkout all quote through here; the rules come from the server (automatic offers
 * and the shopper's code), which checks the conditions that need its records at checkout.
 */
export function quoteWithPromotions(
  lines: readonly PromotionLine[],
  destination: QuoteDestination,
  settings: QuoteSettings,
  rules: readonly PromotionRule[],
  fees: readonly AdjustmentRequest[] = [],
): PromotedQuote {
  const plain = quoteOrder(lines, destination, settings);
  const promotions = choosePromotions(rules, lines, plain.shipping);
  const requests: AdjustmentRequest[] = promotions.applied.map(({ rule, saving }) =>
    rule.kind === 'free_delivery'
      ? { kind: 'free_delivery', reason: rule.code ?? rule.name, promotionId: rule.id }
      : { kind: 'promotion', reason: rule.code ?? rule.name, promotionId: rule.id, amount: saving },
  );
  return { ...quoteOrder(lines, destination, settings, [...requests, ...fees]), promotions };
}

/**
 * The cart's quote (quote.ts) from the browser's display copy, to a governorate ('' or null: none
 * chosen yet, no delivery quoted). The server quotes the order again from its own rows at checkout.
 */
export function quoteCart(cart: readonly CartItem[], governorate: string | null, settings: QuoteSettings, rules: readonly PromotionRule[] = []): PromotedQuote {
  return quoteWithPromotions(cart.map(cartQuoteLine), governorate ? { governorate } : null, settings, rules);
}
