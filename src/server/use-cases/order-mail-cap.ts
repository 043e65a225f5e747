import { AttemptLimiter, keyOf, orderMailPolicy, type Attempt } from '../auth/attempts.js';
import { findUserContact } from '../repositories/user-repository.js';
import type { UseCaseContext } from './use-case.js';

const limiters = new WeakMap<UseCaseContext['shop'], AttemptLimiter>();

/** Each shop's limiter of order confirmations per address, in the attempt store every process shares. */
function orderMailLimiter(shop: UseCaseContext['shop']): AttemptLimiter {
  let made = limiters.get(shop);
  if (!made) limiters.set(shop, (made = new AttemptLimiter(shop.attempts, orderMailPolicy)));
  return made;
}

/** Whether a checkout's confirmation goes out, and the count it took (to give back if no order is made). */
export interface OrderMailAllowance {
  send: boolean;
  counted: { limiter: AttemptLimiter; attempt: Attempt } | null;
}

/**
 * Decides, before the order's transaction (the counters may live in the database, whose one SQLite
 * connection the transaction holds), whether a checkout's confirmation e-mail is sent (issue 33).
 * An address typed at checkout gets a few confirmations an hour (`orderMailPolicy`), counted in the
 * shared attempt store so racing checkouts cannot all slip through; the signed-in account's own
 * address is never capped: its owner placed those orders. No address: nothing to count.
 */
export async function takeOrderMail(ctx: UseCaseContext, typed: string | undefined): Promise<OrderMailAllowance> {
  const address = typed?.trim().toLowerCase();
  if (!address) return { send: true, counted: null };
  if (ctx.actor.userId !== null) {
    const own = await findUserContact(ctx.db, { id: ctx.actor.userId });
    if (own?.email.toLowerCase() === address) return { send: true, counted: null };
  }
  const limiter = orderMailLimiter(ctx.shop);
  const attempt = await limiter.take(`m:o:${keyOf(address)}`);
  if (!attempt.allowed) {
    ctx.log.warn({ kind: 'order_mail_capped' }, 'checkout: an order confirmation was not sent, the address had its share this hour');
    return { send: false, counted: null };
  }
  return { send: true, counted: { limiter, attempt } };
}
