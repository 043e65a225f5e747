import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { isUniqueViolation } from '../db/errors.js';
import { recordFields } from '../../shared/domain/product-csv.js';
import type { ImportPlan } from '../../shared/domain/product-import.js';
import type { ImportFailureCode, PictureFailureCode } from '../../shared/schemas/product-import.js';
import { slugify, type AdminProductInput } from '../../shared/schemas/admin-product.js';
import {
  existingCategoryIds,
  insertProducts,
  knownImages,
  retireSku,
  slugTaken,
  StockMoved,
  updateProduct,
  type ImageToStore,
} from '../repositories/admin-catalog-repository.js';
import { recordsById, type StoredRecord } from '../repositories/product-record-repository.js';
import {
  applyingActor,
  fetchedPictures,
  findImportRun,
  finishImportRun,
  markRowsApplied,
  nextRowsToApply,
  rememberPictures,
  skuOwners,
  takenSlugs,
  type RowOutcome,
} from '../repositories/catalogue-import-repository.js';
import { describeStoredImage, imageWidths, storeUpload } from '../services/image-upload-service.js';
import { defaultPictureLimits, fetchPicture, type PictureFetchLimits } from '../services/picture-fetch.js';
import { audit } from './audit.js';
import { inTransaction, type TransactionContext, type UseCaseContext } from './use-case.js';

/**
 * Applying a previewed import (decision 040), run by the `catalogue-import` job: the run's rows
 * still to write, a batch at a time, each batch in one short transaction that writes its products,
 * their activity-log entries and the rows' outcomes together, so a batch is written once or not at
 * all; a crash (the process killed) loses at most the batch in hand, which the next claim of the
 * job writes again. A product refused when written (its SKU taken meanwhile, its stock moved)
 * rolls its batch back; the batch is then written a product at a time, so only that product is
 * refused, and reported. The runner's other work and the shop's requests get the event loop
 * between batches.
 */

/** A row's stored plan (`catalogue_import_rows.data`). */
export interface StoredPlan extends ImportPlan {
  /** The product to update; null to create. */
  productId: number | null;
  line: number;
}

/** Products per transaction: a batch takes a few tens of milliseconds, which is what a request may wait. */
export const IMPORT_BATCH = 50;
/** Pictures fetched at the same time. */
const FETCHES = 4;

export interface ApplyOptions {
  batch?: number;
  pictures?: PictureFetchLimits;
  /** The instant (ms) by which to hand back to the runner (its lease), and whether it is stopping. */
  deadline?: number;
  stopping?: () => boolean;
  /** For the crash test: called inside each batch's transaction, after its products are written. */
  inBatch?: (rows: number) => Promise<void>;
}

/** Yields to the event loop, so requests are answered between steps of a long piece of work. */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A product refused when written; its batch is written again a product at a time. */
class RowRefused extends Error {
  constructor(readonly code: ImportFailureCode) {
    super(code);
  }
}

/** The refusal a write error means for its product, or undefined for an error that is not the product's (the database is gone). */
function refusalOf(err: unknown): ImportFailureCode | undefined {
  if (err instanceof RowRefused) return err.code;
  if (err instanceof StockMoved) return 'stock_moved';
  if (isUniqueViolation(err)) return 'sku_taken';
  if (err instanceof AppError && err.statusCode < 500) return 'invalid';
  const message = String((err as Error)?.message ?? '');
  if (/foreign key/i.test(message)) return 'category_unknown';
  return undefined;
}

interface Row {
  id: number;
  plan: StoredPlan;
  images: ImageToStore[];
  /** Pictures given by URL that were not fetched. */
  pictures: Array<{ url: string; code: PictureFailureCode }>;
  /** Why it is refused before any write (a stored picture gone). */
  refused?: ImportFailureCode;
}

/** Fetches the batch's pictures given by URL (those not fetched before), stores them through the picture pipeline, and resolves every picture's sizes. */
async function preparePictures(ctx: UseCaseContext, rows: Row[], limits: PictureFetchLimits, fetchedNow: Map<string, string>): Promise<void> {
  const { shop } = ctx;
  const urls = [...new Set(rows.flatMap((r) => r.plan.pictures.flatMap((p) => ('url' in p ? [p.url] : []))))];
  const before = await fetchedPictures(shop.db, urls);
  const failed = new Map<string, PictureFailureCode>();
  const sizes = new Map<string, ImageToStore>();
  const queue = urls.filter((u) => !before.has(u));
  await Promise.all(
    Array.from({ length: Math.min(FETCHES, queue.length) }, async () => {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
        const got = await fetchPicture(url, limits);
        if ('code' in got) {
          failed.set(url, got.code);
          continue;
        }
        try {
          const image = await storeUpload(shop.pictures, got.data, 'product');
          fetchedNow.set(url, image.base);
          sizes.set(image.base, { base: image.base, widths: imageWidths.product.join(','), width: image.width, height: image.height });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          failed.set(url, 'not_image');
        }
      }
    }),
  );
  const baseOf = (p: { base: string } | { url: string }) => ('base' in p ? p.base : (before.get(p.url) ?? fetchedNow.get(p.url)));
  const bases = [...new Set(rows.flatMap((r) => r.plan.pictures.map(baseOf).filter((b): b is string => b !== undefined)))].filter((b) => !sizes.has(b));
  for (const [base, s] of await knownImages(shop.db, bases)) sizes.set(base, { base, ...s });
  for (const base of bases) {
    if (sizes.has(base)) continue;
    const found = await describeStoredImage(shop.pictures, base, 'product');
    if (found) sizes.set(base, { base, widths: found.widths.join(','), width: found.width, height: found.height });
  }
  for (const row of rows) {
    for (const p of row.plan.pictures) {
      const base = baseOf(p);
      const size = base === undefined ? undefined : sizes.get(base);
      if (size) row.images.push(size);
      else if ('url' in p) row.pictures.push({ url: p.url, code: failed.get(p.url) ?? 'unreachable' });
      else row.refused = 'image_missing';
    }
  }
}

/** What a batch reads once, in its transaction, for all its products. */
interface BatchView {
  current: Map<number, StoredRecord>;
  categories: Set<number>;
  owners: Map<string, { id: number; deleted: boolean }>;
  /** Slugs taken: in the table (those asked), and given in this batch. */
  slugs: Set<string>;
}

async function readBatch(trx: Transaction<Database>, rows: Row[]): Promise<BatchView> {
  const plans = rows.map((r) => r.plan);
  const [current, categories, owners, slugs] = await Promise.all([
    recordsById(
      trx,
      plans.flatMap((p) => (p.productId === null ? [] : [p.productId])),
    ),
    existingCategoryIds(trx, [...new Set(plans.flatMap((p) => p.input.categoryIds))]),
    skuOwners(
      trx,
      plans.filter((p) => p.productId === null).map((p) => p.input.sku),
    ),
    takenSlugs(
      trx,
      plans.map((p) => slugify(p.input.name.en) || 'product'),
    ),
  ]);
  return { current, categories: new Set(categories), owners, slugs };
}

/** A free slug for a name, inside the transaction: the batch's first guess, else the next free `-n`. */
async function freeSlug(trx: Transaction<Database>, name: string, view: BatchView, exceptId?: number): Promise<string> {
  const root = slugify(name) || 'product';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? root : `${root}-${n}`;
    // The root was asked for the whole batch; a suffixed one is asked here.
    if (view.slugs.has(slug) || (n > 1 && (await slugTaken(trx, slug, exceptId)))) continue;
    view.slugs.add(slug);
    return slug;
  }
}

/** A product of the batch to create, once checked: written with the others in one statement per table. */
interface ToCreate {
  row: Row;
  product: AdminProductInput;
  slug: string;
}

/**
 * Checks one product and writes it when it is an update (with its activity-log entry); a new one is
 * returned to be written with the batch's others. Throws RowRefused (or a write error) when it
 * cannot be written.
 */
async function writeRow(tx: TransactionContext, row: Row, view: BatchView): Promise<RowOutcome | ToCreate> {
  const { trx } = tx;
  const { plan } = row;
  if (row.refused) throw new RowRefused(row.refused);
  const product = { ...plan.input, images: row.images.map((i) => i.base) };
  if (!product.categoryIds.every((id) => view.categories.has(id))) throw new RowRefused('category_unknown');
  if (plan.productId === null) {
    const owner = view.owners.get(product.sku.toLowerCase());
    if (owner && !owner.deleted) throw new RowRefused('sku_taken');
    if (owner) await retireSku(trx, owner.id, product.sku);
    return { row, product, slug: await freeSlug(trx, product.name.en, view) };
  }
  const before = view.current.get(plan.productId);
  if (!before) throw new RowRefused('product_not_found');
  // An unchanged English name keeps its slug (and its links), as the admin form does.
  const slug = before.record.name.en === product.name.en ? before.slug : await freeSlug(trx, product.name.en, view, plan.productId);
  await updateProduct(trx, plan.productId, product, slug, row.images, tx.now.toISOString());
  const after = recordFields({ ...plan.record, images: product.images });
  await audit(tx, { kind: 'product', action: 'imported', subjectId: plan.productId, label: product.name.en, before: recordFields(before.record), after });
  return { rowId: row.id, outcome: 'updated', productId: plan.productId, failure: null, pictures: row.pictures };
}

/** Writes rows in one transaction with their outcomes; throws when one of them cannot be written (nothing of the batch stays). */
async function writeBatch(ctx: UseCaseContext, importId: number, rows: Row[], fetchedNow: Map<string, string>, options: ApplyOptions): Promise<void> {
  await inTransaction(
    ctx,
    async (tx) => {
      const view = await readBatch(tx.trx, rows);
      const written: Array<RowOutcome | ToCreate> = [];
      for (const row of rows) written.push(await writeRow(tx, row, view));
      const creates = written.filter((w): w is ToCreate => 'slug' in w);
      const ids = await insertProducts(
        tx.trx,
        creates.map((c) => ({ product: c.product, slug: c.slug, images: c.row.images })),
        tx.now.toISOString(),
      );
      const outcomes = written.map((w): RowOutcome => {
        if (!('slug' in w)) return w;
        return { rowId: w.row.id, outcome: 'created', productId: ids[creates.indexOf(w)]!, failure: null, pictures: w.row.pictures };
      });
      for (const [k, c] of creates.entries())
        await audit(tx, {
          kind: 'product',
          action: 'imported',
          subjectId: ids[k]!,
          label: c.product.name.en,
          before: null,
          after: recordFields({ ...c.row.plan.record, images: c.product.images }),
        });
      await options.inBatch?.(rows.length);
      await rememberPictures(tx.trx, fetchedNow, tx.now.toISOString());
      await markRowsApplied(tx.trx, importId, outcomes, tx.now.toISOString());
      tx.after.productsChanged(outcomes.flatMap((o) => (o.productId === null ? [] : [o.productId])));
    },
    { retryConflicts: true },
  );
}

/** One batch: pictures first (outside any transaction), then the batch in one transaction, or product by product when one is refused. */
async function applyBatch(ctx: UseCaseContext, importId: number, stored: Awaited<ReturnType<typeof nextRowsToApply>>, options: ApplyOptions): Promise<void> {
  const rows: Row[] = stored.map((r) => ({ id: r.id, plan: JSON.parse(r.data) as StoredPlan, images: [], pictures: [] }));
  const fetchedNow = new Map<string, string>();
  await preparePictures(ctx, rows, options.pictures ?? defaultPictureLimits, fetchedNow);
  try {
    await writeBatch(ctx, importId, rows, fetchedNow, options);
    return;
  } catch (err) {
    if (refusalOf(err) === undefined) throw err;
  }
  for (const row of rows) {
    try {
      await writeBatch(ctx, importId, [row], fetchedNow, options);
    } catch (err) {
      const code = refusalOf(err);
      if (code === undefined) throw err;
      ctx.log.info({ importId, line: row.plan.line, code }, 'catalogue import: a product was refused when written');
      await inTransaction(ctx, async ({ trx, now }) => {
        await markRowsApplied(
          trx,
          importId,
          [{ rowId: row.id, outcome: 'failed', productId: row.plan.productId, failure: code, pictures: [] }],
          now.toISOString(),
        );
      });
    }
  }
}

/**
 * Writes the rest of an applying run, a batch at a time, yielding between batches; when none is
 * left, marks the run done with its activity-log entry (once: only an applying run is finished).
 * Answers 'again' when it handed back before the end (the runner's lease is ending or it is
 * stopping), 'done' otherwise (also for a run that is not applying).
 */
export async function continueImport(ctx: UseCaseContext, importId: number, options: ApplyOptions = {}): Promise<'done' | 'again'> {
  for (;;) {
    const actor = await applyingActor(ctx.db, importId);
    if (!actor) return 'done';
    // The products are written in the name of whoever applied the run, at the time of each batch.
    const batchCtx: UseCaseContext = { ...ctx, actor, now: new Date() };
    const rows = await nextRowsToApply(ctx.db, importId, options.batch ?? IMPORT_BATCH);
    if (!rows.length) {
      await inTransaction(batchCtx, async (tx) => {
        const run = await findImportRun(tx.trx, importId);
        if (!run || !(await finishImportRun(tx.trx, importId, 'done', tx.now.toISOString()))) return;
        await audit(tx, {
          kind: 'import',
          action: 'applied',
          subjectId: importId,
          label: run.fileName,
          before: null,
          after: { file: run.fileName, ...run.report },
        });
      });
      ctx.log.info({ importId }, 'catalogue import: done');
      return 'done';
    }
    await applyBatch(batchCtx, importId, rows, options);
    await yieldToRequests();
    if (options.stopping?.() || (options.deadline !== undefined && Date.now() > options.deadline)) return 'again';
  }
}
