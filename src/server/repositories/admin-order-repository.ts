import { sql, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { PaymentFlag, PaymentMethod, PaymentState } from '../../shared/domain/payments.js';
import { toIso, type Dialect } from '../db/database.js';
import { containsPattern } from '../db/like.js';
import type { Database, OrderStatus, OrderTable } from '../db/schema.js';
import type { OrderSearch } from '../../shared/domain/order-search.js';
import { unansweredStates, type ConfirmationState } from '../../shared/domain/cod-confirmation.js';

// The admin's order list: filters, name search, counts and export (an order's own reads and writes are in order-repository.ts).

type Q = Kysely<Database> | Transaction<Database>;

/** Filters of the admin order list; `from`/`to` are ISO instants (inclusive / exclusive). */
export interface AdminOrderFilter {
  /** The database's kind: names are searched through its own index (migration 007). */
  dialect: Dialect;
  status?: OrderStatus;
  /** The search box, already read (parseOrderSearch). */
  search?: OrderSearch;
  from?: string;
  to?: string;
  /** Only the pending orders the customer has neither confirmed nor refused (awaitsConfirmation). */
  awaitingConfirmation?: boolean;
  /** One payment state, or `flagged`: orders whose payment the merchant must look at (migration 019's index serves both). */
  payment?: PaymentState | 'flagged';
  /** Only the orders the risk rules flagged that nobody has reviewed yet (the partial index `orders_review_waiting`). */
  toReview?: boolean;
}

/** One row of the admin order list; money in piastres. */
export interface AdminOrderRow {
  id: number;
  number: string;
  status: OrderStatus;
  customerName: string;
  phone: string;
  governorate: string;
  total: number;
  confirmation: ConfirmationState;
  paymentMethod: PaymentMethod;
  paymentState: PaymentState;
  paymentFlag: PaymentFlag | null;
  createdAt: string;
  toReview: boolean;
}

/** The next string after every string starting with `prefix` (digits only), for a range scan. */
const afterPrefix = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/** An SQLite FTS5 phrase: the term as a substring, quotes doubled. */
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/** The name term SQLite's FTS5 trigram index answers (3 characters or more); null otherwise. */
function ftsTerm(f: AdminOrderFilter): string | null {
  const name = f.search?.name;
  return f.dialect === 'sqlite' && name && [...name].length >= 3 ? name : null;
}

/**
 * SQLite: how many orders' names contain `term`, from the FTS index alone, counting at most
 * `limit` (the index yields matches lazily, so a common term stops early).
 */
async function countNameMatches(db: Q, term: string, limit?: number): Promise<number> {
  const matches = sql`select 1 from orders_name_fts where orders_name_fts match ${ftsPhrase(term)}`;
  const { rows } = await sql<{ n: number }>`select count(*) as n from (${limit === undefined ? matches : sql`${matches} limit ${limit}`})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Up to this many name matches are read by id and sorted; more are tested while walking the list's index. */
const fewNameMatches = 4000;

/** A filter with its name search planned: `nameMatches` is how many FTS matches (at most `fewNameMatches` + 1). */
interface PlannedFilter extends AdminOrderFilter {
  nameMatches: number | null;
}

async function planFilter(db: Q, f: AdminOrderFilter): Promise<PlannedFilter> {
  const term = ftsTerm(f);
  return { ...f, nameMatches: term ? await countNameMatches(db, term, fewNameMatches + 1) : null };
}

/**
 * A search for `term` (lower-cased) inside customer names, through the name index of migration 007.
 * PostgreSQL's trigram index serves `lower(customer_name) like '%term%'` itself (its planner
 * weighs the matches against walking the list's index). SQLite's FTS5 trigram table answers terms
 * of 3 characters or more (a quoted phrase is a substring there) when they match a few thousand
 * orders: those are read by id and sorted. A term matching more is common enough that walking the
 * list's index and testing each name finds a page within a few thousand rows (gathering every
 * match first cost 10-20 ms); its count comes from the FTS index, or, with other filters, probes
 * the FTS matches while walking (`+id` keeps SQLite from reading every match by id). Shorter
 * terms are a LIKE along the list's index, stopped by the page and the count's limit. The walk's
 * LIKE folds ASCII case only, as the search always did; the FTS index folds all letters.
 */
function nameMatches(f: PlannedFilter, term: string, purpose: 'rows' | 'count') {
  const like = sql<SqlBool>`lower(customer_name) like ${containsPattern(term)} escape '\\'`;
  if (!ftsTerm(f)) return like;
  const matches = sql`select rowid from orders_name_fts where orders_name_fts match ${ftsPhrase(term)}`;
  if ((f.nameMatches ?? 0) <= fewNameMatches) return sql<SqlBool>`id in (${matches})`;
  return purpose === 'rows' ? like : sql<SqlBool>`+id in (${matches})`;
}

function filteredOrders(db: Q, f: PlannedFilter, purpose: 'rows' | 'count' = 'rows') {
  // Every stored order has a number: it is set in the transaction that inserts the order.
  let query = db.selectFrom('orders');
  if (f.status) query = query.where('status', '=', f.status);
  if (f.from) query = query.where('created_at', '>=', f.from);
  if (f.to) query = query.where('created_at', '<', f.to);
  // Pending orders, along the status index (migration 014 says why no other index is needed).
  if (f.awaitingConfirmation) query = query.where('status', '=', 'pending').where('confirmation', 'in', unansweredStates);
  // Flags are raised only on orders paid online, so the flag filter walks those states' index ranges.
  if (f.payment === 'flagged') query = query.where('payment_state', 'in', ['paid', 'partially_refunded', 'refunded']).where('payment_flag', 'is not', null);
  else if (f.payment) query = query.where('payment_state', '=', f.payment);
  // Written as the partial index's own condition, so both databases walk just the waiting orders.
  if (f.toReview) query = query.where('review_reasons', 'is not', null).where('reviewed_at', 'is', null);
  const s = f.search;
  if (s) {
    query = query.where((eb) => {
      const any = [];
      if (s.number) any.push(eb('number', '=', s.number));
      if (s.phone) any.push(eb('phone', '=', s.phone));
      // A range rather than LIKE, so both databases walk the phone index.
      if (s.phonePrefix) any.push(eb.and([eb('phone', '>=', s.phonePrefix), eb('phone', '<', afterPrefix(s.phonePrefix))]));
      if (s.name) any.push(nameMatches(f, s.name, purpose));
      return any.length ? eb.or(any) : eb.lit(false);
    });
  }
  return query;
}

/** True when the FTS index alone can count: a name search and no other filter. */
const countsFromNames = (f: AdminOrderFilter) =>
  ftsTerm(f) !== null &&
  !f.status &&
  !f.awaitingConfirmation &&
  !f.payment &&
  !f.toReview &&
  !f.from &&
  !f.to &&
  !f.search?.number &&
  !f.search?.phone &&
  !f.search?.phonePrefix;

const adminOrderColumns = [
  'id',
  'number',
  'status',
  'customer_name',
  'phone',
  'governorate',
  'total',
  'confirmation',
  'payment_method',
  'payment_state',
  'payment_flag',
  'created_at',
  'review_reasons',
  'reviewed_at',
] as const;

/** An order row as the admin list shows it. */
function toAdminOrderRow(r: Pick<Selectable<OrderTable>, (typeof adminOrderColumns)[number]>): AdminOrderRow {
  return {
    id: r.id,
    number: r.number ?? '',
    status: r.status,
    customerName: r.customer_name,
    phone: r.phone,
    governorate: r.governorate,
    total: r.total,
    confirmation: r.confirmation,
    paymentMethod: r.payment_method,
    paymentState: r.payment_state,
    paymentFlag: r.payment_flag,
    createdAt: toIso(r.created_at),
    toReview: r.review_reasons !== null && r.reviewed_at === null,
  };
}

/** How far the list counts matches beyond the page shown: enough for the pager's next pages. */
export const countAhead = (pageSize: number) => Math.max(1000, 10 * pageSize);

/**
 * A page of orders matching `f`, newest first, and how many match: exactly when at most the
 * page's start plus `countAhead`, else that many and `totalExact: false` (the pager shows "more
 * than"), so a page never counts a million matches. Sorted by (created_at, id) so the
 * created_at and (status, created_at) indexes deliver rows in order; the page's ids are found
 * first over the index alone and only those rows are read, so a deep page skips index entries,
 * not rows.
 */
export async function listAdminOrders(
  db: Q,
  f: AdminOrderFilter,
  page: number,
  pageSize: number,
  ahead = countAhead(pageSize),
): Promise<{ items: AdminOrderRow[]; total: number; totalExact: boolean }> {
  const offset = (page - 1) * pageSize;
  // At least 10 pages past this one, and a round figure to show ("more than 1000").
  const cap = offset + ahead;
  const pf = await planFilter(db, f);
  const pageIds = filteredOrders(db, pf).select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset);
  const term = ftsTerm(f);
  const countMatches = async () => {
    if (term && countsFromNames(f)) {
      // The plan's count is exact when it found few.
      const few = pf.nameMatches !== null && pf.nameMatches <= fewNameMatches;
      return few ? pf.nameMatches! : countNameMatches(db, term, cap + 1);
    }
    const { count } = await db
      .selectFrom(
        filteredOrders(db, pf, 'count')
          .select(sql<number>`1`.as('one'))
          .limit(cap + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  };
  const [counted, rows] = await Promise.all([
    countMatches(),
    db.selectFrom('orders').select(adminOrderColumns).where('id', 'in', pageIds).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
  ]);
  return { items: rows.map(toAdminOrderRow), total: Math.min(counted, cap), totalExact: counted <= cap };
}

/** How many orders match `f`, exactly (the export announces it so the admin can show progress). */
export async function countAdminOrders(db: Q, f: AdminOrderFilter): Promise<number> {
  const term = ftsTerm(f);
  if (term && countsFromNames(f)) return countNameMatches(db, term);
  const { count } = await filteredOrders(db, await planFilter(db, f), 'count')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** One row of the orders export; money in piastres, `items` the number of units. */
export interface AdminOrderExportRow extends AdminOrderRow {
  city: string;
  subtotal: number;
  shippingFee: number;
  items: number;
}

/**
 * Every order matching `f`, newest first as in the list, in batches of `batch`: keyset paging on
 * (created_at, id), so each batch is one index walk however deep the export goes and memory stays
 * flat. The condition is written `created_at <= last and (created_at < last or id < last id)`:
 * the first half bounds the index range on both databases (an OR alone made SQLite walk the
 * index from the newest order again for every batch: a million orders took 106 s).
 */
export async function* exportAdminOrders(db: Q, f: AdminOrderFilter, batch = 2000): AsyncGenerator<AdminOrderExportRow[]> {
  let before: { at: Date | string; id: number } | null = null;
  const pf = await planFilter(db, f);
  for (;;) {
    let query = filteredOrders(db, pf);
    if (before) {
      const { at, id } = before;
      query = query.where('created_at', '<=', at).where((eb) => eb.or([eb('created_at', '<', at), eb('id', '<', id)]));
    }
    const rows = await query
      .select([...adminOrderColumns, 'city', 'subtotal', 'shipping_fee'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(batch)
      .execute();
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const counts = await db
      .selectFrom('order_lines')
      .select(['order_id', (eb) => eb.fn.sum<number | string>('quantity').as('units')])
      .where('order_id', 'in', ids)
      .groupBy('order_id')
      .execute();
    const units = new Map(counts.map((c) => [c.order_id, Number(c.units)]));
    yield rows.map((r) => ({
      ...toAdminOrderRow(r),
      city: r.city,
      subtotal: r.subtotal,
      shippingFee: r.shipping_fee,
      items: units.get(r.id) ?? 0,
    }));
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    before = { at: last.created_at, id: last.id };
  }
}
