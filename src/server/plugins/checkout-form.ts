import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formBody from '@fastify/formbody';
import crypto from 'node:crypto';
import { CART_COOKIE, CART_COOKIE_MAX_AGE, cartCookieHeaders, cartPlacedCookie, decodeCartCookie, encodeLines } from '../../shared/domain/cart-cookie.js';
import { customerSchema, type CheckoutFailure, type CheckoutSubmission, type Customer, type StockProblem } from '../../shared/schemas/checkout.js';
import { orderLineKey, type OrderLineRequest } from '../../shared/domain/cart.js';

type SendPage = (request: FastifyRequest, reply: FastifyReply, submission?: CheckoutSubmission, status?: number) => Promise<FastifyReply>;

const fieldNames = Object.keys(customerSchema.shape) as Array<keyof Customer>;
const KEY = /^[\w-]{8,100}$/;

interface ApiAnswer {
  order?: { number: string };
  accessToken?: string;
  error?: { code?: string; fields?: Record<string, string>; details?: { lines?: StockProblem[] } };
}

/** Each line short of stock lowered to what is left, a sold-out one dropped (what the browser's checkout does). */
function takeWhatIsLeft(lines: OrderLineRequest[], problems: StockProblem[]): OrderLineRequest[] {
  const short = new Map(problems.map((p) => [orderLineKey(p), p]));
  return lines.flatMap((line) => {
    const problem = short.get(orderLineKey(line));
    if (!problem) return [line];
    return problem.available > 0 ? [{ ...line, quantity: problem.available }] : [];
  });
}

/**
 * `POST /checkout`: the checkout form as a browser without scripts sends it (decision 025). The
 * order is placed through `POST /api/orders` itself, in process (the same checks, limits, e-mails
 * and answers as the script's checkout), from the form's fields, its idempotency key and the cart
 * cookie's lines. Placed: the cart cookie is emptied and the browser goes to the order's page.
 * Refused: the checkout page again, with the values as typed, the errors beside the fields, lines
 * short of stock lowered, or the reason, and the answer's status.
 */
export async function checkoutForm(app: FastifyInstance, { sendPage }: { sendPage: SendPage }): Promise<void> {
  await app.register(formBody, { bodyLimit: 16 * 1024 });

  app.post('/checkout', async (request, reply) => {
    // A form on another site cannot order for the shopper (its post carries no SameSite=Lax cookie either).
    if (request.headers['sec-fetch-site'] === 'cross-site') return reply.status(403).type('text/plain; charset=utf-8').send('Forbidden');
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
    const values = Object.fromEntries(fieldNames.map((name) => [name, text(name)])) as Record<keyof Customer, string>;
    const key = KEY.test(text('key')) ? text('key') : null;
    const lines = decodeCartCookie(request.cookies[CART_COOKIE]);

    const answer = await app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: request.ip,
      headers: {
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        ...(request.headers['accept-language'] ? { 'accept-language': request.headers['accept-language'] } : {}),
        ...(request.headers.host ? { host: request.headers.host } : {}),
        ...(request.headers['x-forwarded-proto'] ? { 'x-forwarded-proto': request.headers['x-forwarded-proto'] } : {}),
        ...(request.headers['x-forwarded-host'] ? { 'x-forwarded-host': request.headers['x-forwarded-host'] } : {}),
      },
      payload: {
        ...values,
        email: values.email || undefined,
        notes: values.notes || undefined,
        paymentMethod: text('paymentMethod'),
        lines: lines.map((line) => ({ ...line, color: line.color ?? null, size: line.size ?? null })),
      },
    });
    const data = (answer.json() ?? {}) as ApiAnswer;
    if ((answer.statusCode === 201 || answer.statusCode === 200) && data.order && data.accessToken) {
      for (const cookie of cartCookieHeaders('', 0)) void reply.header('Set-Cookie', cookie);
      // The browser's stored cart (out of the server's reach) is emptied when its scripts next start.
      void reply.header('Set-Cookie', cartPlacedCookie(CART_COOKIE_MAX_AGE));
      return reply.redirect(`/order/${encodeURIComponent(data.order.number)}?token=${encodeURIComponent(data.accessToken)}`, 303);
    }

    const error = data.error ?? {};
    // The server answered: the next attempt is a new one (as in the browser's checkout).
    const submission: CheckoutSubmission = { key: crypto.randomUUID(), values, fields: {}, problems: [], failure: null };
    if (answer.statusCode === 409 && error.details?.lines) {
      submission.problems = error.details.lines;
      const left = takeWhatIsLeft(lines, error.details.lines);
      const value = left.length ? encodeLines(left) : '';
      for (const cookie of cartCookieHeaders(value, value ? undefined : 0)) void reply.header('Set-Cookie', cookie);
      request.cookies[CART_COOKIE] = value;
    } else if (answer.statusCode === 400 && error.fields) {
      submission.fields = Object.fromEntries(Object.entries(error.fields).filter(([path]) => (fieldNames as string[]).includes(path)));
      const failure: CheckoutFailure = error.fields.lines === 'cart_empty' ? 'emptyCart' : 'failed';
      if (Object.keys(submission.fields).length === 0) submission.failure = failure;
    } else if (answer.statusCode === 429) submission.failure = error.code === 'too_many_orders' ? 'tooManyOrders' : 'tooMany';
    else submission.failure = 'failed';
    return sendPage(request, reply, submission, answer.statusCode >= 400 && answer.statusCode < 500 ? answer.statusCode : 500);
  });
}
