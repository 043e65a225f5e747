import type { ShopContext } from '../context.js';
import { checkPayment } from '../use-cases/payment-news.js';
import { systemContext } from '../use-cases/use-case.js';
import type { JobHandler } from './runner.js';

/**
 * The payment check of one online attempt (issue 29, decision 036), enqueued when the attempt is
 * made and due a few minutes later: asks Paymob's transaction inquiry while the attempt is open (a
 * lost callback never leaves a paid order unpaid), looks again every few minutes until the order's
 * payment deadline, then releases an order still unpaid (cancelled, stock given back once).
 */
export function paymentCheck(deps: { shop: () => ShopContext | undefined }): JobHandler<{ orderId: number; reference: string }> {
  return {
    async run(payload, ctx) {
      const shop = deps.shop();
      if (!shop) return { again: new Date(ctx.now().getTime() + 60_000) };
      const again = await checkPayment(systemContext(shop, ctx.log, { now: ctx.now() }), payload);
      return again ? { again } : undefined;
    },
  };
}
