import type { Config } from '../config.js';
import type { AdminSettings } from '../../shared/schemas/settings.js';
import { enqueueMessage } from '../repositories/outbox-repository.js';
import { lowStockLines } from '../repositories/dashboard-repository.js';
import { findUserContact } from '../repositories/user-repository.js';
import type { OptionLabels } from '../messages/option-labels.js';
import { LOW_STOCK } from '../../shared/domain/cart.js';
import { normalizeLanguage } from '../../shared/domain/languages.js';
import { shopDay } from '../../shared/domain/shop-time.js';
import type { JobHandler } from './runner.js';

/** The low-stock list leaves once a Cairo day, from this hour on (the merchant's morning). */
export const LOW_STOCK_HOUR = 8;
/** At most this many lines in the list. */
const LOW_STOCK_LINES = 200;
/** How long a day's job waits before looking again when nothing was low or no e-mail was set (ms). */
export const LOW_STOCK_CHECK_MS = 10 * 60_000;

export interface LowStockReportOptions {
  config: Pick<Config, 'publicUrl' | 'port'>;
  /** The merchant's settings now (the notification e-mail). */
  settings: () => Promise<AdminSettings>;
  labels: OptionLabels;
}

/**
 * The merchant's daily low-stock list (decision 021, now a daily job of decision 032): the
 * products sold without options and the variants at or below `LOW_STOCK`, to the notification
 * e-mail, as one `low_stock_daily` message. The message is written in the transaction that marks
 * the day's job done, so a day gets one list. A day with nothing low (or no e-mail set) looks again
 * every 10 minutes until it ends, as the list used to.
 */
export function lowStockReport(opts: LowStockReportOptions): JobHandler<{ day: string }> {
  return {
    daily: { hour: LOW_STOCK_HOUR },
    async run({ day }, ctx) {
      const now = ctx.now();
      const later = () => {
        const next = new Date(now.getTime() + LOW_STOCK_CHECK_MS);
        return shopDay(next) === day ? { again: next } : undefined;
      };
      // Read before the transaction: on SQLite the settings' own read would wait on it.
      const to = (await opts.settings()).notificationEmail;
      if (!to) return later();
      return ctx.db.transaction().execute(async (trx) => {
        const language = normalizeLanguage((await findUserContact(trx, { email: to }))?.language);
        const lines = await lowStockLines(trx, LOW_STOCK, LOW_STOCK_LINES, language);
        if (!lines.length) return later();
        await enqueueMessage(
          trx,
          {
            kind: 'low_stock_daily',
            to,
            language,
            origin: opts.config.publicUrl ?? `http://localhost:${opts.config.port}`,
            day,
            items: lines.map((l) => ({ productId: l.productId, name: l.name, options: opts.labels.of(l.color, l.size, language), stock: l.stock })),
          },
          now,
        );
        // The list and the day's "done" commit together: a day gets one list.
        await ctx.complete(trx);
        return undefined;
      });
    },
  };
}
