// Paymob's API as the shop uses it (docs/contracts/paymob.md): create an intention and send the
// shopper to Unified Checkout, ask for an order's latest transaction, refund. Keys never appear in
// a log or an error: messages name the operation, and Paymob's answers are scrubbed of them.
import { z } from 'zod';
import { parseTransaction, type PaymobTransaction } from './paymob-hmac.js';

export interface PaymobClientOptions {
  /** `https://accept.paymob.com` (a trailing slash is ignored). */
  apiUrl: string;
  secretKey: string;
  publicKey: string;
  apiKey: string;
  /** Per request, headers and body together; 10 000 ms by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** One line of an intention; `amountCents` is the unit price in piastres. */
export interface IntentionItem {
  name: string;
  amountCents: number;
  quantity: number;
  description?: string;
}

export interface IntentionBilling {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  street: string;
  country: string;
}

export interface CreateIntentionInput {
  /** The total to pay, in piastres. */
  amountCents: number;
  integrationIds: number[];
  items: IntentionItem[];
  billing: IntentionBilling;
  /** Our reference, unique per intention; Paymob echoes it as `order.merchant_order_id`. */
  specialReference: string;
  notificationUrl: string;
  redirectionUrl: string;
  /** Seconds (the unit is UNCONFIRMED in the contract; Paymob's SDK typings say seconds). */
  expirationSeconds?: number;
  extras?: Record<string, unknown>;
}

export interface CreatedIntention {
  intentionId: string;
  clientSecret: string;
  /** `intention_order_id`; null when Paymob's answer leaves it out (its published example does). */
  paymobOrderId: number | null;
}

/** Paymob refused, did not answer in time, or answered something unreadable. */
export class PaymobError extends Error {
  override readonly name = 'PaymobError';
  /** The HTTP status Paymob answered; null when it did not answer. */
  readonly status: number | null;
  /** Paymob's own words (`detail`, or its field errors), without keys; null when none. */
  readonly detail: string | null;

  constructor(message: string, status: number | null = null, detail: string | null = null) {
    super(message);
    this.status = status;
    this.detail = detail;
  }
}

/** Paymob's items must add up to the amount; Paymob's own WooCommerce plugin sends unit amounts and totals amount × quantity. */
interface PaymobItem {
  name: string;
  amount: number;
  quantity: number;
  description?: string;
}

const wholePositive = (n: number) => Number.isSafeInteger(n) && n > 0;

/**
 * The items as Paymob gets them: the lines at their unit amounts when each is a positive whole
 * number of piastres and amount × quantity adds up to the total; otherwise (a discount, delivery
 * fee or rounding the lines do not carry) one line "Order <ref>" with the total, so the sum holds.
 */
export function intentionItems(input: Pick<CreateIntentionInput, 'amountCents' | 'items' | 'specialReference'>): PaymobItem[] {
  const lines = input.items;
  const total = lines.reduce((sum, item) => sum + item.amountCents * item.quantity, 0);
  const itemised =
    lines.length > 0 && total === input.amountCents && lines.every((i) => wholePositive(i.amountCents) && wholePositive(i.quantity) && i.name.trim() !== '');
  if (!itemised) return [{ name: `Order ${input.specialReference}`, amount: input.amountCents, quantity: 1 }];
  return lines.map((item) => ({
    name: item.name,
    amount: item.amountCents,
    quantity: item.quantity,
    ...(item.description === undefined ? {} : { description: item.description }),
  }));
}

const createdSchema = z.object({
  id: z.string().min(1),
  client_secret: z.string().min(1),
  intention_order_id: z.number().int().nullable().optional(),
});
const tokenSchema = z.object({ token: z.string().min(1) });
const wrappedSchema = z.object({ type: z.string(), obj: z.unknown() });

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

/** An auth token lives 60 minutes by third parties' account (UNCONFIRMED): kept for 50, and refreshed on a 401. */
const tokenLifetimeMs = 50 * 60_000;

export class PaymobClient {
  private readonly apiUrl: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;

  constructor(private readonly options: PaymobClientOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** Creates a payment intention (POST /v1/intention/, `Token` secret key); amounts in piastres. */
  async createIntention(input: CreateIntentionInput): Promise<CreatedIntention> {
    if (!wholePositive(input.amountCents)) throw new RangeError('A Paymob intention needs a positive whole number of piastres.');
    const { billing } = input;
    const orNA = (value: string) => (value.trim() === '' ? 'NA' : value);
    const body = {
      amount: input.amountCents,
      currency: 'EGP',
      payment_methods: input.integrationIds,
      items: intentionItems(input),
      billing_data: {
        first_name: billing.firstName,
        last_name: billing.lastName,
        email: billing.email,
        phone_number: billing.phone,
        street: orNA(billing.street),
        city: orNA(billing.city),
        state: orNA(billing.state),
        country: orNA(billing.country),
        apartment: 'NA',
        floor: 'NA',
        building: 'NA',
      },
      special_reference: input.specialReference,
      notification_url: input.notificationUrl,
      redirection_url: input.redirectionUrl,
      ...(input.expirationSeconds === undefined ? {} : { expiration: input.expirationSeconds }),
      ...(input.extras === undefined ? {} : { extras: input.extras }),
    };
    const operation = 'create intention';
    const answer = this.ok(operation, await this.send(operation, '/v1/intention/', body, this.secretKeyHeader()));
    const created = this.parse(operation, answer, createdSchema);
    return { intentionId: created.id, clientSecret: created.client_secret, paymobOrderId: created.intention_order_id ?? null };
  }

  /** Unified Checkout's address for an intention: where the shopper's browser goes to pay. */
  checkoutUrl(clientSecret: string): string {
    const query = new URLSearchParams({ publicKey: this.options.publicKey, clientSecret });
    return `${this.apiUrl}/unifiedcheckout/?${query.toString()}`;
  }

  /** The latest transaction of the order with our reference, or null when Paymob has none (404). */
  async inquire(input: { merchantOrderId: string }): Promise<PaymobTransaction | null> {
    const operation = 'transaction inquiry';
    const ask = async () =>
      this.send(operation, '/api/ecommerce/orders/transaction_inquiry', { auth_token: await this.authToken(), merchant_order_id: input.merchantOrderId });
    let answer = await ask();
    if (answer.status === 401) {
      // The cached token expired early, or was revoked: one fresh token, one more try.
      this.token = null;
      answer = await ask();
    }
    if (answer.status === 404) return null;
    return this.readTransaction(operation, this.ok(operation, answer).body, answer.status);
  }

  /** Refunds `amountCents` piastres of a transaction; the answer is the new child transaction. */
  async refund(transactionId: number, amountCents: number): Promise<PaymobTransaction> {
    if (!wholePositive(amountCents)) throw new RangeError('A Paymob refund needs a positive whole number of piastres.');
    const operation = 'refund';
    const answer = this.ok(
      operation,
      await this.send(operation, '/api/acceptance/void_refund/refund', { transaction_id: transactionId, amount_cents: amountCents }, this.secretKeyHeader()),
    );
    // The legacy answer is wrapped as {type, obj}; the current one may be the bare object (UNCONFIRMED).
    const wrapped = wrappedSchema.safeParse(answer.body);
    return this.readTransaction(operation, wrapped.success ? wrapped.data.obj : answer.body, answer.status);
  }

  private secretKeyHeader(): Record<string, string> {
    return { authorization: `Token ${this.options.secretKey}` };
  }

  /** A cached auth token (POST /api/auth/tokens), one request at a time however many callers wait. */
  private async authToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.tokenRequest ??= (async () => {
      const operation = 'auth token';
      const answer = this.ok(operation, await this.send(operation, '/api/auth/tokens', { api_key: this.options.apiKey }));
      const { token } = this.parse(operation, answer, tokenSchema);
      this.token = { value: token, expiresAt: Date.now() + tokenLifetimeMs };
      return token;
    })().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  /** POSTs JSON; any status comes back, a missing or late answer throws. */
  private async send(operation: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    try {
      const res = await this.fetch(`${this.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? null : (JSON.parse(text) as unknown);
      } catch {
        parsed = undefined;
      }
      return { status: res.status, body: parsed, text };
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        throw new PaymobError(`Paymob ${operation} timed out after ${this.timeoutMs} ms`);
      }
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
      const code = cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string' ? cause.code : null;
      throw new PaymobError(`Paymob ${operation} failed: no answer`, null, code);
    }
  }

  /** The answer when it is a 2xx in JSON; otherwise a PaymobError with Paymob's detail. */
  private ok(operation: string, answer: Answer): Answer {
    if (answer.status < 200 || answer.status > 299) {
      throw new PaymobError(`Paymob ${operation} refused (HTTP ${answer.status})`, answer.status, this.detail(answer));
    }
    if (answer.body === undefined) throw new PaymobError(`Paymob ${operation} answered something other than JSON`, answer.status, null);
    return answer;
  }

  private parse<T>(operation: string, answer: Answer, schema: z.ZodType<T>): T {
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw new PaymobError(`Paymob ${operation} answered an unexpected shape`, answer.status, this.scrub(z.prettifyError(parsed.error)));
    return parsed.data;
  }

  private readTransaction(operation: string, obj: unknown, status: number): PaymobTransaction {
    try {
      return parseTransaction(obj);
    } catch (err) {
      const detail = err instanceof z.ZodError ? this.scrub(z.prettifyError(err)) : null;
      throw new PaymobError(`Paymob ${operation} answered something other than a transaction`, status, detail);
    }
  }

  /** Paymob's reason: `detail` or `message` when it gives one, else its (field) errors, shortened. */
  private detail(answer: Answer): string | null {
    const body = answer.body;
    let text: string;
    if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') text = body.detail;
    else if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') text = body.message;
    else if (body !== undefined && body !== null) text = JSON.stringify(body);
    else text = answer.text.trim();
    return text === '' ? null : this.scrub(text).slice(0, 500);
  }

  /** Removes our keys and token from text that came from outside, in case an answer echoes one. */
  private scrub(text: string): string {
    const secrets = [this.options.secretKey, this.options.apiKey, this.options.publicKey, this.token?.value].filter((s): s is string => !!s && s.length >= 6);
    return secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
  }
}
