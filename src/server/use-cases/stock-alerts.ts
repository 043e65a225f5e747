import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError, TooManyRequests, notFound } from '../errors.js';
import { sha256 } from '../hashing.js';
import { newLinkToken } from '../auth/link-tokens.js';
import { enqueueMessage } from '../repositories/outbox-repository.js';
import { enqueueJob } from '../repositories/job-repository.js';
import {
  armAlert,
  claimAlertsBackInStock,
  confirmAlert,
  countPendingAlerts,
  findAlertProduct,
  productsBackInStock,
  unsubscribeAlert,
  type AlertProduct,
} from '../repositories/stock-alert-repository.js';
import { alertItemStock, MAX_PENDING_STOCK_ALERTS, STOCK_ALERT_BATCH, STOCK_ALERT_CONFIRM_MS } from '../../shared/domain/stock-alerts.js';
import { normalizeLanguage, type Language } from '../../shared/domain/languages.js';
import type { StockAlertAnswer, StockAlertRequest } from '../../shared/schemas/stock-alerts.js';
import { stockReturnedKind } from './stock-alert-restocks.js';
import { inTransaction, type UseCaseContext } from './use-case.js';

/**
 * Back-in-stock alerts (issue 34, decision 046): a shopper asks on a sold-out product or option,
 * confirms from the e-mail (double opt-in, the account links' kind of token), and the
 * `stock_returned` job e-mails each waiting shopper once when it is back, with a one-click
 * unsubscribe link signed with the shop's secret.
 */

const productGone = () => notFound('product_not_found', 'This product is not in the shop.');
const linkInvalid = () => new AppError(400, 'link_invalid', 'This link has expired or is not valid. Ask again from the product page.');

/** The signature of an alert's unsubscribe link: an HMAC of its id with the shop's secret. */
const unsubscribeSignature = (secret: string, id: number) => createHmac('sha256', secret).update(`stock-alert:${id}`).digest('base64url');

/** The one-click unsubscribe path of an alert (relative to the shop's origin). */
export const unsubscribePath = (secret: string, id: number): string => `/stock-alerts/unsubscribe?id=${id}&sig=${unsubscribeSignature(secret, id)}`;

/** The option an alert names, in a language ("Amber, 50 ml"), or null. */
function optionsOf(ctx: UseCaseContext, product: AlertProduct, variantId: number | null, lng: Language): string | null {
  const variant = variantId === null ? undefined : product.variants.find((v) => v.id === variantId);
  return variant ? ctx.shop.labels.of(variant.color, variant.size, lng) : null;
}

/**
 * A shopper asks to be told when a sold-out product (or option) is back. Answers the same whether
 * the address is new, unconfirmed or already waiting, so the form tells nobody who waits for what;
 * only a new or re-armed alert is sent a confirmation. Refused: a product not in the shop (404), an
 * item in stock (409 `stock_alert_in_stock`), an address with too many unconfirmed alerts (429).
 */
export async function askStockAlert(ctx: UseCaseContext, input: StockAlertRequest): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const product = await findAlertProduct(tx.trx, input.productId);
    if (!product?.onSale) throw productGone();
    const stock = alertItemStock(product, input.variantId);
    if (stock === undefined) throw productGone();
    if (stock > 0) throw new AppError(409, 'stock_alert_in_stock', 'This is in stock: add it to your cart.');
    const since = new Date(tx.now.getTime() - STOCK_ALERT_CONFIRM_MS);
    if ((await countPendingAlerts(tx.trx, input.email, since)) >= MAX_PENDING_STOCK_ALERTS)
      throw new TooManyRequests('too_many_stock_alerts', 'This address has alerts waiting to be confirmed: confirm them from your inbox first.', 3600);
    const token = newLinkToken();
    const armed = await armAlert(tx.trx, { ...input, language: tx.language, tokenHash: sha256(token), now: tx.now });
    if (armed === 'waiting') return;
    await enqueueMessage(
      tx.trx,
      {
        kind: 'stock_alert_confirm',
        to: input.email,
        language: tx.language,
        origin: tx.origin,
        product: product.names[tx.language],
        options: optionsOf(ctx, product, input.variantId, tx.language),
        link: `/stock-alerts/confirm?token=${token}`,
      },
      tx.now,
    );
    tx.after.jobAdded();
  });
}

/** The product an alert is for, named in the page's language. */
async function answerFor(ctx: UseCaseContext, product: AlertProduct | undefined): Promise<StockAlertAnswer> {
  if (!product) throw linkInvalid();
  return { product: { id: product.id, name: product.names[ctx.language] } };
}

/**
 * The confirmation link: the alert now waits (a second click answers the same). Should the item be
 * back already (restocked between the ask and the click), its job is written at once.
 */
export async function confirmStockAlert(ctx: UseCaseContext, token: string): Promise<StockAlertAnswer> {
  const product = await inTransaction(ctx, async (tx) => {
    const since = new Date(tx.now.getTime() - STOCK_ALERT_CONFIRM_MS);
    const alert = await confirmAlert(tx.trx, sha256(token), since, tx.now);
    if (!alert) throw linkInvalid();
    if ((await productsBackInStock(tx.trx, [alert.productId])).length) {
      await enqueueJob(tx.trx, { kind: stockReturnedKind, payload: { productId: alert.productId } }, tx.now);
      tx.after.jobAdded();
    }
    return findAlertProduct(tx.trx, alert.productId);
  });
  return answerFor(ctx, product);
}

/** The one-click unsubscribe: the alert stops (a second click answers the same); a bad signature is refused. */
export async function unsubscribeStockAlert(ctx: UseCaseContext, link: { id: number; sig: string }): Promise<StockAlertAnswer> {
  const expected = Buffer.from(unsubscribeSignature(ctx.shop.secret, link.id));
  const given = Buffer.from(link.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw linkInvalid();
  const product = await inTransaction(ctx, async (tx) => {
    const productId = await unsubscribeAlert(tx.trx, link.id);
    return productId === undefined ? undefined : findAlertProduct(tx.trx, productId);
  });
  return answerFor(ctx, product);
}

/**
 * The `stock_returned` job's work for one product: takes its confirmed alerts whose item is in
 * stock, a batch per transaction, and writes each one `back_in_stock` e-mail in the shopper's
 * language in the transaction that marks the alert notified. Two processes running it at once
 * take disjoint alerts (`claimAlertsBackInStock`), so each shopper gets one e-mail per restock.
 * Answers 'again' when it stopped at `deadline` with alerts left.
 */
export async function sendStockAlerts(
  ctx: UseCaseContext,
  productId: number,
  opts: { deadline?: number; stopping?: () => boolean } = {},
): Promise<'done' | 'again'> {
  for (;;) {
    const taken = await inTransaction(ctx, async (tx) => {
      const claimed = await claimAlertsBackInStock(tx.trx, productId, STOCK_ALERT_BATCH, tx.now);
      if (!claimed.length) return 0;
      const product = await findAlertProduct(tx.trx, productId);
      if (!product) return 0;
      for (const alert of claimed) {
        const language = normalizeLanguage(alert.language);
        await enqueueMessage(
          tx.trx,
          {
            kind: 'back_in_stock',
            to: alert.email,
            language,
            origin: tx.origin,
            product: product.names[language],
            options: optionsOf(ctx, product, alert.variantId, language),
            productLink: `/product/${product.id}`,
            unsubscribeLink: unsubscribePath(ctx.shop.secret, alert.id),
          },
          tx.now,
        );
      }
      tx.after.jobAdded();
      return claimed.length;
    });
    if (taken < STOCK_ALERT_BATCH) return 'done';
    if (opts.stopping?.() || (opts.deadline !== undefined && Date.now() > opts.deadline)) return 'again';
  }
}
