import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * Jobs (issue 28, decision 032): work that is not a message (the daily low-stock list, retention,
 * later payment reconciliation) is a row of `jobs`, claimed by the job runner of any shop process
 * with the outbox's lease (and `FOR UPDATE SKIP LOCKED` on PostgreSQL). A once-a-day job carries
 * a unique key (`low_stock_report:2031-03-10`), so however many processes schedule it, one row
 * exists and one runs. Messages stay in `outbox`, untouched: the admin's list and its states rely
 * on them. A failed job is kept with its error for a person to see.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('jobs'), ctx)
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('unique_key', 'varchar(100)', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // The runner's question, as the outbox's: which pending rows are due.
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
  // A shop that already sent today's low-stock list through the old setting (decision 021's
  // claimDay) must not send it again after the upgrade: that day's job is written as done.
  const row = (await sql<{ value: string }>`select value from settings where key = 'low_stock_list_day'`.execute(db)).rows[0];
  const day = row ? (JSON.parse(row.value) as unknown) : undefined;
  if (typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day)) {
    const now = new Date().toISOString();
    await sql`insert into jobs (kind, payload, status, run_at, unique_key, created_at, finished_at)
      values ('low_stock_report', ${JSON.stringify({ day })}, 'done', ${now}, ${`low_stock_report:${day}`}, ${now}, ${now})`.execute(db);
  }
}
