import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import type { Config } from '../config.js';
import type { AdminSettings } from '../../shared/schemas/settings.js';
import {
  claimDueMessages,
  enqueueMessage,
  markAttemptFailed,
  markHeld,
  markSent,
  releaseClaim,
  type ClaimedMessage,
} from '../repositories/outbox-repository.js';
import { lowStockLines } from '../repositories/dashboard-repository.js';
import { claimDay } from '../repositories/settings-repository.js';
import { findUserContact } from '../repositories/user-repository.js';
import { renderMessage, type MailShop } from '../messages/render.js';
import type { OptionLabels } from '../messages/option-labels.js';
import { withOrderToken } from '../messages/message-order.js';
import { LOW_STOCK } from '../../shared/domain/cart.js';
import { normalizeLanguage } from '../../shared/domain/languages.js';
import { shopDay, shopDayStart } from '../../shared/domain/shop-time.js';

/** Messages claimed at once: a batch is sent one by one within one lease. */
const BATCH = 20;
/** The low-stock list leaves once a Cairo day, from this hour on (the merchant's morning). */
export const LOW_STOCK_HOUR = 8;
/** At most this many lines in the list. */
const LOW_STOCK_LINES = 200;
/** How often a process asks whether today's low-stock list is due (ms), once it knows it is not sent yet. */
const LOW_STOCK_CHECK_MS = 10 * 60_000;

export interface OutboxSenderOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxPollMs' | 'outboxLeaseMs' | 'outboxRetryDelaysMs' | 'publicUrl' | 'port'>;
  /** The merchant's settings now (the shop's name and contacts in every message; the notification e-mail). */
  settings: () => Promise<AdminSettings>;
  labels: OptionLabels;
  /** The shop's secret: order links get their token when a message is rendered, never in the outbox. */
  secret: string;
  log: FastifyBaseLogger;
  /** For tests: the clock. */
  now?: () => Date;
}

/** What a message shows of the shop, from the merchant's settings. */
export const mailShop = (s: Pick<AdminSettings, 'shopName' | 'phone' | 'whatsapp' | 'email' | 'address'>): MailShop => ({
  name: s.shopName,
  phone: s.phone,
  whatsapp: s.whatsapp,
  email: s.email,
  address: s.address,
});

/**
 * Sends the outbox (decision 021). Each shop process runs one: it claims due messages every
 * `outboxPollMs` (and at once when `wake()` is called after a commit that wrote one), renders each
 * in its language, sends it through one SMTP transport, and marks it sent, or notes the failure and
 * when to try again. Without SMTP_URL it marks messages held, for the admin to see. It also writes
 * the merchant's daily low-stock list, once a Cairo day whatever the number of processes.
 */
export class OutboxSender {
  private readonly transport: Transporter | undefined;
  private readonly from: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** Not polling: before start() and after stop(). */
  private stopped = true;
  /** stop() was called and has not been followed by start(): a batch being sent gives back what it has not sent. */
  private stopping = false;
  /** Messages this sender handed to the SMTP server and marked sent (for tests and logs). */
  sentCount = 0;
  /** The Cairo day whose list this process knows is done, and when it last asked. */
  private lowStockDone = '';
  private lowStockAskedAt = 0;

  constructor(private readonly opts: OutboxSenderOptions) {
    const { smtpUrl, mailFrom } = opts.config;
    this.from = mailFrom;
    this.transport = smtpUrl
      ? nodemailer.createTransport({
          url: smtpUrl,
          // Every wait is bounded, and a whole batch fits well inside one lease.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : undefined;
  }

  /** True when messages are sent (SMTP_URL set), false when they are held. */
  get sending(): boolean {
    return this.transport !== undefined;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  /** Looks at the outbox now (a transaction in this process just committed a message). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /**
   * Stops polling and waits for the message being sent, so none is cut in the middle; the rest of
   * its batch goes back to the outbox. The transport opens a connection per message (no pool), so
   * nothing stays open, and `start()` may follow.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.enqueueLowStockList();
        } catch (err) {
          this.opts.log.error({ err }, 'outbox: the low-stock list was not written; trying again later');
        }
        try {
          while (!this.stopping && (await this.sendDue()) === BATCH);
        } catch (err) {
          this.opts.log.error({ err }, 'outbox: a round of sending stopped; trying again at the next poll');
        }
      } while (this.again && !this.stopped);
    })();
    await this.running;
    this.running = undefined;
    // A wake() that came after the last round's check is not left for the next poll.
    if (!this.stopped) this.schedule(this.again ? 0 : this.opts.config.outboxPollMs);
  }

  /** Claims one batch of due messages and sends (or holds) each; returns how many were claimed. */
  async sendDue(): Promise<number> {
    const { db, dialect, config } = this.opts;
    const claimed = await claimDueMessages(db, dialect, { now: this.now(), limit: BATCH, leaseMs: config.outboxLeaseMs });
    if (!claimed.length) return 0;
    const shop = mailShop(await this.opts.settings());
    for (const [i, message] of claimed.entries()) {
      // Stopping, or the lease nearly over: what is left goes back to the outbox for the next claim.
      if (this.stopping || this.now().getTime() > Date.parse(message.lockedUntil) - 1_000) {
        for (const left of claimed.slice(i)) await releaseClaim(db, left);
        break;
      }
      await this.deliver(message, shop);
    }
    return claimed.length;
  }

  private async deliver(claim: ClaimedMessage, shop: MailShop): Promise<void> {
    const { db, log } = this.opts;
    if (!this.transport) {
      await markHeld(db, claim);
      return;
    }
    try {
      const mail = renderMessage(withOrderToken(claim.message, this.opts.secret), shop, this.opts.labels);
      await this.transport.sendMail({
        from: this.from ?? { name: shop.name, address: 'no-reply@localhost' },
        to: claim.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const status = await markAttemptFailed(db, claim, error, { now: this.now(), delaysMs: this.opts.config.outboxRetryDelaysMs });
      // The error and the message's id and kind; never its body or a link it carries.
      log.warn({ outboxId: claim.id, kind: claim.kind, attempt: claim.attempts + 1, status, error }, 'outbox: sending a message failed');
      return;
    }
    // The SMTP server has it. Were this process to die before the next line, the lease would run
    // out and the message be sent again: at least once, made rare by marking at once (decision 021).
    this.sentCount++;
    if (!(await markSent(db, claim, this.now())))
      log.warn({ outboxId: claim.id, kind: claim.kind }, 'outbox: a message was sent after its lease ran out; another sender may send it too');
  }

  /**
   * The merchant's low-stock list, once a Cairo day from LOW_STOCK_HOUR on, when a notification
   * e-mail is set and something is low. The day is claimed (a settings row moved to it by a
   * conditional update) in the transaction that writes the message, so two processes never write
   * two lists for one day, and a day with nothing low stays unclaimed: a later check may still send.
   */
  async enqueueLowStockList(): Promise<boolean> {
    const now = this.now();
    const day = shopDay(now);
    if (this.lowStockDone === day || now.getTime() < shopDayStart(day).getTime() + LOW_STOCK_HOUR * 3_600_000) return false;
    if (now.getTime() - this.lowStockAskedAt < LOW_STOCK_CHECK_MS) return false;
    this.lowStockAskedAt = now.getTime();
    const settings = await this.opts.settings();
    const to = settings.notificationEmail;
    if (!to) return false;
    const { db, config } = this.opts;
    const written = await db
      .transaction()
      .execute(async (trx) => {
        if (!(await claimDay(trx, 'low_stock_list_day', day))) return 'taken' as const;
        const language = normalizeLanguage((await findUserContact(trx, { email: to }))?.language);
        const lines = await lowStockLines(trx, LOW_STOCK, LOW_STOCK_LINES, language);
        // Nothing low: the day's claim rolls back with this transaction.
        if (!lines.length) throw new NothingLow();
        await enqueueMessage(
          trx,
          {
            kind: 'low_stock_daily',
            to,
            language,
            origin: config.publicUrl ?? `http://localhost:${config.port}`,
            day,
            items: lines.map((l) => ({ productId: l.productId, name: l.name, options: this.opts.labels.of(l.color, l.size, language), stock: l.stock })),
          },
          now,
        );
        return 'written' as const;
      })
      .catch((err: unknown) => {
        if (err instanceof NothingLow) return 'empty' as const;
        throw err;
      });
    if (written !== 'empty') this.lowStockDone = day;
    return written === 'written';
  }

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }
}

class NothingLow extends Error {}
