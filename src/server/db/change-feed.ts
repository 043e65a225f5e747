import pg from 'pg';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './schema.js';

/** What changed: the storefront's content (catalogue, categories, settings, fees). */
export type Change = 'content';

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * Tells every shop process over one PostgreSQL database, within milliseconds, that something it
 * keeps in memory changed (LISTEN/NOTIFY on a channel per schema). A notification is only a
 * hint: the versions in the settings table stay the truth, and each process still checks them
 * every second, so one that missed a message (its listening connection dropped) catches up on
 * its next check, and again when it reconnects. SQLite shops, one machine, rely on that check.
 */
export class ChangeFeed {
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private retry: NodeJS.Timeout | null = null;

  private constructor(
    private readonly url: string,
    private readonly schema: string | undefined,
    readonly channel: string,
    private readonly onChange: (change: Change) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts listening; resolves once the first LISTEN is in place (or has failed and is being retried). */
  static async open(options: { url: string; schema: string | undefined; onChange: (change: Change) => void; log: FastifyBaseLogger }): Promise<ChangeFeed> {
    const channel = `nasma_changes_${options.schema ?? 'public'}`.slice(0, 63);
    const feed = new ChangeFeed(options.url, options.schema, channel, options.onChange, options.log);
    await feed.connect();
    return feed;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url, ...(this.schema ? { options: `-c search_path=${this.schema}` } : {}) });
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload === 'content') this.onChange('content');
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      this.client = client;
      // Whatever changed while no connection listened is caught up now, not at the next check.
      if (this.retryMs > RETRY_MIN_MS) this.onChange('content');
      this.retryMs = RETRY_MIN_MS;
    } catch (err) {
      this.lost(client, err);
    }
  }

  private lost(client: pg.Client, err: unknown): void {
    if (this.closed || this.retry || (this.client && this.client !== client)) return;
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    this.log.warn({ err }, `change notifications lost; listening again in ${this.retryMs} ms (changes still show within a second)`);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  /** Whether the listening connection is up (for /api/health). */
  get listening(): boolean {
    return this.client !== null;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}

/**
 * Announces a change to every process listening on `channel`; inside a transaction it is sent
 * when (and only if) the transaction commits.
 */
export async function notifyChange(db: Kysely<Database> | Transaction<Database>, channel: string, change: Change): Promise<void> {
  await sql`select pg_notify(${channel}, ${change})`.execute(db);
}
