import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * The outbox (issue 16, decision 021): every message the shop sends is a row written in the same
 * transaction as the change that causes it. A sender in each shop process claims due rows (on
 * PostgreSQL with `FOR UPDATE SKIP LOCKED`), sends them, and marks them sent, or failed after its
 * last retry. `locked_until` is the claim's lease: a process killed while sending leaves a row
 * whose lease runs out, and another sender takes it again.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('outbox'), ctx)
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .execute();
  // The sender's question: which pending rows are due (status, then time).
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  // The admin's list: newest first.
  await db.schema.createIndex('outbox_created').on('outbox').columns(['created_at']).execute();
}
