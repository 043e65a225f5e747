import type { PromotionKind } from './promotion-codes.js';
import { quoteLine, roundHalfUp, type QuoteLineInput } from './quote-line.js';

// Promotions (issue 30, decision 037): which of the merchant's offers an order gets and what each
// takes off, the same in the browser's cart and on the server's checkout. The order's quote
// (quote.ts) takes this module's answer as its adjustments; conditions that need the database
// (uses left, uses per customer, first order) are the server's alone (use-cases/promotions.ts).

/** An offer as the quote reads it: what it takes off, on which lines, when it may apply and what it combines with. */
export interface PromotionRule {
  id: number;
  /** The code the shopper types (normalised), or null for an automatic offer. */
  code: string | null;
  /** What the shopper sees: the offer's name in the page's language (the code for a code). */
  name: string;
  kind: PromotionKind;
  /** A whole percent (1 to 100) for `percent`, piastres for `amount`, 0 for `free_delivery`. */
  value: number;
  /** Products it covers by id, and categories by slug; both empty: the whole order. */
  productIds: number[];
  categories: string[];
  /** The order's subtotal (after the products' own discounts) it needs, in piastres; 0: none. */
  minSubtotal: number;
  /** False: lines whose product has its own discount are not discounted again (and do not count towards it). */
  withProductDiscounts: boolean;
  /** True: applies together with other offers marked so; false: applies alone (see `choosePromotions`). */
  combines: boolean;
}

/** A line as offers read it: the quote's line plus what an offer's scope names. */
export interface PromotionLine extends QuoteLineInput {
  productId: number;
  /** The product's category slugs. */
  categories: readonly string[];
}

/** Why an offer the order asked for (or that was on offer) does not apply. */
export type PromotionRefusal = 'not_for_these_products' | 'minimum_not_reached' | 'not_combinable';

/** An offer that applies and what it saves, in piastres (free delivery: the delivery fee, 0 while no destination is chosen). */
export interface AppliedPromotion {
  rule: PromotionRule;
  saving: number;
}

export interface PromotionChoice {
  applied: AppliedPromotion[];
  /** Offers that do not apply and why; `missing` is the subtotal still needed (minimum_not_reached). */
  refused: Array<{ rule: PromotionRule; reason: PromotionRefusal; missing?: number }>;
}

/** Whether an offer's scope covers a line: the whole order, or the product, or one of its categories. */
export function coversLine(rule: Pick<PromotionRule, 'productIds' | 'categories'>, line: Pick<PromotionLine, 'productId' | 'categories'>): boolean {
  if (!rule.productIds.length && !rule.categories.length) return true;
  return rule.productIds.includes(line.productId) || line.categories.some((c) => rule.categories.includes(c));
}

/**
 * What one offer saves on these lines, or why it cannot apply. The base is the sum of the line
 * totals (after the products' own discounts) of the lines it covers, without the discounted ones
 * unless it combines with them. A percentage is taken of that base and rounded half up to a whole
 * piastre, once per offer; a fixed amount is capped at the base; free delivery saves the
 * destination's fee (0 while none is chosen). The minimum is on the whole order's subtotal.
 */
export function promotionSaving(
  rule: PromotionRule,
  lines: readonly PromotionLine[],
  delivery: number | null,
): { saving: number } | { reason: Exclude<PromotionRefusal, 'not_combinable'>; missing?: number } {
  let base = 0;
  let subtotal = 0;
  let covered = false;
  for (const line of lines) {
    const { lineTotal } = quoteLine(line);
    subtotal += lineTotal;
    if (!coversLine(rule, line) || (!rule.withProductDiscounts && line.discount > 0)) continue;
    covered = true;
    base += lineTotal;
  }
  if (!covered) return { reason: 'not_for_these_products' };
  if (subtotal < rule.minSubtotal) return { reason: 'minimum_not_reached', missing: rule.minSubtotal - subtotal };
  switch (rule.kind) {
    case 'percent':
      return { saving: roundHalfUp((base * rule.value) / 100) };
    case 'amount':
      return { saving: Math.min(rule.value, base) };
    case 'free_delivery':
      return { saving: delivery ?? 0 };
  }
}

/**
 * Which offers an order gets. Every offer that can apply is a candidate; the ones that combine go
 * together, each one that does not goes alone, and the order gets whichever of these choices saves
 * most (on a tie: the one holding the shopper's code, then the combined one). At most one code is
 * asked for (the caller passes one code rule at most); automatic offers come from the shop.
 */
export function choosePromotions(rules: readonly PromotionRule[], lines: readonly PromotionLine[], delivery: number | null): PromotionChoice {
  const refused: PromotionChoice['refused'] = [];
  const candidates: AppliedPromotion[] = [];
  for (const rule of rules) {
    const result = promotionSaving(rule, lines, delivery);
    if ('saving' in result) candidates.push({ rule, saving: result.saving });
    else refused.push({ rule, ...result });
  }
  const together = candidates.filter((c) => c.rule.combines);
  const options: AppliedPromotion[][] = [together, ...candidates.filter((c) => !c.rule.combines).map((c) => [c])];
  const worth = (option: AppliedPromotion[]) => option.reduce((sum, c) => sum + c.saving, 0);
  const hasCode = (option: AppliedPromotion[]) => option.some((c) => c.rule.code !== null);
  let best = options[0]!;
  for (const option of options.slice(1)) {
    const gain = worth(option) - worth(best);
    if (gain > 0 || (gain === 0 && hasCode(option) && !hasCode(best)) || (best.length === 0 && option.length > 0)) best = option;
  }
  for (const c of candidates) if (!best.includes(c)) refused.push({ rule: c.rule, reason: 'not_combinable' });
  return { applied: best, refused };
}

/** An automatic offer as listings read it: its rule, and whether the price after it is certain for anyone buying one. */
export interface ListedPromotion {
  rule: PromotionRule;
  /**
   * True when one unit bought alone gets it whoever buys: a percentage or an amount, no minimum,
   * no first-order or per-customer condition and no limit of uses (a limit may run out between
   * the listing and the order).
   */
  certain: boolean;
}

/** What a listing shows of the automatic offers on one product: the offer's name, and the price of one unit after it where that is certain. */
export interface ProductOffer {
  name: string;
  /** Piastres, or null when the offer has conditions a listing cannot judge (a minimum, a first order). */
  price: number | null;
}

/**
 * The offer a product's card shows (issue 30, point 5), by the cart's own rules: the offers that
 * name the product or one of its categories and would discount it (free delivery and whole-order
 * offers show in the cart instead), and, of the certain ones, what `choosePromotions` gives one
 * unit bought alone. Undefined when no such offer covers it.
 */
export function productOffer(
  offers: readonly ListedPromotion[],
  product: { id: number; categories: readonly string[]; price: number; discount: number },
): ProductOffer | undefined {
  const line: PromotionLine = { productId: product.id, categories: product.categories, listPrice: product.price, discount: product.discount, quantity: 1 };
  const covering = offers.filter(
    ({ rule }) =>
      rule.kind !== 'free_delivery' &&
      (rule.productIds.length > 0 || rule.categories.length > 0) &&
      coversLine(rule, line) &&
      (rule.withProductDiscounts || product.discount === 0),
  );
  if (!covering.length) return undefined;
  const { applied } = choosePromotions(
    covering.filter((o) => o.certain).map((o) => o.rule),
    [line],
    null,
  );
  const saving = applied.reduce((sum, a) => sum + a.saving, 0);
  if (saving > 0) return { name: applied.map((a) => a.rule.name).join(' + '), price: quoteLine(line).lineTotal - saving };
  return { name: covering[0]!.rule.name, price: null };
}
