import { sql, type Kysely, type Transaction } from 'kysely';
import { toIso } from '../db/database.js';
import { escapeLike } from '../db/like.js';
import type { Database } from '../db/schema.js';
import { blockedKinds, riskReasons, type BlockedKind, type PhoneRecord, type RiskFacts, type RiskReason } from '../../shared/domain/order-risk.js';
import { mobileSearch } from '../../shared/domain/phone.js';
import { westernDigits } from '../../shared/domain/digits.js';
import type { BlockedContact, OrderReview } from '../../shared/schemas/risk.js';

// What the shop knows of a phone number and an address (issue 33, decision 042): records, review flags, the blocklist.

type Q = Kysely<Database> | Transaction<Database>;

const cameBack = ['refused', 'returned'] as const;

/**
 * Each phone's record (orders, delivered, refused or returned to shop), for a page of orders in one
 * grouped query over `orders_phone_status` alone (no table rows read). Phones with no order are absent.
 */
export async function phoneRecords(db: Q, phones: readonly string[]): Promise<Map<string, PhoneRecord>> {
  const records = new Map<string, PhoneRecord>();
  const distinct = [...new Set(phones)];
  if (!distinct.length) return records;
  const rows = await db
    .selectFrom('orders')
    .select(['phone', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('phone', 'in', distinct)
    .groupBy(['phone', 'status'])
    .execute();
  for (const r of rows) {
    const record = records.get(r.phone) ?? { orders: 0, delivered: 0, refused: 0 };
    const n = Number(r.n);
    record.orders += n;
    if (r.status === 'delivered') record.delivered += n;
    if ((cameBack as readonly string[]).includes(r.status)) record.refused += n;
    records.set(r.phone, record);
  }
  return records;
}

/**
 * The facts the risk rules weigh for a new order, read in the checkout's transaction before it is
 * stored: parcels this phone sent back (`orders_phone_status`), and orders from the phone or to the
 * address (`orders_address_key`) since `since`. `needs` skips the reads of rules that are off.
 */
export async function riskFacts(
  db: Q,
  order: { phone: string; addressKey: string },
  since: string,
  needs: { refused: boolean; recent: boolean },
): Promise<RiskFacts> {
  // One count of orders for each fact asked for; a rule that is off costs no read.
  const count = async (asked: boolean, column: 'phone' | 'address_key', value: string, more: 'came back' | 'since'): Promise<number> => {
    if (!asked) return 0;
    let query = db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(column, '=', value);
    query = more === 'came back' ? query.where('status', 'in', cameBack) : query.where('created_at', '>=', since);
    return Number((await query.executeTakeFirst())?.n ?? 0);
  };
  const [refused, byPhone, byAddress] = await Promise.all([
    count(needs.refused, 'phone', order.phone, 'came back'),
    count(needs.recent, 'phone', order.phone, 'since'),
    count(needs.recent, 'address_key', order.addressKey, 'since'),
  ]);
  return { refusedBefore: refused, recentByPhone: byPhone, recentByAddress: byAddress };
}

/** Reads a stored list of reasons, keeping only names it knows (a reason retired later is dropped, not shown raw). */
export function parseReasons(text: string | null): RiskReason[] {
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((r): r is RiskReason => (riskReasons as readonly unknown[]).includes(r)) : [];
  } catch {
    return [];
  }
}

/** An order's review (why it was flagged, when and by whom it was reviewed), or null when it was never flagged. */
export async function findOrderReview(db: Q, orderId: number): Promise<OrderReview | null> {
  const row = await db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.reviewed_by')
    .select(['orders.review_reasons', 'orders.reviewed_at', 'users.name as reviewer'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!row?.review_reasons) return null;
  return { reasons: parseReasons(row.review_reasons), reviewedAt: toIso(row.reviewed_at), reviewedBy: row.reviewer ?? null };
}

/** Marks a flagged order reviewed, once: false when it was not flagged or is already reviewed (the partial index then forgets it). */
export async function markReviewed(db: Q, orderId: number, by: number | null, now: string): Promise<boolean> {
  const updated = await db
    .updateTable('orders')
    .set({ reviewed_at: now, reviewed_by: by })
    .where('id', '=', orderId)
    .where('review_reasons', 'is not', null)
    .where('reviewed_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** True when the phone or the e-mail (already normalised) is on the blocklist: one probe of the unique index each. */
export async function isBlocked(db: Q, contact: { phone: string; email: string | null }): Promise<boolean> {
  const row = await db
    .selectFrom('blocked_contacts')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'phone'), eb('value', '=', contact.phone)]),
        ...(contact.email ? [eb.and([eb('kind', '=', 'email'), eb('value', '=', contact.email)])] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The blocklist entry for a contact, if there is one. */
export async function findBlocked(db: Q, kind: BlockedKind, value: string): Promise<{ id: number; note: string | null } | undefined> {
  return db.selectFrom('blocked_contacts').select(['id', 'note']).where('kind', '=', kind).where('value', '=', value).executeTakeFirst();
}

/** Adds a contact to the blocklist; false when it is there already (the unique index decides, so two clicks add one row). */
export async function insertBlocked(
  db: Q,
  entry: { kind: BlockedKind; value: string; note: string | null; createdBy: number | null; at: string },
): Promise<number | null> {
  const row = await db
    .insertInto('blocked_contacts')
    .values({ kind: entry.kind, value: entry.value, note: entry.note, created_by: entry.createdBy, created_at: entry.at })
    .onConflict((oc) => oc.columns(['kind', 'value']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Removes an entry and answers what it was, or undefined when there was none. */
export async function deleteBlocked(db: Q, id: number): Promise<{ kind: BlockedKind; value: string; note: string | null } | undefined> {
  const row = await db.selectFrom('blocked_contacts').select(['kind', 'value', 'note']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  await db.deleteFrom('blocked_contacts').where('id', '=', id).execute();
  return row;
}

/** The next string after every string starting with `prefix`, for a range scan along the unique index. */
const afterPrefix = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/**
 * A page of the blocklist, newest first, optionally only the values beginning with `q` (a phone in
 * any written form is searched in local form; anything else lower-cased). The search is a range
 * on (kind, value), the unfiltered list walks (created_at, id).
 */
export async function listBlocked(db: Q, q: string | undefined, page: number, pageSize: number): Promise<{ items: BlockedContact[]; total: number }> {
  let query = db.selectFrom('blocked_contacts as b');
  const term = q?.trim() ? westernDigits(q.trim()).toLowerCase() : '';
  if (term) {
    const mobile = mobileSearch(term);
    const prefix = mobile.phone ?? mobile.phonePrefix ?? term;
    query = query
      .where('b.kind', 'in', blockedKinds)
      .where('b.value', '>=', prefix)
      .where('b.value', '<', afterPrefix(prefix))
      // The range is exact for ASCII; LIKE keeps it honest for the rest.
      .where(sql<boolean>`b.value like ${`${escapeLike(prefix)}%`} escape '\\'`);
  }
  const [rows, count] = await Promise.all([
    query
      .leftJoin('users as u', 'u.id', 'b.created_by')
      .select(['b.id', 'b.kind', 'b.value', 'b.note', 'b.created_at', 'u.name as creator'])
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, kind: r.kind, value: r.value, note: r.note, createdBy: r.creator ?? null, createdAt: toIso(r.created_at) })),
    total: Number(count.n),
  };
}
