import { formatMoney } from './product-csv.js';
import { shownPrice, variantPrice } from './pricing.js';

// The product feeds for Google Merchant Center and Meta (issue 34, point 2; decision 045): what one
// feed item says of a product or one of its variants. The server writes these items as XML or CSV
// (src/server/feeds/); the rules of which items a product gives, their ids and their prices live here.

/**
 * The id of a product, or of one of its colour and size variants, wherever the shop names items to
 * Google and Meta: in these feeds and in the measurement events (measurement.ts), which must match
 * for the ads to know what sold. A product sold without options is its own id ("1042"); a variant
 * adds its colour and size as the shop keeps them ("1042-amber-200g"), which no language changes
 * and which a cart line and an order line carry too (they do not know the variant's row id).
 */
export function catalogueItemId(productId: number, color: string | null | undefined, size: string | null | undefined): string {
  const part = (value: string | null | undefined) => (value ? `-${value.toLowerCase().replace(/[^a-z0-9]+/g, '_')}` : '');
  return `${productId}${part(color)}${part(size)}`;
}

/** Money as both feeds write it, from piastres: "1250.50 EGP". */
export function feedMoney(piastres: number): string {
  return `${formatMoney(piastres)} EGP`;
}

/** Google's longest title (Meta takes 200); longer names are cut at a word where one is near. */
export const FEED_TITLE_MAX = 150;
/** Google's longest description (Meta takes 9,999). */
export const FEED_DESCRIPTION_MAX = 5000;
/** Google reads at most ten additional pictures. */
export const FEED_MORE_IMAGES_MAX = 10;

/** What a feed needs of a visible product, in one language, with absolute URLs. Money in piastres. */
export interface FeedProduct {
  id: number;
  title: string;
  description: string;
  /** The product page, absolute. */
  link: string;
  /** Absolute picture URLs, the first the main one. */
  images: readonly string[];
  price: number;
  /** Whole percent. */
  discount: number;
  /** ISO date-time the product's own offer ends, or null. */
  offerEnd: string | null;
  stock: number;
  variants: ReadonlyArray<{ id: number; color: string | null; size: string | null; stock: number; price: number | null }>;
  /** The product's category as the shop names it in this language, or null. */
  productType: string | null;
}

/** One line of a feed: a product without variants, or one variant of a product. Money in piastres. */
export interface FeedItem {
  id: string;
  /** The product's id for a variant (`item_group_id`), null for a product without variants. */
  groupId: string | null;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  availability: 'in_stock' | 'out_of_stock';
  /** The list price before any discount. */
  price: number;
  /** What the shopper pays when it is less than `price`, else null. */
  salePrice: number | null;
  /** ISO 8601 interval `start/end` while the product's own offer has an announced end ahead, else null. */
  saleDates: string | null;
  /** The variant's colour and size as the shop names them in this language. */
  color: string | null;
  size: string | null;
  productType: string | null;
  /** Delivery for this one item, the most any governorate costs (0 at or above the free-delivery threshold). */
  shipping: number;
}

/** What the items depend on besides the product: the moment, the running offers, words, delivery. */
export interface FeedContext {
  /** When the feed is built: a sale's interval starts here. */
  now: Date;
  /** The price of one unit after the running automatic offers, for this list price, or null (`productOffer`). */
  offerPrice(listPrice: number): number | null;
  /** A colour or size key as the shop names it in the feed's language. */
  colorName(key: string): string;
  sizeName(key: string): string;
  /** A variant's colour and size as one phrase for its title ("Amber, 50 ml"; Arabic joins with "، "). */
  optionsName(color: string | null, size: string | null): string | null;
  /** Delivery of one item costing `paid` piastres (see `FeedItem.shipping`). */
  shipping(paid: number): number;
}

/** The text cut to `max` characters at a word boundary near the end, with an ellipsis. */
export function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.7 ? cut.slice(0, space) : cut}…`;
}

/** An instant as the feeds' intervals write it: UTC to the minute ("2026-03-01T18:00Z"). */
function minute(at: Date): string {
  return `${at.toISOString().slice(0, 16)}Z`;
}

/** The sale's interval while the product's own offer has an end ahead of `now`, else null (no end announced: the sale holds). */
export function saleDates(offerEnd: string | null, now: Date): string | null {
  const end = offerEnd ? Date.parse(offerEnd) : NaN;
  if (!Number.isFinite(end) || end <= now.getTime()) return null;
  return `${minute(now)}/${minute(new Date(end))}`;
}

/**
 * The feed items of one product: itself when it has no variants, else one per variant grouped by
 * the product's id, each with its own price, stock, colour and size. Prices are the storefront's
 * (`shownPrice`: the automatic offer's price where certain, else the product's discount). A product
 * without a picture gives no item: both Google and Meta refuse an item without one.
 */
export function feedItems(product: FeedProduct, ctx: FeedContext): FeedItem[] {
  const [image, ...more] = product.images;
  if (!image) return [];
  const description = clip(product.description || product.title, FEED_DESCRIPTION_MAX);
  const item = (id: string, listPrice: number, stock: number, color: string | null, size: string | null): FeedItem => {
    const offer = ctx.offerPrice(listPrice);
    const paid = shownPrice(listPrice, product.discount, offer);
    const options = ctx.optionsName(color, size);
    return {
      id,
      groupId: product.variants.length ? String(product.id) : null,
      title: clip(options ? `${product.title} – ${options}` : product.title, FEED_TITLE_MAX),
      description,
      link: product.link,
      imageLink: image,
      additionalImageLinks: more.slice(0, FEED_MORE_IMAGES_MAX),
      availability: stock > 0 ? 'in_stock' : 'out_of_stock',
      price: listPrice,
      salePrice: paid < listPrice ? paid : null,
      // The offer's announced end belongs to the product's own discount, not to an automatic offer's price.
      saleDates: paid < listPrice && offer === null ? saleDates(product.offerEnd, ctx.now) : null,
      color: color === null ? null : ctx.colorName(color),
      size: size === null ? null : ctx.sizeName(size),
      productType: product.productType,
      shipping: ctx.shipping(paid),
    };
  };
  if (!product.variants.length) return [item(catalogueItemId(product.id, null, null), product.price, product.stock, null, null)];
  return product.variants.map((v) => item(catalogueItemId(product.id, v.color, v.size), variantPrice(product.price, v), v.stock, v.color, v.size));
}
