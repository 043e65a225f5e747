import { AppError } from '../errors.js';
import { existingCategoryIds } from '../repositories/admin-catalog-repository.js';
import { countMatchingProducts, matchingProductIds } from '../repositories/admin-product-list-repository.js';
import { liveProductIds, readBulkProducts, writeBulkProducts, type BulkWrite, type StoredBulkProduct } from '../repositories/product-bulk-repository.js';
import { applyBulkChange, bulkEditLabel, type BulkProblem, type BulkProduct } from '../../shared/domain/bulk-edit.js';
import { MAX_BULK_PRODUCTS, type AdminBulkEdit, type AdminBulkResult, type BulkSelection } from '../../shared/schemas/admin-product.js';
import type { AuditFields } from '../../shared/domain/audit.js';
import { audit } from './audit.js';
import { inTransaction, type TransactionContext, type UseCaseContext } from './use-case.js';

/** Products read, changed and written together: one statement binds at most this many ids (decision 019). */
export const BULK_BATCH = 500;

/**
 * Up to this many changed products, every process reads just them back (`productsChanged`); above
 * it, one whole reload is cheaper than applying them one by one (decision 041 has the figures).
 */
export const PRODUCTS_CHANGED_MAX = 500;

const problems: Record<BulkProblem, { code: 'bulk_price_out_of_range' | 'bulk_category_last' | 'bulk_too_many_labels'; message: string }> = {
  price_out_of_range: { code: 'bulk_price_out_of_range', message: 'a price would be 0 or less, or above the highest price' },
  category_last: { code: 'bulk_category_last', message: 'a product would be left without a category' },
  too_many_categories: { code: 'bulk_too_many_labels', message: 'a product would hold more than 20 categories' },
  too_many_tags: { code: 'bulk_too_many_labels', message: 'a product would hold more than 20 tags' },
};

/** The product's fields as its activity-log entry keeps them (`audit` keeps only those that changed). */
function auditFields(p: BulkProduct): AuditFields {
  return {
    price: p.price,
    discount: p.discount,
    offerEnd: p.offerEnd,
    // With variants the stock is theirs (below); the product's own figure is not used.
    stock: p.variants.length ? null : p.stock,
    visible: p.visible,
    categoryIds: p.categoryIds,
    tags: p.tags,
    variants: p.variants.map((v) => ({ color: v.color, size: v.size, price: v.price, stock: v.stock })),
  };
}

const sameFields = (a: AuditFields, b: AuditFields) => JSON.stringify(a) === JSON.stringify(b);

/** The selected products' ids, ascending: at most `MAX_BULK_PRODUCTS` + 1, so a larger selection is seen to be one. */
async function selectedIds({ trx }: TransactionContext, selection: BulkSelection): Promise<number[]> {
  if (selection.filter) return matchingProductIds(trx, selection.filter, MAX_BULK_PRODUCTS + 1);
  const unique = [...new Set(selection.ids ?? [])];
  const found: number[] = [];
  for (let i = 0; i < unique.length; i += BULK_BATCH) found.push(...(await liveProductIds(trx, unique.slice(i, i + BULK_BATCH))));
  return found.sort((a, b) => a - b);
}

/**
 * One change to many products (issue 32, decision 041): a price (absolute or by a percentage,
 * variants' own prices too), a discount, stock, categories, tags or visibility, to the selected
 * ids or to every product the list's filters match, resolved here inside the transaction. The
 * server computes every new value with the shared rule (`applyBulkChange`); the browser sends
 * only the change and the selection. All or nothing: one transaction, refused whole when the
 * selection is empty, above 10,000, no longer `expectedCount` products, or when one product
 * refuses the change (its price would drop to 0, its last category would go). Each product
 * changed gets its activity-log entry (action `bulk-edit`, one label for the whole edit).
 */
export async function bulkEditProducts(ctx: UseCaseContext, request: AdminBulkEdit, options: { batch?: number } = {}): Promise<AdminBulkResult> {
  const { selection, change, expectedCount } = request;
  const batch = options.batch ?? BULK_BATCH;
  if (change.categories) {
    const wanted = [...new Set(change.categories.categoryIds)];
    if ((await existingCategoryIds(ctx.db, wanted)).length !== wanted.length)
      throw new AppError(400, 'validation', 'A category no longer exists.', { 'change.categories.categoryIds': 'category_unknown' });
  }
  return inTransaction(
    ctx,
    async (tx) => {
      const ids = await selectedIds(tx, selection);
      if (ids.length === 0) throw new AppError(400, 'bulk_empty', 'No product is selected: nothing was changed.');
      if (ids.length > MAX_BULK_PRODUCTS) {
        const count = selection.filter ? await countMatchingProducts(tx.trx, selection.filter) : ids.length;
        throw new AppError(400, 'bulk_too_many', `At most ${MAX_BULK_PRODUCTS} products change at once; this selection holds ${count}.`, undefined, {
          count,
          max: MAX_BULK_PRODUCTS,
        });
      }
      if (ids.length !== expectedCount)
        throw new AppError(
          409,
          'bulk_selection_changed',
          `The selection now holds ${ids.length} products, not ${expectedCount}: nothing was changed.`,
          undefined,
          {
            count: ids.length,
          },
        );

      const label = bulkEditLabel(change, ids.length);
      const changed: number[] = [];
      for (let i = 0; i < ids.length; i += batch) {
        const stored = await readBulkProducts(tx.trx, ids.slice(i, i + batch), ctx.shop.dialect);
        const writes: BulkWrite[] = [];
        for (const product of stored.values()) {
          const result = applyBulkChange(product.product, change);
          if ('problem' in result) throw refused(result.problem, product);
          if (!sameFields(auditFields(product.product), auditFields(result.product))) writes.push({ stored: product, after: result.product });
        }
        await writeBulkProducts(tx.trx, writes, tx.now.toISOString());
        for (const { stored: product, after } of writes) {
          await audit(tx, {
            kind: 'product',
            action: 'bulk-edit',
            subjectId: product.id,
            label,
            before: auditFields(product.product),
            after: auditFields(after),
          });
          changed.push(product.id);
        }
      }
      if (changed.length > PRODUCTS_CHANGED_MAX) tx.after.contentChanged('everything');
      else if (changed.length) tx.after.productsChanged(changed);
      return { matched: ids.length, changed: changed.length };
    },
    { retryConflicts: true },
  );
}

/** The whole edit refused for one product, named in the answer's details. */
function refused(problem: BulkProblem, product: StoredBulkProduct): AppError {
  const { code, message } = problems[problem];
  return new AppError(400, code, `Nothing was changed: ${message} (“${product.name}”).`, undefined, {
    product: { id: product.id, name: product.name },
    problem,
  });
}
