import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CatalogueImportRowTable, CatalogueImportTable, Database } from '../db/schema.js';
import { toIso } from '../db/database.js';
import type {
  ImportAction,
  ImportFailureCode,
  ImportIssue,
  ImportOutcome,
  ImportRow,
  ImportRun,
  ImportView,
  PictureFailureCode,
} from '../../shared/schemas/product-import.js';
import type { Actor } from '../use-cases/use-case.js';

// The catalogue import's runs and rows (migration 023, decision 040).

type Q = Kysely<Database> | Transaction<Database>;

/** Rows written per statement: eleven values each, well under SQLite's limit on bound values. */
const INSERT_CHUNK = 400;

export interface NewImportRow {
  line: number;
  sku: string;
  name: string;
  action: ImportAction;
  productId: number | null;
  /** JSON of the product to write (create, update). */
  data: string | null;
  changes: ImportRow['changes'];
  issues: ImportIssue[];
}

/** Writes a previewed run and its rows; returns its id. */
export async function insertImportRun(
  trx: Transaction<Database>,
  run: { fileName: string; createdBy: number | null; at: string; fileRows: number; rows: NewImportRow[] },
): Promise<number> {
  const count = (a: ImportAction) => run.rows.filter((r) => r.action === a).length;
  const { id } = await trx
    .insertInto('catalogue_imports')
    .values({
      file_name: run.fileName,
      status: 'previewed',
      created_by: run.createdBy,
      created_at: run.at,
      applied_by: null,
      applied_email: null,
      applied_role: null,
      applied_address: null,
      started_at: null,
      finished_at: null,
      file_rows: run.fileRows,
      to_create: count('create'),
      to_update: count('update'),
      unchanged: count('unchanged'),
      errors: count('error'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < run.rows.length; i += INSERT_CHUNK) {
    await trx
      .insertInto('catalogue_import_rows')
      .values(
        run.rows.slice(i, i + INSERT_CHUNK).map((r) => ({
          import_id: id,
          line: r.line,
          sku: r.sku.slice(0, 100),
          name: r.name.slice(0, 200),
          action: r.action,
          product_id: r.productId,
          data: r.data,
          changes: r.changes.length ? JSON.stringify(r.changes) : null,
          issues: r.issues.length ? JSON.stringify(r.issues) : null,
          outcome: null,
          failure: null,
          pictures: null,
          applied_at: null,
        })),
      )
      .execute();
  }
  return id;
}

const toRun = (r: Selectable<CatalogueImportTable>): ImportRun => ({
  id: r.id,
  fileName: r.file_name,
  status: r.status,
  createdAt: toIso(r.created_at),
  startedAt: toIso(r.started_at),
  finishedAt: toIso(r.finished_at),
  preview: {
    rows: r.file_rows,
    products: r.to_create + r.to_update + r.unchanged + r.errors,
    create: r.to_create,
    update: r.to_update,
    unchanged: r.unchanged,
    error: r.errors,
  },
  progress: { done: r.processed, total: r.to_create + r.to_update },
  report: { created: r.created, updated: r.updated, unchanged: r.unchanged, failed: r.failed, picturesFailed: r.pictures_failed },
});

/** A run as the page shows it, or undefined. */
export async function findImportRun(db: Q, id: number): Promise<ImportRun | undefined> {
  const row = await db.selectFrom('catalogue_imports').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toRun(row);
}

/** Who applies a run (the job acts in their name), or undefined when it is not applying. */
export async function applyingActor(db: Q, id: number): Promise<Actor | undefined> {
  const row = await db
    .selectFrom('catalogue_imports')
    .select(['status', 'applied_by', 'applied_email', 'applied_role', 'applied_address'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.status !== 'applying') return undefined;
  return { userId: row.applied_by, email: row.applied_email, role: (row.applied_role ?? 'system') as Actor['role'], address: row.applied_address };
}

/** Moves a previewed run to applying in the name of `actor`; false when it was not previewed (applied already, or by someone else first). */
export async function startImportRun(db: Q, id: number, actor: Actor, at: string): Promise<boolean> {
  const res = await db
    .updateTable('catalogue_imports')
    .set({ status: 'applying', started_at: at, applied_by: actor.userId, applied_email: actor.email, applied_role: actor.role, applied_address: actor.address })
    .where('id', '=', id)
    .where('status', '=', 'previewed')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The next products of a run still to write, in file order. */
export async function nextRowsToApply(
  db: Q,
  id: number,
  limit: number,
): Promise<Array<{ id: number; line: number; action: 'create' | 'update'; productId: number | null; data: string }>> {
  const rows = await db
    .selectFrom('catalogue_import_rows')
    .select(['id', 'line', 'action', 'product_id', 'data'])
    .where('import_id', '=', id)
    .where('action', 'in', ['create', 'update'])
    .where('outcome', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, line: r.line, action: r.action as 'create' | 'update', productId: r.product_id, data: r.data ?? '{}' }));
}

export interface RowOutcome {
  rowId: number;
  outcome: ImportOutcome;
  productId: number | null;
  failure: ImportFailureCode | null;
  pictures: Array<{ url: string; code: PictureFailureCode }>;
}

/** Thrown when rows were marked by another runner meanwhile: the batch rolls back, and nothing of it is written twice. */
export class RowsTaken extends Error {
  constructor() {
    super('import rows were marked by another runner');
  }
}

/**
 * Records what applying did with rows, and adds them to the run's counts, in the transaction that
 * wrote their products: one statement for the rows (only rows not yet marked), one for the run.
 * Throws RowsTaken when one of them was marked already (another runner wrote it after this
 * one's lease ran out), so the caller's transaction, its products included, rolls back.
 */
export async function markRowsApplied(trx: Transaction<Database>, importId: number, outcomes: RowOutcome[], at: string): Promise<void> {
  if (!outcomes.length) return;
  const when = <T>(value: (o: RowOutcome) => T, cast: 'integer' | 'text') =>
    sql<T>`case ${sql.join(
      outcomes.map((o) => sql`when id = ${o.rowId} then cast(${value(o)} as ${sql.raw(cast)})`),
      sql` `,
    )} end`;
  const res = await trx
    .updateTable('catalogue_import_rows')
    .set({
      outcome: when((o) => o.outcome, 'text'),
      product_id: when((o) => o.productId, 'integer'),
      failure: when((o) => o.failure, 'text'),
      pictures: when((o) => (o.pictures.length ? JSON.stringify(o.pictures) : null), 'text'),
      applied_at: at,
    })
    .where(
      'id',
      'in',
      outcomes.map((o) => o.rowId),
    )
    .where('outcome', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== outcomes.length) throw new RowsTaken();
  const count = (outcome: ImportOutcome) => outcomes.filter((o) => o.outcome === outcome).length;
  await trx
    .updateTable('catalogue_imports')
    .set((eb) => ({
      processed: eb('processed', '+', outcomes.length),
      created: eb('created', '+', count('created')),
      updated: eb('updated', '+', count('updated')),
      failed: eb('failed', '+', count('failed')),
      pictures_failed: eb('pictures_failed', '+', outcomes.filter((o) => o.pictures.length).length),
    }))
    .where('id', '=', importId)
    .execute();
}

/** The products holding these SKUs (deleted ones included: the column is unique), by lower-case SKU. */
export async function skuOwners(db: Q, skus: readonly string[]): Promise<Map<string, { id: number; deleted: boolean }>> {
  const out = new Map<string, { id: number; deleted: boolean }>();
  const wanted = [...new Set(skus.map((s) => s.toLowerCase()))];
  if (!wanted.length) return out;
  const rows = await db
    .selectFrom('products')
    .select(['id', 'sku', 'deleted_at'])
    .where(sql`lower(sku)`, 'in', wanted)
    .execute();
  for (const r of rows) out.set(r.sku.toLowerCase(), { id: r.id, deleted: r.deleted_at !== null });
  return out;
}

/** Which of these product slugs are taken. */
export async function takenSlugs(db: Q, slugs: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(slugs)];
  if (!wanted.length) return new Set();
  const rows = await db.selectFrom('products').select('slug').where('slug', 'in', wanted).execute();
  return new Set(rows.map((r) => r.slug));
}

/** Marks an applying run done (or failed); false when it was not applying. */
export async function finishImportRun(db: Q, id: number, status: 'done' | 'failed', at: string): Promise<boolean> {
  const res = await db
    .updateTable('catalogue_imports')
    .set({ status, finished_at: at })
    .where('id', '=', id)
    .where('status', '=', 'applying')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

const parse = <T>(json: string | null, fallback: T): T => (json ? (JSON.parse(json) as T) : fallback);

const toRow = (r: Selectable<CatalogueImportRowTable>): ImportRow => ({
  id: r.id,
  line: r.line,
  sku: r.sku,
  name: r.name,
  action: r.action,
  productId: r.product_id,
  issues: parse(r.issues, []),
  changes: parse(r.changes, []),
  outcome: r.outcome,
  failure: r.failure as ImportFailureCode | null,
  pictures: parse(r.pictures, []),
});

/** One page of a run's list, in file order. */
export async function listImportRows(db: Q, id: number, view: ImportView, page: number, pageSize: number): Promise<{ items: ImportRow[]; total: number }> {
  let q = db.selectFrom('catalogue_import_rows').where('import_id', '=', id);
  if (view === 'failed') q = q.where('outcome', '=', 'failed');
  else if (view === 'pictures') q = q.where('pictures', 'is not', null);
  else q = q.where('action', '=', view);
  const { n } = await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map(toRow), total: Number(n) };
}

const hashOf = (url: string) => crypto.createHash('sha256').update(url).digest('hex');

/** The picture bases URLs were fetched as before, by URL. */
export async function fetchedPictures(db: Q, urls: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const wanted = [...new Set(urls)];
  for (let i = 0; i < wanted.length; i += INSERT_CHUNK) {
    const rows = await db
      .selectFrom('catalogue_import_pictures')
      .select(['url', 'base'])
      .where('url_hash', 'in', wanted.slice(i, i + INSERT_CHUNK).map(hashOf))
      .execute();
    for (const r of rows) out.set(r.url, r.base);
  }
  return out;
}

/** Remembers what URLs were fetched as (the first answer stays). */
export async function rememberPictures(trx: Transaction<Database>, fetched: ReadonlyMap<string, string>, at: string): Promise<void> {
  if (!fetched.size) return;
  await trx
    .insertInto('catalogue_import_pictures')
    .values([...fetched].map(([url, base]) => ({ url_hash: hashOf(url), url, base, created_at: at })))
    .onConflict((oc) => oc.column('url_hash').doNothing())
    .execute();
}

/** The job of a run: failed once its retries ran out (the page says the run failed). */
export async function importJobFailed(db: Q, kind: string, id: number): Promise<boolean> {
  const row = await db.selectFrom('jobs').select('status').where('unique_key', '=', `${kind}:${id}`).executeTakeFirst();
  return row?.status === 'failed';
}
