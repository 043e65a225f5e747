import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * The merchant's team and the record of what it changed (issue 32, decision 039).
 *
 * `users.role`: the stored `admin` (the shop's one staff account until now) becomes `owner`; staff
 * roles are `owner`, `manager`, `orders` and `catalogue` (src/shared/domain/permissions.ts).
 *
 * `staff_invites`: an owner's invitation of a person by e-mail, with the role they join with. The
 * link carries a random token; only its SHA-256 is kept. Valid until `expires_at` (7 days), used
 * once (`accepted_at`), or withdrawn (`revoked_at`).
 *
 * `audit_log`: one row per admin change, written in the change's transaction: who (id, and the
 * e-mail and role they had then, kept when the account goes), from which address, when, what
 * (`kind` of thing, `action`, the thing's id and a label) and the changed values before and after
 * (JSON of the fields that changed). Append-only: no route changes or deletes a row; retention
 * removes rows older than two years at the earliest (jobs/retention.ts). Indexed for the activity
 * page's filters, newest first, and for one thing's history.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await sql`update users set role = 'owner' where role = 'admin'`.execute(db);
  // The staff among every customer: the staff page and the activity page's person filter.
  await db.schema.createIndex('users_staff').on('users').columns(['role', 'email']).where(sql.ref('role'), '!=', 'customer').execute();

  await idColumn(db.schema.createTable('staff_invites'), ctx)
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('staff_invites_email').on('staff_invites').columns(['email', 'created_at']).execute();

  await idColumn(db.schema.createTable('audit_log'), ctx)
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'varchar(254)')
    .addColumn('actor_role', 'varchar(20)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject_id', 'varchar(40)')
    .addColumn('label', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_kind').on('audit_log').columns(['kind', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_subject').on('audit_log').columns(['kind', 'subject_id', 'at', 'id']).execute();
}
