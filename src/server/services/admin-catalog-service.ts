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
  setProductsVisible,
  softDeleteProduct,
  unlinkCategory,
  slugTaken,
  updateCategory,
  updateProduct,
  type ImageToStore,
} from '../repositories/admin-catalog-repository.js';
import { bumpCatalogVersion, markCatalogueReload, markProductsChanged } from './catalog-service.js';
import { notifyChange } from '../db/change-feed.js';
import { describeStoredImage } from './image-upload-service.js';
import { slugify, type AdminCategoryInput, type AdminProductInput } from '../../shared/schemas/admin-product.js';

/**
 * What an admin write changed, so each process does no more than it must (decision 019):
 * - 'products': the write marked its products inside its transaction (markProductsChanged); every
 *   process reads just them again.
 * - 'settings': nothing the catalogue holds; pages are rendered anew (the version is in their key).
 * - 'everything' (categories, or a write that cannot name its products): every process reloads
 *   the whole catalogue, in the background, answering from the last one meanwhile.
 */
export type CatalogueChange = 'products' | 'settings' | 'everything';

/**
 * Makes the storefront show the change at once: in this process, in every other one listening
 * (PostgreSQL notifications), and in any that missed the message at its next version check.
 */
export async function catalogChanged(shop: ShopContext, change: CatalogueChange = 'everything'): Promise<void> {
  if (change === 'everything') await markCatalogueReload(shop.db);
  else if (change === 'settings') await bumpCatalogVersion(shop.db);
  shop.catalog.invalidate();
  if (shop.changes) await notifyChange(shop.db, shop.changes.channel, 'content');
}

/** Deletes a product (kept for orders, gone from the shop); false when there is none to delete. */
export async function deleteProduct(shop: ShopContext, id: number): Promise<boolean> {
  const deleted = await shop.db.transaction().execute(async (trx) => {
    if (!(await softDeleteProduct(trx, id, new Date().toISOString()))) return false;
    await markProductsChanged(trx, [id]);
    return true;
  });
  if (deleted) await catalogChanged(shop, 'products');
  return deleted;
}

/** Shows or hides products (at most a page of them, as the bulk schema allows); returns how many changed. */
export async function setVisibility(shop: ShopContext, ids: readonly number[], visible: boolean): Promise<number> {
  const unique = [...new Set(ids)];
  const updated = await shop.db.transaction().execute(async (trx) => {
    const n = await setProductsVisible(trx, unique, visible, new Date().toISOString());
    if (n > 0) await markProductsChanged(trx, unique);
    return n;
  });
  if (updated > 0) await catalogChanged(shop, 'products');
  return updated;
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
export async function saveProduct(shop: ShopContext, input: AdminProductInput, id?: number): Promise<number> {
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
  const now = new Date().toISOString();
  let savedId: number;
  try {
    savedId = await shop.db.transaction().execute(async (trx) => {
      if (owner && owner.id !== id && owner.deleted) await retireSku(trx, owner.id, input.sku);
      const saved = id === undefined ? await insertProduct(trx, input, slug, images, now) : (await updateProduct(trx, id, input, slug, images, now), id);
      await markProductsChanged(trx, [saved]);
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
  await catalogChanged(shop, 'products');
  return savedId;
}

// Categories -------------------------------------------------------------------------------------

async function checkCategory(shop: ShopContext, input: AdminCategoryInput, id?: number): Promise<void> {
  if (await categorySlugTaken(shop.db, input.slug, id))
    throw new AppError(409, 'slug_taken', 'Another category already has this slug.', { slug: 'slug_taken' });
  if (input.image && !(await describeStoredImage(shop.pictures, input.image, 'category'))) {
    throw new AppError(400, 'validation', 'The picture was not found; upload it again.', { image: 'image_missing' });
  }
}

function slugConflict(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError(409, 'slug_taken', 'Another category already has this slug.', { slug: 'slug_taken' });
  throw err;
}

export async function createCategory(shop: ShopContext, input: AdminCategoryInput): Promise<number> {
  await checkCategory(shop, input);
  const id = await insertCategory(shop.db, input, new Date().toISOString()).catch(slugConflict);
  await catalogChanged(shop);
  return id;
}

export async function editCategory(shop: ShopContext, id: number, input: AdminCategoryInput): Promise<void> {
  await checkCategory(shop, input, id);
  const updated = await updateCategory(shop.db, id, input).catch(slugConflict);
  if (!updated) throw notFound('category_not_found', 'This category does not exist.');
  await catalogChanged(shop);
}

/**
 * Deletes a category. One holding products is refused (409 `category_in_use`) unless `moveTo`
 * names another category: its products move there first, in the same transaction.
 */
export async function removeCategory(shop: ShopContext, id: number, moveTo?: number): Promise<void> {
  const [category] = await listAdminCategories(shop.db, id);
  if (!category) throw notFound('category_not_found', 'This category does not exist.');
  if (moveTo !== undefined) {
    if (moveTo === id) throw new AppError(400, 'validation', 'Choose another category.', { moveTo: 'same_category' });
    if ((await existingCategoryIds(shop.db, [moveTo])).length === 0)
      throw new AppError(400, 'validation', 'That category does not exist.', { moveTo: 'category_unknown' });
  }
  await shop.db.transaction().execute(async (trx) => {
    const live = (await listAdminCategories(trx, id))[0]?.productCount ?? 0;
    if (live > 0 && moveTo === undefined) {
      throw new AppError(409, 'category_in_use', 'This category still holds products; choose where they go.', undefined, { productCount: live });
    }
    // Links of deleted products go too (or move with the rest): nothing shows them any more.
    if (moveTo !== undefined) await moveCategoryProducts(trx, id, moveTo);
    else if ((await categoryLinkCount(trx, id)) > 0) await unlinkCategory(trx, id);
    await deleteCategory(trx, id);
  });
  await catalogChanged(shop);
}
