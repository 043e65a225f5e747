/**
 * The rules of back-in-stock alerts (issue 34, decision 046). A shopper asks on a sold-out product
 * or option, confirms from an e-mail (double opt-in), and is e-mailed once when it is back; that
 * alert is then spent, and asking again arms it anew.
 */

/** A confirmation link works this long (ms); an unconfirmed alert older than that is forgotten. */
export const STOCK_ALERT_CONFIRM_MS = 7 * 24 * 60 * 60 * 1000;

/** Unconfirmed alerts one address may have at once: nobody fills a stranger's inbox with confirmations. */
export const MAX_PENDING_STOCK_ALERTS = 5;

/** Alerts claimed and written per transaction when a product is back. */
export const STOCK_ALERT_BATCH = 100;

/**
 * What an alert waits for: the option when one is named, else the product as a whole, which is
 * in stock when it (without options) or any of its options is. Stock in units.
 */
export function alertItemStock(
  item: { productStock: number; variants: ReadonlyArray<{ id: number; stock: number }> },
  variantId: number | null,
): number | undefined {
  if (variantId !== null) return item.variants.find((v) => v.id === variantId)?.stock;
  return item.variants.length ? item.variants.reduce((sum, v) => sum + Math.max(0, v.stock), 0) : item.productStock;
}
