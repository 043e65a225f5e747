import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A mail the test server accepted: who the envelope named, and the parsed message. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The parsed message (subject, html, text, headers). */
  parsed: ParsedMail;
}

export interface TestMailServer {
  /** `smtp://127.0.0.1:<port>`: the SMTP_URL of a shop under test. */
  url: string;
  /** Every mail accepted so far, in order. */
  mails: ReceivedMail[];
  /** The mails accepted for one address. */
  to(address: string): ReceivedMail[];
  /** Resolves once `count` mails (in all, or matching `where`) were accepted; rejects after `timeoutMs`. */
  waitFor(count: number, opts?: { where?: (mail: ReceivedMail) => boolean; timeoutMs?: number }): Promise<ReceivedMail[]>;
  /** The next `n` deliveries are refused with a temporary error (451) at RCPT TO. */
  failNext(n: number): void;
  /** Deliveries refused so far. */
  readonly refused: number;
  /**
   * From now on a message's data is read but never answered (a server hanging mid-send), until
   * `release()`, which answers the stalled ones with an error: no stalled message is accepted.
   */
  stall(): void;
  release(): void;
  /** Resolves once a message is stalled (its sender is waiting for the answer to its data). */
  waitForStall(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a real SMTP server (the `smtp-server` package) on a free port of 127.0.0.1 in this
 * process, parsing what it accepts with `mailparser`: tests send through nodemailer exactly as the
 * shop does and assert on the messages that arrived. No TLS and no authentication.
 */
export async function startMailServer(): Promise<TestMailServer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const stallWaiters = new Set<() => void>();
  const stalled: Array<(err?: Error | null) => void> = [];
  let failing = 0;
  let refused = 0;
  let stalling = false;
  const notify = (set: Set<() => void>) => {
    for (const w of [...set]) w();
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (failing > 0) {
        failing--;
        refused++;
        const err = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
        err.responseCode = 451;
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      if (stalling) {
        stream.resume();
        stream.on('end', () => {
          stalled.push(callback);
          notify(stallWaiters);
        });
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), parsed });
          callback();
          notify(waiters);
        })
        .catch((err: Error) => callback(err));
    },
  });
  server.on('error', () => {
    /* a client that vanished mid-session (a killed sender) */
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();

  const waitUntil = (set: Set<() => void>, done: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        set.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        set.delete(check);
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      set.add(check);
      check();
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address) => mails.filter((m) => m.to.includes(address.toLowerCase())),
    async waitFor(count, opts = {}) {
      const matching = () => (opts.where ? mails.filter(opts.where) : mails);
      await waitUntil(waiters, () => matching().length >= count, opts.timeoutMs ?? 10_000, `${count} mail(s)`);
      return matching();
    },
    failNext(n) {
      failing = n;
    },
    get refused() {
      return refused;
    },
    stall() {
      stalling = true;
    },
    release() {
      stalling = false;
      for (const callback of stalled.splice(0)) callback(new Error('The test server dropped a stalled message'));
    },
    waitForStall: (timeoutMs = 10_000) => waitUntil(stallWaiters, () => stalled.length > 0, timeoutMs, 'a stalled message'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
