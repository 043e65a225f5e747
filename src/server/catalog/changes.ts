import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { setChangedVersion, setReloadVersion } from '../repositories/catalog-repository.js';
import { incrementSetting } from '../repositories/settings-repository.js';

/**
 * Where every write says what it changed in the catalogue (decisions 010, 017, 019, 029): in the
 * database, inside its transaction, so every process finds it at its next check
 * (`markProductsChanged`, `markCatalogueReload`, `bumpCatalogVersion`, written by the use cases'
 * effects, use-cases/use-case.ts), and in this process (`CatalogChanges`), so this process shows it
 * at once.
 */

/** Bumped by every admin write that changes what the storefront shows: products, categories, settings. */
const CONTENT_VERSION = 'catalog_version';

type Q = Kysely<Database> | Transaction<Database>;

/** Marks the storefront's content as changed (settings): pages are rendered anew, the catalogue stays. */
export const bumpCatalogVersion = (db: Q) => incrementSetting(db, CONTENT_VERSION);

/**
 * Marks these products as changed by an admin write, inside the write's transaction: every process
 * reads just them again (decision 019). The version is bumped first, so its row lock orders
 * concurrent writes: a process that sees version v has every mark up to v committed.
 */
export async function markProductsChanged(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  const version = await incrementSetting(trx, CONTENT_VERSION);
  if (ids.length) await setChangedVersion(trx, ids, version);
}

/**
 * Marks a change every process follows by reloading the whole catalogue (categories, or a write it
 * cannot name), inside the write's transaction: a process must never see the new version without
 * the reload it asks for.
 */
export async function markCatalogueReload(trx: Transaction<Database>): Promise<void> {
  const version = await incrementSetting(trx, CONTENT_VERSION);
  await setReloadVersion(trx, version);
}

/** The stock this process moved before a whole load began, and what it moves while the load reads. */
export interface StockDuringLoad {
  covered: readonly number[];
  during: Set<number>;
}

/**
 * What this process was told changed and the replica has not read back yet: the one entry point
 * of its writes (an admin write, an order) and of other processes' notifications.
 */
export class CatalogChanges {
  /** Products whose stock this process moved, to re-read at the next read. */
  private readonly touched = new Set<number>();
  /** Products touched while a whole load reads: re-read once it is in place, whatever refresh ran meanwhile. */
  private touchedDuringLoad: Set<number> | undefined;
  /** A check of the versions is due at the next read, however recent the last one. */
  private checkDue = false;
  /** This process wrote: the next read waits for everything, a whole reload included. */
  private waitForChanges = false;

  /** This process changed the content (an admin write): the next read waits until it shows. */
  contentChanged(): void {
    this.checkDue = true;
    this.waitForChanges = true;
  }

  /** Another process changed the content (a notification): check at the next read. */
  notified(): void {
    this.checkDue = true;
  }

  /** This process changed the stock of these products (an order, a cancellation): re-read them at once. */
  stockChanged(productIds: Iterable<number>): void {
    for (const id of productIds) {
      this.touched.add(id);
      this.touchedDuringLoad?.add(id);
    }
  }

  /** True when a read must wait for a check: this process's own order to read back, or a change it was told of. */
  get pending(): boolean {
    return this.checkDue || this.touched.size > 0;
  }

  /** True when the next check must read the versions, however recent the last one. */
  get versionsDue(): boolean {
    return this.checkDue;
  }

  /** The versions were read: what this process was told before is in them. */
  versionsRead(): void {
    this.checkDue = false;
  }

  /** Whether this process wrote since a read last waited for it (a whole reload under way is then waited for). */
  get wrote(): boolean {
    return this.waitForChanges;
  }

  /** A read has waited for what this process wrote. */
  waited(): void {
    this.waitForChanges = false;
  }

  /** The products whose stock to re-read now; they are no longer pending. */
  takeStock(): number[] {
    const ids = [...this.touched];
    this.touched.clear();
    return ids;
  }

  /** A whole load begins: it shows the stock of products touched so far; those touched while it reads are collected. */
  loadStarted(): StockDuringLoad {
    const during = (this.touchedDuringLoad = new Set());
    return { covered: [...this.touched], during };
  }

  /** The load is in place: what it covered is read, what was touched while it read is still to read. */
  loadInPlace({ covered, during }: StockDuringLoad): void {
    for (const id of covered) this.touched.delete(id);
    for (const id of during) this.touched.add(id);
  }

  /** The load ended, in place or failed. */
  loadEnded(): void {
    this.touchedDuringLoad = undefined;
  }
}
