import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * The admin's outbox list (issue 16): newest first, (created_at, id), optionally within one status
 * or one kind. A million messages are mostly 'sent'; the ones an admin looks for (failed, held) or
 * a rare kind (the daily low-stock list) would otherwise be found by walking every message from
 * the newest. SQLite appends the rowid (our id) to every index; PostgreSQL needs it named, as in
 * migration 005.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const tail = ctx.dialect === 'postgres' ? ['created_at', 'id'] : ['created_at'];
  await db.schema
    .createIndex('outbox_status_created')
    .on('outbox')
    .columns(['status', ...tail])
    .execute();
  await db.schema
    .createIndex('outbox_kind_created')
    .on('outbox')
    .columns(['kind', ...tail])
    .execute();
  if (ctx.dialect === 'postgres') await db.schema.createIndex('outbox_created_id').on('outbox').columns(['created_at', 'id']).execute();
}
