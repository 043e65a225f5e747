import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formBody from '@fastify/formbody';
import crypto from 'node:crypto';
import { CART_COOKIE, CART_COOKIE_MAX_AGE, cartCookieHeaders, cartPlacedCookie, decodeCartCookie, encodeLines } from '../../shared/domain/cart-cookie.js';
import {
  checkoutSchema,
  customerSchema,
  type CheckoutFailure,
  type CheckoutSubmission,
  type Customer,
  type StockProblem,
} from '../../shared/schemas/checkout.js';
import { orderLineKey, type OrderLineRequest } from '../../shared/domain/cart.js';
import { AppError, TooManyRequests, parseOrRefuse } from '../errors.js';
import { checkout, type PlacedOrder } from '../use-cases/checkout.js';
import { requestContext } from '../use-cases/use-case.js';
import { rememberTrackedOrder } from '../auth/device-cookie.js';

type SendPage = (request: FastifyRequest, reply: FastifyReply, submission?: CheckoutSubmission, status?: number) => Promise<FastifyReply>;

const fieldNames = Object.keys(customerSchema.shape) as Array<keyof Customer>;
const KEY = /^[\w-]{8,100}$/;

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
 * order is placed by the checkout use case the API calls (the same checks, limits, e-mails and
 * answers as the script's checkout), from the form's fields, its idempotency key and the cart
 * cookie's lines, checked with the API's schema. Placed: the cart cookie is emptied and the browser goes to the order's page.
 * Refused: the checkout page again, with the values as typed, the errors beside the fields, lines
 * short of stock lowered, or the reason, and the answer's status.
 */
export async function checkoutForm(app: FastifyInstance, { sendPage }: { sendPage: SendPage }): Promise<void> {
  await app.register(formBody, { bodyLimit: 16 * 1024 });
  const { checkoutLimits, rateLimitScale } = app.shop.config;
  // POST /api/orders's ceiling per address, counted for this form: past it the shopper gets the
  // checkout page saying so, not a JSON error.
  const perAddress = app.createRateLimit({ max: checkoutLimits.perAddress.max * rateLimitScale, timeWindow: checkoutLimits.perAddress.windowMs });

  app.post('/checkout', async (request, reply) => {
    // A form on another site cannot order for the shopper (its post carries no SameSite=Lax cookie either).
    if (request.headers['sec-fetch-site'] === 'cross-site') return reply.status(403).type('text/plain; charset=utf-8').send('Forbidden');
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
    const values = Object.fromEntries(fieldNames.map((name) => [name, text(name)])) as Record<keyof Customer, string>;
    const key = KEY.test(text('key')) ? text('key') : null;
    const lines = decodeCartCookie(request.cookies[CART_COOKIE]);

    let placed: PlacedOrder | undefined;
    let refused: AppError | undefined;
    try {
      const limit = await perAddress(request);
      if (!limit.isAllowed && limit.isExceeded) throw new TooManyRequests('rate_limited', 'Too many requests from this connection.', limit.ttlInSeconds);
      const input = parseOrRefuse(checkoutSchema, {
        ...values,
        email: values.email || undefined,
        notes: values.notes || undefined,
        paymentMethod: text('paymentMethod'),
        couponCode: text('couponCode') || undefined,
        lines: lines.map((line) => ({ ...line, color: line.color ?? null, size: line.size ?? null })),
      });
      placed = await checkout(await requestContext(request), { checkout: input, idempotencyKey: key });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refused = err;
    }
    if (placed) {
      rememberTrackedOrder(request, reply, app.shop.secret, placed.order.number);
      for (const cookie of cartCookieHeaders('', 0)) void reply.header('Set-Cookie', cookie);
      // The browser's stored cart (out of the server's reach) is emptied when its scripts next start.
      void reply.header('Set-Cookie', cartPlacedCookie(CART_COOKIE_MAX_AGE));
      // Paid online: straight on to Paymob's page, as the scripted checkout does.
      if (placed.paymentUrl) return reply.redirect(placed.paymentUrl, 303);
      return reply.redirect(`/order/${encodeURIComponent(placed.order.number)}?token=${encodeURIComponent(placed.accessToken)}`, 303);
    }

    const error = refused!;
    const problems = (error.details as { lines?: StockProblem[] } | undefined)?.lines;
    // The server answered: the next attempt is a new one (as in the browser's checkout).
    const submission: CheckoutSubmission = { key: crypto.randomUUID(), values, fields: {}, problems: [], failure: null };
    if (error.statusCode === 409 && problems) {
      submission.problems = problems;
      const left = takeWhatIsLeft(lines, problems);
      const value = left.length ? encodeLines(left) : '';
      for (const cookie of cartCookieHeaders(value, value ? undefined : 0)) void reply.header('Set-Cookie', cookie);
      request.cookies[CART_COOKIE] = value;
    } else if (error.code === 'checkout_blocked') {
      submission.failure = 'blocked';
    } else if (error.code.startsWith('promotion_') || error.fields?.couponCode) {
      submission.failure = 'coupon';
    } else if (error.statusCode === 400 && error.fields) {
      submission.fields = Object.fromEntries(Object.entries(error.fields).filter(([path]) => (fieldNames as string[]).includes(path)));
      const failure: CheckoutFailure = error.fields.lines === 'cart_empty' ? 'emptyCart' : 'failed';
      if (Object.keys(submission.fields).length === 0) submission.failure = failure;
    } else if (error.statusCode === 429) {
      submission.failure = error.code === 'too_many_orders' ? 'tooManyOrders' : 'tooMany';
      if (error instanceof TooManyRequests) void reply.header('Retry-After', String(error.retryAfterSeconds));
    } else submission.failure = 'failed';
    return sendPage(request, reply, submission, error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500);
  });
}
