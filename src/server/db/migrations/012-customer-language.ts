import type { Kysely } from 'kysely';

/**
 * The language a customer shops in (issue 16): each order and each account keeps the page
 * language it was made in, so the messages about it (e-mails, the WhatsApp confirmation) are
 * written in that language. Orders and accounts made before this migration read as English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('language', 'varchar(5)', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('language', 'varchar(5)', (c) => c.notNull().defaultTo('en'))
    .execute();
}
