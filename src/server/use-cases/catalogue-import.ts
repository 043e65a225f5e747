import { AppError, notFound } from '../errors.js';
import { readProductCsv, type CsvFileProblem } from '../../shared/domain/product-csv-file.js';
import { decideProduct, ownPictureBase, type ImportPicture } from '../../shared/domain/product-import.js';
import type { ImportRun } from '../../shared/schemas/product-import.js';
import { knownImages } from '../repositories/admin-catalog-repository.js';
import { categoryIdsBySlug, recordsBySku } from '../repositories/product-record-repository.js';
import {
  fetchedPictures,
  findImportRun,
  importJobFailed,
  insertImportRun,
  startImportRun,
  type NewImportRow,
} from '../repositories/catalogue-import-repository.js';
import { enqueueJob } from '../repositories/job-repository.js';
import { describeStoredImage } from '../services/image-upload-service.js';
import { catalogueImportKind } from '../jobs/catalogue-import.js';
import { inTransaction, type UseCaseContext } from './use-case.js';
import type { StoredPlan } from './catalogue-import-apply.js';

/**
 * The catalogue import (issue 32, decision 040): a products CSV is read and checked into a
 * preview (nothing in the catalogue changes), then applied in batches by the job runner. This file
 * is the preview and the start; catalogue-import-apply.ts writes the products.
 */

/** The job kind that applies a run; its unique key is `catalogue-import:<run id>`. */
export const importJobKind = catalogueImportKind;

/** The 4xx answer of a file refused as a whole. */
function refusal(problem: CsvFileProblem): AppError {
  switch (problem.problem) {
    case 'encoding':
      return new AppError(400, 'import_file_invalid', 'This file is not UTF-8 or UTF-16 text: save it as "CSV UTF-8" and try again.', undefined, {
        reason: 'encoding',
      });
    case 'empty':
      return new AppError(400, 'import_file_invalid', 'This file holds no products.', undefined, { reason: 'empty' });
    case 'columns':
      return new AppError(400, 'import_columns', 'Some columns of this file are unknown or missing.', undefined, {
        missing: problem.missing,
        unknown: problem.unknown,
        duplicate: problem.duplicate,
      });
    case 'too_many_rows':
      return new AppError(413, 'too_many_rows', `This file has ${problem.rows} rows; at most ${problem.max} are imported at once.`, undefined, {
        rows: problem.rows,
        max: problem.max,
      });
  }
}

/** Yields to the event loop, so requests are answered between steps of a long piece of work. */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads an uploaded products CSV and records its preview: each product of the file with what
 * applying would do (create, update with the changed fields, unchanged) or why it is refused, by
 * row and column. Nothing of the catalogue changes. Throws 400/413 AppErrors for a file refused
 * as a whole. Returns the previewed run.
 */
export async function previewImport(ctx: UseCaseContext, { fileName, bytes }: { fileName: string; bytes: Uint8Array }): Promise<ImportRun> {
  const parsed = readProductCsv(bytes);
  if ('problem' in parsed) throw refusal(parsed);
  const { db, shop } = ctx;
  const [categories, current] = await Promise.all([categoryIdsBySlug(db), recordsBySku(db, parsed.products.map((p) => p.sku).filter(Boolean))]);

  // Pictures: the shop's own addresses must be stored pictures; other URLs are fetched when applying.
  const origins = [ctx.origin, shop.config.publicUrl].filter((o): o is string => Boolean(o)).map((o) => new URL(o).origin);
  const entries = new Set(parsed.products.flatMap((p) => p.fields.images ?? []));
  const own = new Map<string, string | null | 'invalid'>([...entries].map((e) => [e, ownPictureBase(e, origins)]));
  const bases = [...own.values()].filter((b): b is string => typeof b === 'string' && b !== 'invalid');
  const known = await knownImages(db, bases);
  const stored = new Set(known.keys());
  for (const b of bases) if (!stored.has(b) && (await describeStoredImage(shop.pictures, b, 'product'))) stored.add(b);
  const fetched = await fetchedPictures(
    db,
    [...own].filter(([, b]) => b === null).map(([e]) => e),
  );
  const picture = (entry: string): ImportPicture | 'missing' | 'invalid' => {
    const b = own.get(entry);
    if (b === 'invalid' || b === undefined) return 'invalid';
    if (b !== null) return stored.has(b) ? { base: b } : 'missing';
    if (entry.length > 2000) return 'invalid';
    const before = fetched.get(entry);
    return before ? { base: before } : { url: entry };
  };

  const rows: NewImportRow[] = [];
  for (const [i, p] of parsed.products.entries()) {
    // A large file is checked in steps, so the shop keeps answering meanwhile.
    if (i % 500 === 499) await yieldToRequests();
    const found = p.sku ? current.get(p.sku.toLowerCase()) : undefined;
    const decision = decideProduct(p, { current: found?.record, categoryId: (slug) => categories.get(slug), picture });
    const name = p.fields.name?.en || found?.record.name.en || '';
    const line = p.lines[0] ?? 0;
    const sku = p.fields.sku ?? p.sku;
    if (decision.action === 'error')
      rows.push({ line, sku, name, action: 'error', productId: found?.id ?? null, data: null, changes: [], issues: decision.issues });
    else if (decision.action === 'unchanged') rows.push({ line, sku, name, action: 'unchanged', productId: found!.id, data: null, changes: [], issues: [] });
    else {
      const plan: StoredPlan = { ...decision.plan, productId: found?.id ?? null, line };
      rows.push({
        line,
        sku,
        name: decision.plan.input.name.en,
        action: decision.action,
        productId: found?.id ?? null,
        data: JSON.stringify(plan),
        changes: decision.action === 'update' ? decision.changes : [],
        issues: [],
      });
    }
  }
  const id = await inTransaction(ctx, async ({ trx, now }) =>
    insertImportRun(trx, {
      fileName: fileName.slice(0, 200) || 'products.csv',
      createdBy: ctx.actor.userId,
      at: now.toISOString(),
      fileRows: parsed.rows,
      rows,
    }),
  );
  return (await findImportRun(db, id))!;
}

/** A run as the page shows it; a run whose job gave up (its retries ran out) reads as failed. 404 when there is none. */
export async function importRun(ctx: Pick<UseCaseContext, 'db'>, id: number): Promise<ImportRun> {
  const run = await findImportRun(ctx.db, id);
  if (!run) throw notFound('import_not_found', 'This import does not exist.');
  if (run.status === 'applying' && (await importJobFailed(ctx.db, importJobKind, id))) return { ...run, status: 'failed' };
  return run;
}

/**
 * Applies a previewed run: marks it applying in the name of whoever asks, and writes its job in
 * the same transaction (one per run: its unique key), which the runner takes at once. 409
 * `import_state` when the run is applying or done already (a second click, another admin).
 */
export async function startImport(ctx: UseCaseContext, { id }: { id: number }): Promise<ImportRun> {
  await importRun(ctx, id);
  await inTransaction(ctx, async ({ trx, after, now }) => {
    if (!(await startImportRun(trx, id, ctx.actor, now.toISOString())))
      throw new AppError(409, 'import_state', 'This import was applied already.', undefined, { status: (await findImportRun(trx, id))?.status });
    await enqueueJob(trx, { kind: importJobKind, payload: { importId: id }, uniqueKey: `${importJobKind}:${id}` }, now);
    after.jobAdded();
  });
  return importRun(ctx, id);
}
