import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import type { Config } from '../config.js';
import type { AdminSettings } from '../../shared/schemas/settings.js';
import type { OptionLabels } from '../messages/option-labels.js';
import { JobRunner, type JobRegistry } from '../jobs/runner.js';
import { MessageSender } from '../jobs/send-message.js';
import { shopJobRegistry } from '../jobs/registry.js';
import type { ShopContext } from '../context.js';

export { mailShop } from '../jobs/send-message.js';
export { LOW_STOCK_HOUR } from '../jobs/low-stock-report.js';

export interface OutboxSenderOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Pick<
    Config,
    'smtpUrl' | 'mailFrom' | 'outboxPollMs' | 'outboxLeaseMs' | 'outboxRetryDelaysMs' | 'publicUrl' | 'port' | 'messageRetentionDays' | 'dailyJobs'
  >;
  /** The merchant's settings now (the shop's name and contacts in every message; the notification e-mail). */
  settings: () => Promise<AdminSettings>;
  labels: OptionLabels;
  /** The shop's secret: order links get their token when a message is rendered, never in the outbox. */
  secret: string;
  log: FastifyBaseLogger;
  /** For tests: the clock. */
  now?: () => Date;
  /** Schedules the daily jobs; by default as the configuration says (Config.dailyJobs). */
  daily?: boolean;
  /** The shop, once made: the payment check job runs its use cases (jobs/payment-check.ts). */
  shop?: () => ShopContext | undefined;
  /** For tests: run only these kinds of the registry (a runner on a test's clock leaves the app's work alone). */
  only?: readonly string[];
}

/**
 * The shop's job runner (decision 032) under the name the app and routes know it by
 * (`app.shop.outbox`): a `JobRunner` over the shop's registry (e-mail, the daily low-stock list,
 * retention). OUTBOX_POLL_MS and OUTBOX_LEASE_MS are its poll and lease for every kind.
 */
export class OutboxSender extends JobRunner {
  /** The e-mail handler. */
  readonly messages: MessageSender;

  constructor(opts: OutboxSenderOptions) {
    const messages = new MessageSender(opts);
    const all = shopJobRegistry({ ...opts, messages });
    const { only } = opts;
    const registry: JobRegistry = only ? Object.fromEntries(Object.entries(all).filter(([kind]) => only.includes(kind))) : all;
    super({
      db: opts.db,
      dialect: opts.dialect,
      registry,
      pollMs: opts.config.outboxPollMs,
      leaseMs: opts.config.outboxLeaseMs,
      retryDelaysMs: opts.config.outboxRetryDelaysMs,
      log: opts.log,
      now: opts.now,
      daily: opts.daily ?? opts.config.dailyJobs,
    });
    this.messages = messages;
  }

  /** True when messages are sent (SMTP_URL set), false when they are held. */
  get sending(): boolean {
    return this.messages.sending;
  }

  /** Messages this process handed to the SMTP server and marked sent (for tests and logs). */
  get sentCount(): number {
    return this.messages.sentCount;
  }

  /** Claims one batch of due messages and sends (or holds) each; returns how many were claimed. */
  sendDue(): Promise<number> {
    return this.messages.sendDue();
  }
}
