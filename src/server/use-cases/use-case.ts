import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ShopContext } from '../context.js';
import type { Language } from '../../shared/domain/languages.js';
import type { StoredRole } from '../../shared/domain/permissions.js';
import { retryOnConflict } from '../db/errors.js';
import { advanceStockVersion } from '../repositories/settings-repository.js';
import { bumpCatalogVersion, markCatalogueReload, markProductsChanged } from '../catalog/changes.js';
import { notifyChange } from '../db/change-feed.js';
import { requestLanguage } from '../request-language.js';
import { publicOrigin } from '../public-origin.js';
import { noteRestocks } from './stock-alert-restocks.js';

/** Who does something: a guest, a signed-in customer, the merchant's staff, or the shop itself (jobs, start-up). */
export interface Actor {
  /** The account acting; null for a guest and for the shop itself. */
  userId: number | null;
  role: 'guest' | 'system' | StoredRole;
  /** The account's e-mail as it is now (the audit log keeps it with each change); null for a guest and the shop itself. */
  email: string | null;
  /** The client's address (request.ip, behind trusted proxies), for limits and the audit log; null for the shop itself. */
  address: string | null;
}

/**
 * What every use case is given (docs/architecture.md, "Use cases"): the shop's services, who acts,
 * the one clock reading of the operation, and the request's language and public address (the
 * links and language of the e-mails it writes).
 */
export interface UseCaseContext {
  shop: ShopContext;
  db: Kysely<Database>;
  actor: Actor;
  now: Date;
  language: Language;
  /** The shop's public origin (`https://shop.example`) for links the operation writes. */
  origin: string;
  log: FastifyBaseLogger;
}

/**
 * A use case's view inside its one transaction: every read and write goes through `trx` (`db` is
 * the transaction too); effects wait for the commit. Never reach for the outer context's `db` in
 * here: on SQLite the one connection is the transaction's until it ends, so such a read waits for ever.
 */
export interface TransactionContext extends UseCaseContext {
  trx: Transaction<Database>;
  after: Effects;
}

/**
 * What a write says it changed. Each is declared inside the transaction, where the change is made,
 * and acted on by `inTransaction`: the marks that must commit with the data are written just
 * before the commit, and the rest (waking the job runner, telling this process's catalogue and the
 * other processes) runs only after it. A transaction that rolls back leaves no effect behind, and
 * no caller can forget one: a write path declares what it changed, never how others hear of it.
 */
export interface Effects {
  /** A message or job row was written in this transaction: the job runner takes it at once after commit, not at its next poll. */
  jobAdded(): void;
  /**
   * Stock of these products moved (an order, a cancellation): the stock version advances with the
   * commit (inside it on SQLite, right after it on PostgreSQL, where it is a lock-free sequence)
   * and this process re-reads just these products' stock; others do within CHANGE_CHECK_MS.
   */
  stockChanged(productIds: Iterable<number>): void;
  /** An admin write changed these products: every process reads just them again (decision 019). */
  productsChanged(productIds: Iterable<number>): void;
  /**
   * The storefront's content changed beyond named products: `settings` (pages are rendered anew,
   * the catalogue stays) or `everything` (categories, or a write that cannot name its products:
   * every process reloads the whole catalogue).
   */
  contentChanged(change: 'settings' | 'everything'): void;
}

/** The effects one attempt of a transaction declared. */
class DeclaredEffects implements Effects {
  wake = false;
  readonly stock = new Set<number>();
  readonly products = new Set<number>();
  content: 'none' | 'settings' | 'everything' = 'none';

  jobAdded(): void {
    this.wake = true;
  }
  stockChanged(productIds: Iterable<number>): void {
    for (const id of productIds) this.stock.add(id);
  }
  productsChanged(productIds: Iterable<number>): void {
    for (const id of productIds) this.products.add(id);
  }
  contentChanged(change: 'settings' | 'everything'): void {
    if (change === 'everything' || this.content === 'none') this.content = change;
  }

  /** The marks that must commit with the data, written last in the transaction. */
  async beforeCommit(trx: Transaction<Database>, ctx: UseCaseContext): Promise<void> {
    if (this.content === 'everything') await markCatalogueReload(trx);
    else if (this.products.size) await markProductsChanged(trx, [...this.products]);
    else if (this.content === 'settings') await bumpCatalogVersion(trx);
    if (this.stock.size && ctx.shop.dialect === 'sqlite') await advanceStockVersion(trx, 'sqlite');
    // Back-in-stock alerts (decision 046): a product someone waits for that is in stock now gets its job.
    const touched = this.content === 'everything' ? 'all' : [...new Set([...this.stock, ...this.products])];
    if ((touched === 'all' || touched.length) && (await noteRestocks(trx, touched, ctx.now))) this.wake = true;
  }

  /**
   * Runs once the data is committed. A failure here is logged, not thrown: the change is safe, and
   * a process that was not told sees it at its next version check.
   */
  async afterCommit(ctx: UseCaseContext): Promise<void> {
    const { shop } = ctx;
    const steps: Array<[string, () => unknown]> = [];
    if (this.stock.size) {
      if (shop.dialect === 'postgres') steps.push(['stock version', () => advanceStockVersion(shop.db, 'postgres')]);
      steps.push(['stock', () => shop.catalog.stockChanged(this.stock)]);
    }
    if (this.content !== 'none' || this.products.size) {
      steps.push(['catalogue', () => shop.catalog.invalidate()]);
      if (shop.changes) {
        const channel = shop.changes.channel;
        steps.push(['change notice', () => notifyChange(shop.db, channel, 'content')]);
      }
    }
    if (this.wake) steps.push(['jobs', () => shop.outbox.wake()]);
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (err) {
        ctx.log.error({ err, effect: name }, 'An effect after a commit failed; other processes see the change at their next version check');
      }
    }
  }
}

/**
 * Runs `work` in one transaction and then the effects it declared. With `retryConflicts`, a
 * serialization failure or deadlock (PostgreSQL) runs the whole of `work` again with fresh effects,
 * so it must read what it decides on inside the transaction. The only place a transaction is
 * opened for a use case: routes and forms call use cases, never `db.transaction()`.
 */
export async function inTransaction<T>(
  ctx: UseCaseContext,
  work: (tx: TransactionContext) => Promise<T>,
  options: { retryConflicts?: boolean } = {},
): Promise<T> {
  const attempt = async () => {
    const effects = new DeclaredEffects();
    const result = await ctx.db.transaction().execute(async (trx) => {
      const done = await work({ ...ctx, db: trx, trx, after: effects });
      await effects.beforeCommit(trx, ctx);
      return done;
    });
    return { result, effects };
  };
  const { result, effects } = options.retryConflicts ? await retryOnConflict(attempt) : await attempt();
  await effects.afterCommit(ctx);
  return result;
}

/** The context of a request's use case: who is signed in, from which address, in which language. */
export async function requestContext(request: FastifyRequest): Promise<UseCaseContext> {
  const shop = request.server.shop;
  const user = await request.currentUser();
  return {
    shop,
    db: shop.db,
    actor: { userId: user?.id ?? null, role: user?.role ?? 'guest', email: user?.email ?? null, address: request.ip },
    now: new Date(),
    language: requestLanguage(request),
    origin: publicOrigin(request, shop.config),
    log: request.log,
  };
}

/** The context of the shop acting by itself (jobs, start-up, command-line tools, tests). */
export function systemContext(shop: ShopContext, log: FastifyBaseLogger, overrides: Partial<Omit<UseCaseContext, 'shop' | 'db'>> = {}): UseCaseContext {
  const origin = shop.config.publicUrl ?? `http://localhost:${shop.config.port}`;
  return { shop, db: shop.db, actor: { userId: null, role: 'system', email: null, address: null }, now: new Date(), language: 'en', origin, log, ...overrides };
}
