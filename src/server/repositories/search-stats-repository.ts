import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, SearchStatTable } from '../db/schema.js';

type Q = Kysely<Database> | Transaction<Database>;

/** Adds counts to the day's rows (insert, or add to the row another process wrote): several processes add up. */
export async function addSearchCounts(db: Q, rows: readonly SearchStatTable[]): Promise<void> {
  // Bounded batches keep each statement's parameter list small (SQLite allows 32k parameters).
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('search_stats')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['day', 'language', 'query']).doUpdateSet({
          searches: sql<number>`search_stats.searches + excluded.searches`,
          no_results: sql<number>`search_stats.no_results + excluded.no_results`,
        }),
      )
      .execute();
  }
}

/** The most searched queries since `fromDay` (inclusive), all languages together; `noResults` counts only searches that found nothing. */
export async function topSearches(db: Q, fromDay: string, limit: number, noResults = false): Promise<Array<{ query: string; searches: number }>> {
  const column = noResults ? 'no_results' : 'searches';
  const rows = await db
    .selectFrom('search_stats')
    .select((eb) => ['query', eb.fn.sum<string | number>(column).as('searches')])
    .where('day', '>=', fromDay)
    .where(column, '>', 0)
    .groupBy('query')
    .orderBy('searches', 'desc')
    .orderBy('query')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ query: r.query, searches: Number(r.searches) }));
}

/**
 * Deletes up to `limit` rows of days before `beforeDay` (YYYY-MM-DD), oldest first, by primary key
 * (the retention job, decision 032): one short statement per batch. Returns how many went.
 */
export async function deleteSearchStatsBefore(db: Q, beforeDay: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('search_stats')
    .where((eb) =>
      eb(
        eb.refTuple('day', 'language', 'query'),
        'in',
        eb
          .selectFrom('search_stats as old')
          .select(['old.day', 'old.language', 'old.query'])
          .where('old.day', '<', beforeDay)
          .orderBy('old.day')
          .orderBy('old.language')
          .orderBy('old.query')
          .limit(limit)
          .$asTuple('day', 'language', 'query'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
