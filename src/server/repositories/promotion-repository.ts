import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import { containsPattern } from '../db/like.js';
import { toIso } from '../db/database.js';
import type { Database, PromotionTable } from '../db/schema.js';
import { normalizePromotionCode, type PromotionKind, type PromotionStatus } from '../../shared/domain/promotion-codes.js';
import type { Language } from '../../shared/domain/languages.js';

type Q = Kysely<Database> | Transaction<Database>;

/** An offer as the shop keeps it: every field of its row, its names by language and what it covers. */
export interface StoredPromotion {
  id: number;
  names: Record<Language, string | null> & { en: string; ar: string };
  code: string | null;
  kind: PromotionKind;
  value: number;
  minSubtotal: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  uses: number;
  perCustomer: number | null;
  firstOrderOnly: boolean;
  withProductDiscounts: boolean;
  combines: boolean;
  paused: boolean;
  productIds: number[];
  categoryIds: number[];
  createdAt: string;
  updatedAt: string;
}

/** What the merchant writes: every field but the counters and dates the shop keeps. */
export type PromotionFields = Omit<StoredPromotion, 'id' | 'uses' | 'createdAt' | 'updatedAt'>;

const iso = (value: Date | string | null): string | null => (value === null ? null : toIso(value));

function fromRow(row: Selectable<PromotionTable>, targets: ReadonlyArray<{ kind: string; target_id: number }>): StoredPromotion {
  return {
    id: row.id,
    names: { en: row.name_en, ar: row.name_ar, fr: row.name_fr, de: row.name_de },
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSubtotal: row.min_subtotal,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    maxUses: row.max_uses,
    uses: row.uses,
    perCustomer: row.per_customer,
    firstOrderOnly: row.first_order_only === 1,
    withProductDiscounts: row.with_product_discounts === 1,
    combines: row.combines === 1,
    paused: row.paused === 1,
    productIds: targets.filter((t) => t.kind === 'product').map((t) => t.target_id),
    categoryIds: targets.filter((t) => t.kind === 'category').map((t) => t.target_id),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** Rows with their targets, in one more query for all of them. */
async function withTargets(db: Q, rows: Array<Selectable<PromotionTable>>): Promise<StoredPromotion[]> {
  if (!rows.length) return [];
  const targets = await db
    .selectFrom('promotion_targets')
    .select(['promotion_id', 'kind', 'target_id'])
    .where(
      'promotion_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('target_id')
    .execute();
  return rows.map((row) =>
    fromRow(
      row,
      targets.filter((t) => t.promotion_id === row.id),
    ),
  );
}

export async function findPromotion(db: Q, id: number): Promise<StoredPromotion | undefined> {
  const row = await db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withTargets(db, [row]))[0] : undefined;
}

/** These offers as stored now, in id order (two reads however many: checkout reads its automatic offers again in its transaction). */
export async function findPromotions(db: Q, ids: readonly number[]): Promise<StoredPromotion[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('promotions')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
  return withTargets(db, rows);
}

/** The offer a (normalised) code names. */
export async function findPromotionByCode(db: Q, code: string): Promise<StoredPromotion | undefined> {
  const row = await db.selectFrom('promotions').selectAll().where('code', '=', code).executeTakeFirst();
  return row ? (await withTargets(db, [row]))[0] : undefined;
}

/**
 * Automatic offers that are not over: not paused, not past their end (uses are not judged here; the
 * checkout's atomic count is). The storefront keeps them per content version (promotions-service).
 * A shop runs a handful at once; the ended ones stay in the table for their reports.
 */
export async function findLiveAutomaticPromotions(db: Q, now: string): Promise<StoredPromotion[]> {
  const rows = await db
    .selectFrom('promotions')
    .selectAll()
    .where('code', 'is', null)
    .where('paused', '=', 0)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('id')
    .limit(200)
    .execute();
  return withTargets(db, rows);
}

const rowOf = (p: PromotionFields) => ({
  name_en: p.names.en,
  name_ar: p.names.ar,
  name_fr: p.names.fr,
  name_de: p.names.de,
  code: p.code,
  kind: p.kind,
  value: p.value,
  min_subtotal: p.minSubtotal,
  starts_at: p.startsAt,
  ends_at: p.endsAt,
  max_uses: p.maxUses,
  per_customer: p.perCustomer,
  first_order_only: p.firstOrderOnly ? 1 : 0,
  with_product_discounts: p.withProductDiscounts ? 1 : 0,
  combines: p.combines ? 1 : 0,
  paused: p.paused ? 1 : 0,
});

async function writeTargets(db: Q, id: number, p: Pick<PromotionFields, 'productIds' | 'categoryIds'>): Promise<void> {
  await db.deleteFrom('promotion_targets').where('promotion_id', '=', id).execute();
  const targets = [
    ...[...new Set(p.productIds)].map((target_id) => ({ promotion_id: id, kind: 'product' as const, target_id })),
    ...[...new Set(p.categoryIds)].map((target_id) => ({ promotion_id: id, kind: 'category' as const, target_id })),
  ];
  if (targets.length) await db.insertInto('promotion_targets').values(targets).execute();
}

export async function insertPromotion(db: Q, p: PromotionFields, now: string): Promise<number> {
  const { id } = await db
    .insertInto('promotions')
    .values({ ...rowOf(p), uses: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeTargets(db, id, p);
  return id;
}

/** False when there is no such offer. */
export async function updatePromotion(db: Q, id: number, p: PromotionFields, now: string): Promise<boolean> {
  const result = await db
    .updateTable('promotions')
    .set({ ...rowOf(p), updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await writeTargets(db, id, p);
  return true;
}

export async function setPromotionPaused(db: Q, id: number, paused: boolean, now: string): Promise<boolean> {
  const result = await db
    .updateTable('promotions')
    .set({ paused: paused ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes an offer no order used (one that was used stays, for its orders and report: pause or end it). */
export async function deleteUnusedPromotion(db: Q, id: number): Promise<'deleted' | 'used' | 'missing'> {
  const used = await db.selectFrom('order_promotions').select('id').where('promotion_id', '=', id).limit(1).executeTakeFirst();
  if (used) return 'used';
  const result = await db.deleteFrom('promotions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0 ? 'deleted' : 'missing';
}

/** The admin's list: newest first, by status at `now` and by code or name, a page at a time, with the count of all that match. */
export async function listPromotions(
  db: Q,
  filter: { status?: PromotionStatus; q?: string; now: string },
  page: number,
  pageSize: number,
): Promise<{ items: StoredPromotion[]; total: number }> {
  let query = db.selectFrom('promotions');
  const { now } = filter;
  const usedUp = (eb: ExpressionBuilder<Database, 'promotions'>) => eb.and([eb('max_uses', 'is not', null), eb('uses', '>=', eb.ref('max_uses'))]);
  switch (filter.status) {
    case 'paused':
      query = query.where('paused', '=', 1);
      break;
    case 'scheduled':
      query = query.where('paused', '=', 0).where('starts_at', '>', now);
      break;
    case 'ended':
      query = query
        .where('paused', '=', 0)
        .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
        .where((eb) => eb.or([eb('ends_at', '<=', now), usedUp(eb)]));
      break;
    case 'active':
      query = query
        .where('paused', '=', 0)
        .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .where((eb) => eb.not(usedUp(eb)));
      break;
  }
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    const code = normalizePromotionCode(filter.q);
    query = query.where((eb) =>
      eb.or([
        ...(code ? [eb('code', '=', code)] : []),
        sql<SqlBool>`(lower(name_en) like ${pattern} escape '\\' or lower(name_ar) like ${pattern} escape '\\' or lower(code) like ${pattern} escape '\\')`,
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { items: await withTargets(db, rows), total: Number(count?.n ?? 0) };
}
