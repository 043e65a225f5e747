import type { Kysely } from 'kysely';

/**
 * Links sent by e-mail (issue 16, decision 023): a password reset (single use, one hour) and a
 * registration waiting for its address to be confirmed (one day). Only the SHA-256 of a link's
 * token is kept, so a leaked database opens no account. A pending registration keeps the password's
 * argon2 hash until its link is used; one per address, the newest replacing the older.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
  await db.schema
    .createTable('sign_ups')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)')
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_ups_email').on('sign_ups').column('email').execute();
}
