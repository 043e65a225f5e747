import type { Kysely } from 'kysely';
import type { Database, SearchStatTable } from '../db/schema.js';
import { addSearchCounts } from '../repositories/search-stats-repository.js';
import { searchKey } from '../../shared/domain/search-text.js';
import { shopDay } from '../../shared/domain/shop-time.js';
import type { Language } from '../../shared/domain/languages.js';

/** Longer queries are not counted (pasted text, not a search). */
export const MAX_COUNTED_QUERY = 100;
/** Distinct queries kept between flushes; beyond it new queries wait for the next flush window. */
const MAX_KEYS = 5000;

/**
 * Counts full searches (a listing with a query, page 1) per day, language and normalised query,
 * with how many found nothing. Nothing personal is kept. Counts live in memory and are added to
 * the database every `intervalMs` and on close, never written per request.
 */
export class SearchStats {
  private counts = new Map<string, SearchStatTable>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (err: unknown) => void,
    private readonly intervalMs = 10_000,
  ) {}

  /** Counts one search that found `total` products. */
  record(language: Language, query: string, total: number, now = Date.now()): void {
    const normalised = searchKey(query);
    if (!normalised || normalised.length > MAX_COUNTED_QUERY) return;
    const day = shopDay(now);
    const key = `${day}|${language}|${normalised}`;
    let row = this.counts.get(key);
    if (!row) {
      if (this.counts.size >= MAX_KEYS) return;
      row = { day, language, query: normalised, searches: 0, no_results: 0 };
      this.counts.set(key, row);
    }
    row.searches += 1;
    if (total === 0) row.no_results += 1;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.intervalMs).unref();
  }

  /** Adds the counts gathered so far to the database (one flush at a time); failed counts are put back. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (!this.counts.size) return;
      const rows = [...this.counts.values()];
      this.counts = new Map();
      try {
        await addSearchCounts(this.db, rows);
      } catch (err) {
        for (const row of rows) {
          const key = `${row.day}|${row.language}|${row.query}`;
          const kept = this.counts.get(key);
          if (kept) {
            kept.searches += row.searches;
            kept.no_results += row.no_results;
          } else if (this.counts.size < MAX_KEYS) this.counts.set(key, row);
        }
        this.onError(err);
      }
    });
    return this.flushing;
  }

  /** Stops the timer and writes what is left (at shutdown, before the database closes). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}
