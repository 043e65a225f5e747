import type { ShopContext } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { isUniqueViolation } from '../db/errors.js';
import {
  categoryLinkCount,
  categorySlugTaken,
  currentStock,
  StockMoved,
  deleteCategory,
  existingCategoryIds,
  findBySku,
  insertCategory,
  insertProduct,
  knownImages,
  listAdminCategories,
  moveCategoryProducts,
  productSlugAndName,
  retireSku,
  softDeleteProduct,
  unlinkCategory,
  slugTaken,
  updateCategory,
  updateProduct,
  type ImageToStore,
} from '../repositories/admin-catalog-repository.js';
import { inTransaction, type UseCaseContext } from './use-case.js';
import { audit, productAuditFields } from './audit.js';
import { getAdminProduct } from '../repositories/admin-product-list-repository.js';
import { describeStoredImage } from '../services/image-upload-service.js';
import { slugify, type AdminCategoryInput, type AdminProductInput } from '../../shared/schemas/admin-product.js';

/**
 * Makes the storefront show a change no use case declared (a test's direct write, a restore): every
 * process reloads the whole catalogue (`everything`) or renders its pages anew (`settings`).
 */
export async function contentChanged(ctx: UseCaseContext, change: 'settings' | 'everything' = 'everything'): Promise<void> {
  await inTransaction(ctx, async ({ after }) => after.contentChanged(change));
}

/** Deletes a product (kept for orders, gone from the shop); false when there is none to delete. */
export async function deleteProduct(ctx: UseCaseContext, { id }: { id: number }): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const before = await getAdminProduct(tx.trx, id);
    if (!before || !(await softDeleteProduct(tx.trx, id, tx.now.toISOString()))) return false;
    await audit(tx, { kind: 'product', action: 'deleted', subjectId: id, label: before.name.en, before: productAuditFields(before), after: null });
    tx.after.productsChanged([id]);
    return true;
  });
}

/** Stored sizes for each picture; a base no product uses must be an upload whose files exist. */
async function resolveImages(shop: ShopContext, bases: string[]): Promise<ImageToStore[]> {
  const unique = [...new Set(bases)];
  const known = await knownImages(shop.db, unique);
  const out: ImageToStore[] = [];
  for (const [i, base] of unique.entries()) {
    const stored = known.get(base);
    if (stored) {
      out.push({ base, ...stored });
      continue;
    }
    const found = await describeStoredImage(shop.pictures, base, 'product');
    if (!found)
      throw new AppError(400, 'validation', 'A picture was not found; upload it again.', { [`images.${i}`]: 'image_missing', images: 'image_missing' });
    out.push({ base, widths: found.widths.join(','), width: found.width, height: found.height });
  }
  return out;
}

async function uniqueSlug(shop: ShopContext, name: string, exceptId?: number): Promise<string> {
  const root = slugify(name) || 'product';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? root : `${root}-${n}`;
    if (!(await slugTaken(shop.db, slug, exceptId))) return slug;
  }
}

const skuTaken = () => new AppError(409, 'sku_taken', 'Another product already has this SKU.', { sku: 'sku_taken' });

/** Creates (no `id`) or updates a product; returns its id. Throws 400/404/409 AppErrors. */
export async function saveProduct(ctx: UseCaseContext, { id, product: input }: { id?: number; product: AdminProductInput }): Promise<number> {
  const { shop } = ctx;
  const current = id === undefined ? undefined : await productSlugAndName(shop.db, id);
  if (id !== undefined && !current) throw notFound('product_not_found', 'This product does not exist.');
  const wantedCategories = [...new Set(input.categoryIds)];
  const found = await existingCategoryIds(shop.db, wantedCategories);
  if (found.length !== wantedCategories.length) throw new AppError(400, 'validation', 'A category no longer exists.', { categoryIds: 'category_unknown' });
  const images = await resolveImages(shop, input.images);
  const owner = await findBySku(shop.db, input.sku);
  if (owner && owner.id !== id && !owner.deleted) throw skuTaken();
  // The slug follows the English name; an unchanged name keeps its slug (and its links).
  const slug = current && current.name_en === input.name.en ? current.slug : await uniqueSlug(shop, input.name.en, id);
  const now = ctx.now.toISOString();
  try {
    return await inTransaction(ctx, async (tx) => {
      const { trx, after } = tx;
      if (owner && owner.id !== id && owner.deleted) await retireSku(trx, owner.id, input.sku);
      const before = id === undefined ? undefined : await getAdminProduct(trx, id);
      const saved = id === undefined ? await insertProduct(trx, input, slug, images, now) : (await updateProduct(trx, id, input, slug, images, now), id);
      const saw = await getAdminProduct(trx, saved);
      await audit(tx, {
        kind: 'product',
        action: before ? 'updated' : 'created',
        subjectId: saved,
        label: input.name.en,
        before: before ? productAuditFields(before) : null,
        after: saw ? productAuditFields(saw) : null,
      });
      after.productsChanged([saved]);
      return saved;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw skuTaken();
    if (err instanceof StockMoved && id !== undefined)
      throw new AppError(409, 'product_changed', 'This product changed since you opened it: its stock moved. Check the figures and save again.', undefined, {
        current: await currentStock(shop.db, id),
      });
    throw err;
  }
}

// Categories -------------------------------------------------------------------------------------

async function checkCategory(shop: ShopContext, input: AdminCategoryInput, id?: number): Promise<void> {
  if (await categorySlugTaken(shop.db, input.slug, id))
    throw new AppError(409, 'slug_taken', 'Another category already has this slug.', { slug: 'slug_taken' });
  if (input.image && !(await describeStoredImage(shop.pictures, input.image, 'category'))) {
    throw new AppError(400, 'validation', 'The picture was not found; upload it again.', { image: 'image_missing' });
  }
}

/** A category as its history records it. */
const categoryAuditFields = (c: AdminCategoryInput) => ({ name: c.name, slug: c.slug, image: c.image, sortOrder: c.sortOrder });

function slugConflict(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError(409, 'slug_taken', 'Another category already has this slug.', { slug: 'slug_taken' });
  throw err;
}

/** Creates a category; returns its id. Every process reloads the catalogue (categories are in every product's answer). */
export async function createCategory(ctx: UseCaseContext, input: AdminCategoryInput): Promise<number> {
  await checkCategory(ctx.shop, input);
  return inTransaction(ctx, async (tx) => {
    const id = await insertCategory(tx.trx, input, tx.now.toISOString()).catch(slugConflict);
    await audit(tx, { kind: 'category', action: 'created', subjectId: id, label: input.name.en, before: null, after: categoryAuditFields(input) });
    tx.after.contentChanged('everything');
    return id;
  });
}

export async function editCategory(ctx: UseCaseContext, { id, category: input }: { id: number; category: AdminCategoryInput }): Promise<void> {
  await checkCategory(ctx.shop, input, id);
  await inTransaction(ctx, async (tx) => {
    const [before] = await listAdminCategories(tx.trx, id);
    const updated = before && (await updateCategory(tx.trx, id, input).catch(slugConflict));
    if (!before || !updated) throw notFound('category_not_found', 'This category does not exist.');
    await audit(tx, {
      kind: 'category',
      action: 'updated',
      subjectId: id,
      label: input.name.en,
      before: categoryAuditFields(before),
      after: categoryAuditFields(input),
    });
    tx.after.contentChanged('everything');
  });
}

/**
 * Deletes a category. One holding products is refused (409 `category_in_use`) unless `moveTo`
 * names another category: its products move there first, in the same transaction.
 */
export async function removeCategory(ctx: UseCaseContext, { id, moveTo }: { id: number; moveTo?: number }): Promise<void> {
  const [category] = await listAdminCategories(ctx.db, id);
  if (!category) throw notFound('category_not_found', 'This category does not exist.');
  if (moveTo !== undefined) {
    if (moveTo === id) throw new AppError(400, 'validation', 'Choose another category.', { moveTo: 'same_category' });
    if ((await existingCategoryIds(ctx.db, [moveTo])).length === 0)
      throw new AppError(400, 'validation', 'That category does not exist.', { moveTo: 'category_unknown' });
  }
  await inTransaction(ctx, async (tx) => {
    const { trx, after } = tx;
    const live = (await listAdminCategories(trx, id))[0]?.productCount ?? 0;
    if (live > 0 && moveTo === undefined) {
      throw new AppError(409, 'category_in_use', 'This category still holds products; choose where they go.', undefined, { productCount: live });
    }
    // Links of deleted products go too (or move with the rest): nothing shows them any more.
    if (moveTo !== undefined) await moveCategoryProducts(trx, id, moveTo);
    else if ((await categoryLinkCount(trx, id)) > 0) await unlinkCategory(trx, id);
    await deleteCategory(trx, id);
    await audit(tx, {
      kind: 'category',
      action: 'deleted',
      subjectId: id,
      label: category.name.en,
      before: { ...categoryAuditFields(category), productCount: live },
      after: moveTo === undefined ? null : { productsMovedTo: moveTo },
    });
    after.contentChanged('everything');
  });
}
