import type { Kysely } from 'kysely';

/**
 * Daily search counts (issue 15): one row per Cairo day, page language and normalised query, no
 * personal data. Processes add their in-memory counts with additive upserts every few seconds,
 * so several processes over one database add up. Queries are at most 100 characters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_stats')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('query', 'varchar(100)', (c) => c.notNull())
    .addColumn('searches', 'integer', (c) => c.notNull())
    .addColumn('no_results', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_stats_pk', ['day', 'language', 'query'])
    .execute();
}
