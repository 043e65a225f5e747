import type { Kysely, Selectable, Transaction } from 'kysely';
import { toIso } from '../db/database.js';
import type { ContactMessageTable, Database } from '../db/schema.js';
import type { ContactMessage, MessageFilter } from '../../shared/schemas/admin-dashboard.js';

type Q = Kysely<Database> | Transaction<Database>;

const toMessage = (m: Selectable<ContactMessageTable>): ContactMessage => ({
  id: m.id,
  name: m.name,
  email: m.email,
  subject: m.subject,
  message: m.message,
  language: m.language,
  handled: m.handled === 1,
  createdAt: toIso(m.created_at),
});

/** Stores a message of the contact form, unread; returns its id. */
export async function insertMessage(
  db: Q,
  message: Pick<ContactMessage, 'name' | 'email' | 'subject' | 'message' | 'language' | 'createdAt'>,
): Promise<number> {
  const { id } = await db
    .insertInto('contact_messages')
    .values({
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      language: message.language,
      handled: 0,
      created_at: message.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A page of the inbox, newest first, with the filtered total and the inbox's unread count. */
export async function listMessages(db: Q, opts: { filter: MessageFilter; page: number; pageSize: number }) {
  let query = db.selectFrom('contact_messages');
  if (opts.filter === 'unread') query = query.where('handled', '=', 0);
  const [{ count }, { unread }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
    db
      .selectFrom('contact_messages')
      .where('handled', '=', 0)
      .select((eb) => eb.fn.countAll<number | string>().as('unread'))
      .executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize)
      .execute(),
  ]);
  return { items: rows.map(toMessage), total: Number(count), unread: Number(unread) };
}

/** Marks a message handled (read) or not; undefined when there is no such message. */
export async function setMessageHandled(db: Q, id: number, handled: boolean): Promise<ContactMessage | undefined> {
  const result = await db
    .updateTable('contact_messages')
    .set({ handled: handled ? 1 : 0 })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  const row = await db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return toMessage(row);
}

/** Deletes a message; false when there was none. */
export async function deleteMessage(db: Q, id: number): Promise<boolean> {
  const result = await db.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
