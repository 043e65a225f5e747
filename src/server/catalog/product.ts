import { toIso } from '../db/database.js';
import type { ListedRow, ProductRecord } from '../repositories/catalog-repository.js';
import type { Language } from '../../shared/domain/languages.js';
import type { Product, ProductSummary } from '../../shared/schemas/product.js';
import { totalStock } from './catalog-index.js';

type Localizable = 'name' | 'short_description' | 'full_description';
type Texts = Partial<Record<`${Localizable}_${Language}`, string | null>>;

/** The row's text in `lng`, falling back to English when that language was not entered. */
function text(row: Texts, field: Localizable, lng: Language): string {
  const value = row[`${field}_${lng}`];
  return value && value.trim() ? value : (row[`${field}_en`] ?? '');
}

/** The long descriptions, which only a product page shows (the catalogue does not keep them). */
export type FullDescription = Pick<Texts, 'full_description_en' | 'full_description_ar' | 'full_description_fr' | 'full_description_de'>;

/** Turns a stored record into the API's product, in one language; without `full`, its long description is empty. */
export function toProduct(rec: ProductRecord, lng: Language, full?: FullDescription): Product {
  const row: ListedRow = rec.row;
  const name = text(row, 'name', lng);
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    name,
    shortDescription: text(row, 'short_description', lng),
    fullDescription: full ? text(full, 'full_description', lng) : '',
    price: row.price,
    discount: row.discount,
    offerEnd: toIso(row.offer_end),
    isNew: row.is_new === 1,
    rating: row.rating,
    reviewCount: row.review_count,
    saleCount: row.sale_count,
    categories: rec.categories,
    tags: rec.tags,
    images: rec.images.map((img) => {
      const largest = Math.max(...img.widths);
      return {
        src: `${img.base}-${largest}.webp`,
        srcSet: img.widths.map((w) => `${img.base}-${w}.webp ${w}w`).join(', '),
        width: img.width,
        height: img.height,
        alt: name,
      };
    }),
    stock: totalStock(rec),
    variants: rec.variants,
    createdAt: toIso(row.created_at),
  };
}

/** A product as listings show it: one picture and no long description (its page has both). */
export function summary({ fullDescription: _omit, images, ...rest }: Product): ProductSummary {
  return { ...rest, images: images.slice(0, 1) };
}
