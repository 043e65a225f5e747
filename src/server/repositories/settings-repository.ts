import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import { governorates } from '../../shared/domain/governorates.js';
import type { AdminSettings } from '../../shared/schemas/settings.js';

type Q = Kysely<Database> | Transaction<Database>;

/** Reads a JSON setting, or undefined when it was never written. */
export async function getSetting<T>(db: Q, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (JSON.parse(row.value) as T) : undefined;
}

/** Writes a JSON setting (insert or replace). */
export async function putSetting(db: Q, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: text })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
    .execute();
}

/**
 * Writes a JSON setting unless it exists, keeping what is there: two processes starting at once
 * both ask, and both then read the one value that was written first.
 */
export async function insertSettingIfMissing(db: Q, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/**
 * Adds one to a counter setting (a version), atomically (one statement, no read first), so two
 * transactions that both bump it cannot leave it where one of them found it.
 */
export async function incrementSetting(db: Q, key: string): Promise<number> {
  const row = await db
    .insertInto('settings')
    .values({ key, value: '1' })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql<string>`cast(cast(settings.value as bigint) + 1 as varchar(20))` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** What every process checks (decisions 010, 017, 019). */
export interface Versions {
  /** Moves with every admin write that changes what the storefront shows. */
  content: number;
  /** The content version of the last write a process can only follow by reloading the whole catalogue. */
  reload: number;
  /** Moves when an order changed stock. */
  stock: number;
  /**
   * Where to read stock marks from next time (`stock_mark >= horizon`), taken before the read: on
   * PostgreSQL the oldest transaction still running (its marks are transaction ids, and one that
   * commits later has an id at least this); on SQLite, whose writers take turns, the stock version.
   */
  stockHorizon: number;
}

/** The versions every process checks, in one statement. */
export async function readVersions(db: Q, dialect: Dialect): Promise<Versions> {
  const stock =
    dialect === 'postgres'
      ? sql<string>`(select case when is_called then last_value else 0 end from stock_version_seq)`
      : sql<string>`(select value from settings where key = 'stock_version')`;
  const horizon = dialect === 'postgres' ? sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text` : sql<string>`null`;
  const { rows } = await sql<{ content: string | null; reload: string | null; stock: string | null; horizon: string | null }>`
    select (select value from settings where key = 'catalog_version') as content,
      (select value from settings where key = 'catalog_reload_version') as reload,
      ${stock} as stock, ${horizon} as horizon`.execute(db);
  const row = rows[0];
  const stockVersion = Number(row?.stock ?? 0);
  return {
    content: Number(row?.content ?? 0),
    reload: Number(row?.reload ?? 0),
    stock: stockVersion,
    stockHorizon: dialect === 'postgres' ? Number(row?.horizon ?? 0) : stockVersion + 1,
  };
}

/**
 * What an order writes into `products.stock_mark` when it moves a product's stock: on PostgreSQL
 * its transaction's id (see Versions.stockHorizon), on SQLite the stock version its transaction
 * is about to set (a use case that declared stockChanged advances it before committing; writers take turns).
 */
export function stockMark(dialect: Dialect) {
  return dialect === 'postgres'
    ? sql<number>`pg_current_xact_id()::text::bigint`
    : sql<number>`coalesce((select cast(value as integer) from settings where key = 'stock_version'), 0) + 1`;
}

/**
 * Marks stock as changed. On PostgreSQL it advances a sequence, which takes no lock and outlives
 * a rollback, so call it after the change has committed (a process that sees the new number then
 * reads the new stock). On SQLite it bumps the settings row inside the change's transaction.
 */
export async function advanceStockVersion(db: Q, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select nextval('stock_version_seq')`.execute(db);
  else await incrementSetting(db, 'stock_version');
}

/** Reads many settings at once. */
export async function getSettings(db: Q, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('settings').selectAll().where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
}

interface ShopSetting {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
}

/**
 * The merchant's settings as stored, with defaults for anything never written. Money in piastres.
 * The new-order notifications go to the first owner's address until the merchant saves another
 * (or none, '') on the settings page (issue 34): a new shop hears of its first order.
 */
export async function loadShopSettings(db: Q, defaults: { shopName: string; shopPhone: string }): Promise<AdminSettings> {
  const s = await getSettings(db, ['shop', 'currency_rates', 'free_shipping_threshold', 'shipping_fees', 'notification_email', 'measurement']);
  const firstOwner = s.has('notification_email')
    ? undefined
    : await db.selectFrom('users').select('email').where('role', '=', 'owner').orderBy('id').limit(1).executeTakeFirst();
  const shop = (s.get('shop') ?? {}) as Partial<ShopSetting>;
  const rates = (s.get('currency_rates') ?? {}) as Partial<Record<'USD' | 'EUR' | 'GBP', number>>;
  const fees = (s.get('shipping_fees') ?? {}) as Partial<Record<string, number>>;
  const measurement = (s.get('measurement') ?? {}) as Partial<AdminSettings['measurement']>;
  return {
    shopName: shop.name ?? defaults.shopName,
    phone: shop.phone ?? defaults.shopPhone,
    whatsapp: shop.whatsapp ?? shop.phone ?? defaults.shopPhone,
    email: shop.email ?? '',
    address: shop.address ?? '',
    notificationEmail: String(s.get('notification_email') ?? firstOwner?.email ?? ''),
    currencyRates: { USD: rates.USD ?? 0, EUR: rates.EUR ?? 0, GBP: rates.GBP ?? 0 },
    freeShippingThreshold: Number(s.get('free_shipping_threshold') ?? 0),
    shippingFees: Object.fromEntries(governorates.map((g) => [g.code, fees[g.code] ?? g.fee])),
    measurement: { ga4Id: measurement.ga4Id ?? '', metaPixelId: measurement.metaPixelId ?? '' },
  };
}

/** Writes all of the merchant's settings in one transaction, under the keys checkout reads. */
export async function saveShopSettings(trx: Transaction<Database>, s: AdminSettings): Promise<void> {
  await putSetting(trx, 'shop', { name: s.shopName, phone: s.phone, whatsapp: s.whatsapp, email: s.email, address: s.address });
  await putSetting(trx, 'currency_rates', { EGP: 1, ...s.currencyRates });
  await putSetting(trx, 'free_shipping_threshold', s.freeShippingThreshold);
  await putSetting(trx, 'shipping_fees', s.shippingFees);
  await putSetting(trx, 'notification_email', s.notificationEmail);
  await putSetting(trx, 'measurement', s.measurement);
}

/**
 * Claims a once-a-day job for `day` (YYYY-MM-DD) under the setting `key`: true for the one caller
 * that moves the setting to that day, false for every other (the day is taken, or an earlier
 * caller's transaction holds the row and then takes it). Call it inside the transaction that does
 * the day's work, so a rollback gives the day back. ISO days compare as text.
 */
export async function claimDay(db: Q, key: string, day: string): Promise<boolean> {
  await insertSettingIfMissing(db, key, '');
  const result = await db
    .updateTable('settings')
    .set({ value: JSON.stringify(day) })
    .where('key', '=', key)
    .where('value', '<', JSON.stringify(day))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
