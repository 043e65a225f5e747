import type { ShopContext } from '../context.js';
import { sendStockAlerts } from '../use-cases/stock-alerts.js';
import { systemContext } from '../use-cases/use-case.js';
import type { JobHandler } from './runner.js';

/**
 * A product someone waits for is back in stock (decision 046), written by the change that
 * restocked it (`noteRestocks`): e-mails its waiting shoppers once each, a batch at a time, and
 * hands back near its lease's end (`{ again: now }`); the next run goes on with the alerts left.
 */
export function stockReturned(deps: { shop: () => ShopContext | undefined }): JobHandler<{ productId: number }> {
  return {
    async run(payload, job) {
      const shop = deps.shop();
      if (!shop) return { again: new Date(job.now().getTime() + 5_000) };
      const ctx = systemContext(shop, job.log, { now: job.now() });
      const result = await sendStockAlerts(ctx, payload.productId, { deadline: job.deadline, stopping: job.stopping });
      return result === 'again' ? { again: job.now() } : undefined;
    },
  };
}
