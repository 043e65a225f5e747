// A local Paymob for the shop's tests: a stand-in for the third party (not a mock of our server),
// speaking Paymob's documented contract over HTTP (docs/contracts/paymob.md). It takes intentions,
// serves a checkout page, signs its callbacks and redirects with its own HMAC (signer.ts), answers
// inquiries and refunds, and lets a test drive what Paymob would send: callbacks late, twice,
// lost, forged. Control over HTTP under /__control/ for tests that run it as a process (main.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import * as api from './api.js';
import { checkoutPage, kioskPage, notFoundPage, paidPage, resultPage } from './checkout-page.js';
import {
  buildTransaction,
  createState,
  hex,
  keep,
  outcomeOf,
  paymentsOf,
  redirectQuery,
  resetState,
  settle,
  withQuery,
  type CallbackMode,
  type Delivery,
  type Intention,
  type LocalPaymobOptions,
  type Outcome,
  type TransactionObject,
} from './model.js';
import { signCallback } from './signer.js';

export type { CallbackMode, Delivery, Intention, LocalPaymobOptions, Method, Outcome, TransactionObject } from './model.js';

const sendCallbackSchema = z.object({
  /** The intention's special_reference. */
  merchantOrderId: z.string().min(1),
  outcome: z.enum(['success', 'declined', 'pending']),
  /** How many times the same callback is POSTed (duplicates); 1 by default. */
  times: z.number().int().min(1).max(50).optional(),
  /** The transaction changes at once (an inquiry sees it); only its callback waits this long. */
  delayMs: z.number().int().min(0).max(120_000).optional(),
  /**
   * A forged callback, never stored as a transaction: `unsigned` (no ?hmac), `bad_signature`
   * (signed with another secret), `wrong_amount` (amount_cents changed, then correctly signed),
   * `unknown_order` (an order id and merchant_order_id of nobody, correctly signed),
   * `other_reference` (this intention's payment with `order.merchant_order_id` set to
   * `otherMerchantOrderId`: still correctly signed, since that field is not signed; a replay of
   * one order's callback as another's, which only matching the signed order.id catches).
   */
  tamper: z.enum(['unsigned', 'bad_signature', 'wrong_amount', 'unknown_order', 'other_reference']).optional(),
  otherMerchantOrderId: z.string().min(1).optional(),
  /** Re-send (or settle, if pending) this transaction instead of the intention's latest. */
  transactionId: z.number().int().optional(),
  /** The method of a new transaction; the intention's first by default. */
  method: z.enum(['card', 'wallet', 'kiosk']).optional(),
  /** Send the duplicates at once instead of one after the other. */
  parallel: z.boolean().optional(),
});

export type SendCallbackOptions = z.infer<typeof sendCallbackSchema>;

export interface LocalPaymob {
  /** `http://127.0.0.1:<port>`: the shop's PAYMOB_API_URL. */
  url: string;
  close(): Promise<void>;
  intentions(): Intention[];
  transactions(): TransactionObject[];
  /** Every callback POSTed so far, oldest first, with the receiver's status. */
  deliveries(): Delivery[];
  /** POSTs a processed callback for an intention; resolves to the statuses the receiver answered. */
  sendCallback(options: SendCallbackOptions): Promise<number[]>;
  /** 'drop': the checkout and refunds send no callback (lost), the redirect still happens. */
  setCallbacks(mode: CallbackMode): void;
  reset(): void;
  /** Forgets every auth token, as if they had expired: the next inquiry with one answers 401. */
  expireTokens(): void;
  authTokensIssued(): number;
  /** Resolves once the callbacks sent in the background (after a refund) have been answered. */
  idle(): Promise<void>;
}

type Signature = 'good' | 'none' | 'bad';

/** A refusal of a control request (or of sendCallback) with its HTTP status. */
class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: http.ServerResponse, status: number, body: string, type: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
}
const json = (res: http.ServerResponse, reply: api.Reply) => send(res, reply.status, JSON.stringify(reply.body), 'application/json');
const html = (res: http.ServerResponse, status: number, page: string) => send(res, status, page, 'text/html; charset=utf-8');

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1_000_000) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse(await readBody(req)) as unknown;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the local Paymob on 127.0.0.1 (a free port unless `port` is given). */
export async function startLocalPaymob(options: LocalPaymobOptions): Promise<LocalPaymob> {
  const state = createState();
  const inflight = new Set<Promise<unknown>>();

  const track = <T>(work: Promise<T>): Promise<T> => {
    inflight.add(work);
    void work.finally(() => inflight.delete(work)).catch(() => undefined);
    return work;
  };

  /** POSTs `{type:'TRANSACTION', obj}` to `url` with `?hmac=`; 0 when nothing answered. */
  async function deliver(url: string, tx: TransactionObject, signature: Signature): Promise<number> {
    const obj = structuredClone(tx);
    const target = new URL(url);
    const hmac =
      signature === 'none'
        ? null
        : signCallback(obj as unknown as Record<string, unknown>, signature === 'bad' ? `${options.hmacSecret}-not` : options.hmacSecret);
    if (hmac !== null) target.searchParams.set('hmac', hmac);
    const body = { type: 'TRANSACTION' as const, obj };
    let status = 0;
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, issuer_bank: null, transaction_processed_callback_responses: '' }),
        signal: AbortSignal.timeout(15_000),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    state.deliveries.push({ url: target.href, hmac, body, status });
    return status;
  }

  /** The callbacks of a checkout or a refund, unless callbacks are being lost. */
  async function notify(intention: Intention, txs: TransactionObject[]): Promise<void> {
    if (state.mode === 'drop' || !intention.notificationUrl) return;
    for (const tx of txs) await deliver(intention.notificationUrl, tx, 'good');
  }

  function intentionByReference(reference: string): Intention {
    const intention = [...state.intentions.values()].find((i) => i.specialReference === reference);
    if (!intention) throw new ControlError(404, `No intention has special_reference ${reference}.`);
    return intention;
  }

  /** The transaction a callback of `outcome` reports: the given one, the pending one settled, the latest again, or a new one. */
  function transactionFor(intention: Intention, options: SendCallbackOptions): TransactionObject {
    const given = options.transactionId === undefined ? undefined : state.transactions.get(options.transactionId);
    if (options.transactionId !== undefined && (!given || state.owners.get(given.id) !== intention)) {
      throw new ControlError(404, `Transaction ${options.transactionId} is not one of this intention's.`);
    }
    const latest = given ?? paymentsOf(state, intention).at(-1);
    if (latest?.pending && options.outcome !== 'pending') settle(latest, options.outcome);
    if (latest && outcomeOf(latest) === options.outcome) return latest;
    if (given) throw new ControlError(409, `Transaction ${given.id} is already ${outcomeOf(given)}.`);
    const method = options.method ?? intention.methods[0]?.method ?? 'card';
    return keep(state, intention, buildTransaction(state, intention, method, options.outcome));
  }

  /** A forged callback's transaction: built like a real one, altered as named, never stored. */
  function forged(intention: Intention, options: SendCallbackOptions): TransactionObject {
    const tx = buildTransaction(state, intention, options.method ?? intention.methods[0]?.method ?? 'card', options.outcome);
    if (options.transactionId !== undefined) tx.id = options.transactionId;
    if (options.tamper === 'wrong_amount') tx.amount_cents = tx.amount_cents > 100 ? tx.amount_cents - 100 : tx.amount_cents + 100;
    if (options.tamper === 'unknown_order') {
      tx.order.id = state.nextOrderId++;
      tx.order.merchant_order_id = `unknown-${hex(6)}`;
    }
    if (options.tamper === 'other_reference') {
      if (!options.otherMerchantOrderId) throw new ControlError(400, 'other_reference needs otherMerchantOrderId.');
      tx.order.merchant_order_id = options.otherMerchantOrderId;
    }
    return tx;
  }

  async function sendCallback(options: SendCallbackOptions): Promise<number[]> {
    const intention = intentionByReference(options.merchantOrderId);
    const url = intention.notificationUrl;
    if (!url) throw new ControlError(409, 'This intention has no notification_url.');
    const tx = options.tamper ? forged(intention, options) : transactionFor(intention, options);
    const signature: Signature = options.tamper === 'unsigned' ? 'none' : options.tamper === 'bad_signature' ? 'bad' : 'good';
    if (options.delayMs) await sleep(options.delayMs);
    const times = options.times ?? 1;
    if (options.parallel) return Promise.all(Array.from({ length: times }, () => track(deliver(url, tx, signature))));
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) statuses.push(await track(deliver(url, tx, signature)));
    return statuses;
  }

  function byClientSecret(publicKey: string | null, clientSecret: string | null): Intention | undefined {
    if (publicKey !== options.publicKey || clientSecret === null) return undefined;
    return state.intentions.get(clientSecret);
  }

  function showCheckout(res: http.ServerResponse, url: URL): void {
    const intention = byClientSecret(url.searchParams.get('publicKey'), url.searchParams.get('clientSecret'));
    if (!intention) return html(res, 404, notFoundPage());
    const payments = paymentsOf(state, intention);
    if (payments.some((tx) => tx.success)) return html(res, 200, paidPage(intention));
    const waiting = payments.at(-1);
    if (waiting?.pending) return html(res, 200, kioskPage(intention, waiting, returnUrl(intention, waiting)));
    html(res, 200, checkoutPage(intention, options.publicKey));
  }

  const returnUrl = (intention: Intention, tx: TransactionObject) =>
    intention.redirectionUrl ? withQuery(intention.redirectionUrl, redirectQuery(tx, options.hmacSecret)) : null;

  /** "Pay" or "Decline": the transaction, its callback (awaited, so tests are deterministic), then the redirect. */
  async function pay(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const intention = byClientSecret(form.get('publicKey'), form.get('clientSecret'));
    if (!intention) return html(res, 404, notFoundPage());
    if (paymentsOf(state, intention).some((tx) => tx.success)) return html(res, 409, paidPage(intention));
    const chosen = intention.methods.find((m) => m.method === form.get('method')) ?? intention.methods[0];
    const method = chosen?.method ?? 'card';
    const outcome: Outcome = form.get('action') === 'decline' ? 'declined' : method === 'kiosk' ? 'pending' : 'success';
    const tx = keep(state, intention, buildTransaction(state, intention, method, outcome));
    await notify(intention, [tx]);
    const back = returnUrl(intention, tx);
    if (outcome === 'pending') return html(res, 200, kioskPage(intention, tx, back));
    if (!back) return html(res, 200, resultPage(intention, tx));
    res.writeHead(302, { location: back, 'cache-control': 'no-store' }).end();
  }

  async function control(req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<void> {
    const ok = (body: unknown = { ok: true }) => json(res, { status: 200, body });
    const action = `${req.method ?? 'GET'} ${path}`;
    if (action === 'GET /__control/intentions') return ok(paymob.intentions());
    if (action === 'GET /__control/transactions') return ok(paymob.transactions());
    if (action === 'GET /__control/deliveries') return ok(paymob.deliveries());
    if (action === 'POST /__control/reset') return ok(paymob.reset());
    if (action === 'POST /__control/expire-tokens') return ok(paymob.expireTokens());
    if (action === 'POST /__control/idle') return ok(await paymob.idle());
    if (action === 'POST /__control/callbacks-mode') {
      const body = z.object({ mode: z.enum(['send', 'drop']) }).safeParse(await readJson(req));
      if (!body.success) throw new ControlError(400, 'Expected {"mode":"send"|"drop"}.');
      return ok(paymob.setCallbacks(body.data.mode));
    }
    if (action === 'POST /__control/callbacks') {
      const body = sendCallbackSchema.safeParse(await readJson(req));
      if (!body.success) throw new ControlError(400, z.prettifyError(body.error));
      return ok({ statuses: await sendCallback(body.data) });
    }
    throw new ControlError(404, `No control ${action}.`);
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local-paymob');
    const action = `${req.method ?? 'GET'} ${url.pathname}`;
    const authorization = req.headers.authorization;
    if (action === 'GET /health') return send(res, 200, 'ok', 'text/plain');
    if (url.pathname.startsWith('/__control/')) return control(req, res, url.pathname);
    if (action === 'GET /unifiedcheckout/') return showCheckout(res, url);
    if (action === 'POST /unifiedcheckout/pay') return pay(req, res);
    if (action === 'POST /v1/intention/') {
      const body = await readJson(req);
      return json(res, api.checkSecretKey(authorization, options) ?? api.createIntention(state, options, body));
    }
    if (action === 'POST /api/auth/tokens') return json(res, api.issueToken(state, options, await readJson(req)));
    if (action === 'POST /api/ecommerce/orders/transaction_inquiry') return json(res, api.inquire(state, await readJson(req)));
    const byId = /^GET \/api\/acceptance\/transactions\/(\d+)\/?$/.exec(action);
    if (byId) return json(res, api.transactionById(state, authorization, Number(byId[1])));
    if (action === 'POST /api/acceptance/void_refund/refund') {
      const body = await readJson(req);
      const denied = api.checkSecretKey(authorization, options);
      if (denied) return json(res, denied);
      const reply = api.refund(state, body);
      json(res, reply);
      // The parent (now refunded) and the child are called back after the answer (§7).
      const intention = reply.callbacks && state.owners.get(reply.callbacks[0]?.id ?? -1);
      if (intention && reply.callbacks) void track(notify(intention, reply.callbacks));
      return;
    }
    json(res, { status: 404, body: { detail: 'Not found.' } });
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      const status = err instanceof ControlError ? err.status : 500;
      if (!res.headersSent) json(res, { status, body: { detail: err instanceof Error ? err.message : 'Local Paymob failed.' } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  const paymob: LocalPaymob = {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    intentions: () => [...state.intentions.values()],
    transactions: () => [...state.transactions.values()],
    deliveries: () => [...state.deliveries],
    sendCallback: (o) => sendCallback(sendCallbackSchema.parse(o)),
    setCallbacks: (mode) => void (state.mode = mode),
    reset: () => resetState(state),
    expireTokens: () => state.tokens.clear(),
    authTokensIssued: () => state.tokensIssued,
    idle: async () => {
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
  };
  return paymob;
}
