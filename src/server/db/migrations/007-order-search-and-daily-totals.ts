import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * The admin at a million orders (decision 014).
 *
 * Name search through an index: PostgreSQL a GIN trigram index (pg_trgm) on `lower(customer_name)`,
 * which serves `lower(customer_name) like '%term%'`; SQLite an FTS5 trigram table over the names
 * (external content: the names stay in `orders`), queried with MATCH.
 *
 * Totals the dashboard reads instead of counting orders, kept by triggers in the transaction of
 * every write to `orders` and `order_lines`, whoever writes:
 * - `order_hourly_totals`: orders placed and revenue (orders neither cancelled nor returned) per
 *   UTC hour, `YYYY-MM-DDTHH` (hours because a Cairo day is whole UTC hours; see shop-time.ts);
 * - `order_status_totals`: how many orders are in each status now;
 * - `product_daily_sales`: units and money per product per UTC day, revenue orders only.
 * Order lines are written once, with their order; an order's status is what moves. The migration
 * fills the totals from the orders already there.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  // Every new order adds to the current hour's and the 'pending' totals. On PostgreSQL each total
  // is split over SHARDS rows (by order id), so concurrent checkouts do not all wait for the one
  // row the previous checkout holds until its commit; readers add the shards up. SQLite, with one
  // writer at a time, uses shard 0 only.
  await db.schema
    .createTable('order_hourly_totals')
    .addColumn('hour', 'varchar(13)', (c) => c.notNull())
    .addColumn('shard', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('revenue', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_hourly_totals_pk', ['hour', 'shard'])
    .execute();
  await db.schema
    .createTable('order_status_totals')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('shard', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_status_totals_pk', ['status', 'shard'])
    .execute();
  await db.schema
    .createTable('product_daily_sales')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('revenue', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_daily_sales_pk', ['day', 'product_id'])
    .execute();
  if (ctx.dialect === 'postgres') await postgres(db);
  else await sqlite(db);
}

/** Rows each PostgreSQL total is split over (see `up`). */
const SHARDS = 16;

/**
 * The statuses that are not a sale, as this migration wrote them into the triggers. Migration 024
 * writes the triggers again with `refused` added (issue 33), through the same functions.
 */
const unsoldHere = ['cancelled', 'returned'];

/** The SQL that says what an order adds to revenue (nothing once unsold) and whether its lines count. */
function totalsSql(unsold: readonly string[]) {
  const list = unsold.map((s) => `'${s}'`).join(', ');
  return {
    revenueOf: (row: string) => `case when ${row}.status in (${list}) then 0 else ${row}.total end`,
    counted: (row: string) => `${row}.status not in (${list})`,
  };
}

async function sqlite(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`create virtual table orders_name_fts using fts5(customer_name, content='orders', content_rowid='id', tokenize='trigram')`);
  await run(`insert into orders_name_fts(orders_name_fts) values ('rebuild')`);
  await sqliteTotalsTriggers(db, unsoldHere);
  const { revenueOf, counted } = totalsSql(unsoldHere);
  await run(`insert into order_hourly_totals (hour, orders, revenue)
    select substr(o.created_at, 1, 13), count(*), sum(${revenueOf('o')}) from orders o group by 1`);
  await run(`insert into order_status_totals (status, orders) select status, count(*) from orders group by status`);
  await run(`insert into product_daily_sales (day, product_id, quantity, revenue)
    select substr(o.created_at, 1, 10), l.product_id, sum(l.quantity), sum(l.line_total)
    from orders o join order_lines l on l.order_id = o.id where ${counted('o')} group by 1, 2`);
}

/** The SQLite triggers that keep the totals, for `unsold` statuses; the ones that name statuses can be dropped and written again. */
export async function sqliteTotalsTriggers(db: Kysely<unknown>, unsold: readonly string[]): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const { revenueOf, counted } = totalsSql(unsold);

  const hourly = (row: string, sign: string) =>
    `insert into order_hourly_totals (hour, orders, revenue) values (substr(${row}.created_at, 1, 13), ${sign}1, ${sign}(${revenueOf(row)}))
       on conflict (hour, shard) do update set orders = orders + excluded.orders, revenue = revenue + excluded.revenue;`;
  const status = (row: string, sign: string) =>
    `insert into order_status_totals (status, orders) values (${row}.status, ${sign}1)
       on conflict (status, shard) do update set orders = orders + excluded.orders;`;
  /** The lines of order `row`, if it counts as revenue, added (sign '') or taken out ('-'). */
  const productSales = (row: string, sign: string) =>
    `insert into product_daily_sales (day, product_id, quantity, revenue)
       select substr(${row}.created_at, 1, 10), product_id, ${sign}sum(quantity), ${sign}sum(line_total)
       from order_lines where order_id = ${row}.id and ${counted(row)} group by product_id
       on conflict (day, product_id) do update set quantity = quantity + excluded.quantity, revenue = revenue + excluded.revenue;`;

  await run(`create trigger orders_after_insert after insert on orders begin
    ${hourly('new', '')}
    ${status('new', '')}
    insert into orders_name_fts (rowid, customer_name) values (new.id, new.customer_name);
  end`);
  await run(`create trigger orders_after_update_totals after update of status, total, created_at on orders
    when old.status is not new.status or old.total is not new.total or old.created_at is not new.created_at begin
    ${hourly('old', '-')}
    ${hourly('new', '')}
    ${status('old', '-')}
    ${status('new', '')}
  end`);
  // Lines of an order that stops or starts counting as revenue (cancelled, returned, or back).
  await run(`create trigger orders_after_update_sales after update of status, created_at on orders
    when (${counted('old')}) is not (${counted('new')}) or (${counted('new')} and old.created_at is not new.created_at) begin
    ${productSales('old', '-')}
    ${productSales('new', '')}
  end`);
  await run(`create trigger if not exists orders_after_update_name after update of customer_name on orders when old.customer_name is not new.customer_name begin
    insert into orders_name_fts (orders_name_fts, rowid, customer_name) values ('delete', old.id, old.customer_name);
    insert into orders_name_fts (rowid, customer_name) values (new.id, new.customer_name);
  end`);
  // Before: the lines are still there (they go with the order, by cascade).
  await run(`create trigger orders_before_delete before delete on orders begin
    ${hourly('old', '-')}
    ${status('old', '-')}
    ${productSales('old', '-')}
    insert into orders_name_fts (orders_name_fts, rowid, customer_name) values ('delete', old.id, old.customer_name);
  end`);
  await run(`create trigger order_lines_after_insert after insert on order_lines begin
    insert into product_daily_sales (day, product_id, quantity, revenue)
      select substr(o.created_at, 1, 10), new.product_id, new.quantity, new.line_total from orders o where o.id = new.order_id and ${counted('o')}
      on conflict (day, product_id) do update set quantity = quantity + excluded.quantity, revenue = revenue + excluded.revenue;
  end`);
}

async function postgres(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  // One extension per database, whichever schema this shop (or a test file) lives in: created once
  // in public, under a lock so that test files migrating their schemas at once do not collide.
  await run(`select pg_advisory_xact_lock(hashtext('nasma:pg_trgm'))`);
  await run(`create extension if not exists pg_trgm with schema public`);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const trgmSchema = rows[0]!.schema.replace(/"/g, '""');
  await run(`create index orders_customer_name_trgm on orders using gin (lower(customer_name) "${trgmSchema}".gin_trgm_ops)`);
  await postgresTotalsFunctions(db, unsoldHere);

  await run(`create trigger orders_totals_after_insert after insert on orders referencing new table as new_rows
    for each statement execute function orders_totals_after_insert()`);
  await run(`create trigger orders_totals_after_update after update on orders referencing old table as old_rows new table as new_rows
    for each statement execute function orders_totals_after_update()`);
  await run(`create trigger orders_totals_after_delete after delete on orders referencing old table as old_rows
    for each statement execute function orders_totals_after_delete()`);
  await run(`create trigger orders_sales_before_delete before delete on orders for each row execute function orders_sales_before_delete()`);
  await run(`create trigger order_lines_sales_after_insert after insert on order_lines referencing new table as new_lines
    for each statement execute function order_lines_sales_after_insert()`);

  const { revenueOf, counted } = totalsSql(unsoldHere);
  const hour = (row: string) => `to_char(${row}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`;
  const day = (row: string) => `to_char(${row}.created_at at time zone 'UTC', 'YYYY-MM-DD')`;
  await run(`insert into order_hourly_totals (hour, orders, revenue)
    select ${hour('o')}, count(*), sum(${revenueOf('o')}) from orders o group by 1`);
  await run(`insert into order_status_totals (status, orders) select status, count(*) from orders group by status`);
  await run(`insert into product_daily_sales (day, product_id, quantity, revenue)
    select ${day('o')}, l.product_id, sum(l.quantity), sum(l.line_total)
    from orders o join order_lines l on l.order_id = o.id where ${counted('o')} group by 1, 2`);
}

/**
 * The PostgreSQL functions behind the totals' triggers, for `unsold` statuses, created or replaced
 * (the triggers call them by name, so replacing a function changes what its trigger does).
 */
export async function postgresTotalsFunctions(db: Kysely<unknown>, unsold: readonly string[]): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const { revenueOf, counted } = totalsSql(unsold);

  const hour = (row: string) => `to_char(${row}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`;
  const day = (row: string) => `to_char(${row}.created_at at time zone 'UTC', 'YYYY-MM-DD')`;
  const upsertHourly = `on conflict (hour, shard) do update set orders = t.orders + excluded.orders, revenue = t.revenue + excluded.revenue`;
  const upsertStatus = `on conflict (status, shard) do update set orders = t.orders + excluded.orders`;
  const upsertSales = `on conflict (day, product_id) do update set quantity = t.quantity + excluded.quantity, revenue = t.revenue + excluded.revenue`;
  // Statement triggers over transition tables: a bulk insert updates each total row once. Rows are
  // upserted in key order so that two transactions lock shared totals in the same order.
  const fn = (name: string, body: string) =>
    run(`create or replace function ${name}() returns trigger language plpgsql set search_path from current as $fn$ begin ${body} return null; end $fn$`);

  // Every row of the statement, before (-1) and after (+1).
  const changes = `(select id, status, total, created_at, -1 as n from old_rows union all select id, status, total, created_at, 1 from new_rows) d`;
  const deltas = (rows: string) => `
    insert into order_hourly_totals as t (hour, shard, orders, revenue)
      select ${hour('d')}, d.id % ${SHARDS}, sum(d.n), sum(d.n * ${revenueOf('d')}) from ${rows} group by 1, 2
      having sum(d.n) <> 0 or sum(d.n * ${revenueOf('d')}) <> 0 order by 1, 2 ${upsertHourly};
    insert into order_status_totals as t (status, shard, orders)
      select d.status, d.id % ${SHARDS}, sum(d.n) from ${rows} group by 1, 2 having sum(d.n) <> 0 order by 1, 2 ${upsertStatus};`;

  await fn('orders_totals_after_insert', deltas(`(select id, status, total, created_at, 1 as n from new_rows) d`));
  await fn(
    'orders_totals_after_update',
    `${deltas(changes)}
    insert into product_daily_sales as t (day, product_id, quantity, revenue)
      select ${day('d')}, l.product_id, sum(d.n * l.quantity), sum(d.n * l.line_total)
      from ${changes} join order_lines l on l.order_id = d.id where ${counted('d')} group by 1, 2
      having sum(d.n * l.quantity) <> 0 or sum(d.n * l.line_total) <> 0 order by 1, 2 ${upsertSales};`,
  );
  await fn('orders_totals_after_delete', deltas(`(select id, status, total, created_at, -1 as n from old_rows) d`));
  await fn(
    'order_lines_sales_after_insert',
    `insert into product_daily_sales as t (day, product_id, quantity, revenue)
      select ${day('o')}, l.product_id, sum(l.quantity), sum(l.line_total)
      from new_lines l join orders o on o.id = l.order_id where ${counted('o')} group by 1, 2 order by 1, 2 ${upsertSales};`,
  );
  // Row by row before a delete, while the order's lines are still there (they go by cascade).
  await run(`create or replace function orders_sales_before_delete() returns trigger language plpgsql set search_path from current as $fn$ begin
    insert into product_daily_sales as t (day, product_id, quantity, revenue)
      select ${day('old')}, l.product_id, -sum(l.quantity), -sum(l.line_total)
      from order_lines l where l.order_id = old.id and ${counted('old')} group by 1, 2 order by 1, 2 ${upsertSales};
    return old; end $fn$`);
}
