import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Adds an address to the newsletter; false when it is there already. One statement: two sign-ups
 * racing for one address leave one row, and the other learns it was already there.
 */
export async function addSubscriber(db: Q, subscriber: { email: string; language: string; createdAt: string }): Promise<boolean> {
  const result = await db
    .insertInto('newsletter_subscribers')
    .values({ email: subscriber.email, language: subscriber.language, created_at: subscriber.createdAt })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}
