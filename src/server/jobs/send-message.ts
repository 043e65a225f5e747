import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import type { Config } from '../config.js';
import type { AdminSettings } from '../../shared/schemas/settings.js';
import { claimDueMessages, markAttemptFailed, markHeld, markSent, releaseClaim, type ClaimedMessage } from '../repositories/outbox-repository.js';
import { renderMessage, type MailShop } from '../messages/render.js';
import type { OptionLabels } from '../messages/option-labels.js';
import { withOrderToken } from '../messages/message-order.js';
import type { QueueHandler } from './runner.js';

/** Messages claimed at once: a batch is sent one by one within one lease. */
const BATCH = 20;

export interface MessageSenderOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxLeaseMs' | 'outboxRetryDelaysMs'>;
  /** The merchant's settings now (the shop's name and contacts in every message). */
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
 * The e-mail handler (decisions 021 and 032): drains the outbox, whose rows are the messages the
 * admin sees. It claims due messages under a lease, renders each in its language, sends it through
 * one SMTP transport and marks it sent, or notes the failure and when to try again. Without
 * SMTP_URL it marks messages held, for the admin to see.
 */
export class MessageSender implements QueueHandler {
  private readonly transport: Transporter | undefined;
  private readonly from: string | undefined;
  /** Messages this sender handed to the SMTP server and marked sent (for tests and logs). */
  sentCount = 0;

  constructor(private readonly opts: MessageSenderOptions) {
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

  async drain(ctx: { stopping(): boolean }): Promise<boolean> {
    return (await this.sendDue(ctx.stopping)) === BATCH;
  }

  /** Claims one batch of due messages and sends (or holds) each; returns how many were claimed. */
  async sendDue(stopping: () => boolean = () => false): Promise<number> {
    const { db, dialect, config } = this.opts;
    const claimed = await claimDueMessages(db, dialect, { now: this.now(), limit: BATCH, leaseMs: config.outboxLeaseMs });
    if (!claimed.length) return 0;
    const shop = mailShop(await this.opts.settings());
    for (const [i, message] of claimed.entries()) {
      // Stopping, or the lease nearly over: what is left goes back to the outbox for the next claim.
      if (stopping() || this.now().getTime() > Date.parse(message.lockedUntil) - 1_000) {
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
        // An alert's one-click unsubscribe (RFC 8058): mail clients show their own "Unsubscribe".
        ...(mail.unsubscribe ? { list: { unsubscribe: mail.unsubscribe }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
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

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }
}
