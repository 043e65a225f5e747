import crypto from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ShopContext } from '../context.js';
import { loadCategoryNames } from '../repositories/catalog-repository.js';
import { highestShippingFee } from '../../shared/domain/governorates.js';
import type { Language } from '../../shared/domain/languages.js';
import { feedItems, type FeedContext, type FeedItem } from '../../shared/domain/product-feed.js';
import { productOffer } from '../../shared/domain/promotions.js';
import type { Product } from '../../shared/schemas/product.js';
import { googleHead, googleItem, googleTail } from './google-feed.js';
import { metaHead, metaRows } from './meta-feed.js';

/** The two feeds: Google Merchant Center's RSS and Meta's catalogue CSV. */
export const feedFormats = ['google', 'meta'] as const;
export type FeedFormat = (typeof feedFormats)[number];

/** One feed as asked for: its format and language, the shop's public origin, and when. */
export interface FeedRequest {
  format: FeedFormat;
  lng: Language;
  origin: string;
  now: Date;
}

type FeedShop = Pick<ShopContext, 'catalog' | 'settings' | 'labels' | 'db'>;

/** Products read from the catalogue per batch: a batch's text is the most a feed holds at once. */
const BATCH = 200;

/** The start of the feed's day (UTC): a sale's interval starts there, so one day's feed is the same bytes all day. */
export function feedDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * The feed's ETag (decision 045): the catalogue's content, stock and running offers' versions
 * (`feedVersion`, alike in every process), the format, language, origin and day. A feed is built
 * again only when one of them moved; a fetch with the same tag is answered 304.
 */
export async function feedEtag(shop: FeedShop, request: FeedRequest): Promise<string> {
  const version = await shop.catalog.feedVersion();
  const key = [version, request.format, request.lng, request.origin, feedDay(request.now).toISOString()].join('|');
  return `"${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
}

/**
 * The feed's text, a batch of products at a time, in id order: the catalogue in memory is walked
 * (every visible product, with the storefront's stock and prices), each batch becomes items
 * (`feedItems`) and their XML or CSV, and the next batch is built only when the reply has taken
 * this one, after other requests had their turn.
 */
export async function* productFeed(shop: FeedShop, request: FeedRequest): AsyncGenerator<string> {
  const { format, lng, origin } = request;
  const [settings, categories, offers] = await Promise.all([shop.settings.current(), loadCategoryNames(shop.db), shop.catalog.listingOffers()]);
  const categoryName = new Map(categories.map((c) => [c.slug, c[`name_${lng}`]?.trim() || c.name_en]));
  const listed = offers.listed(lng);
  const brand = settings.shopName;
  const toItems = (p: Product): FeedItem[] => {
    const ctx: FeedContext = {
      now: feedDay(request.now),
      offerPrice: (listPrice) => (listed.length ? (productOffer(listed, { ...p, price: listPrice })?.price ?? null) : null),
      colorName: (key) => shop.labels.of(key, null, lng) ?? key,
      sizeName: (key) => shop.labels.of(null, key, lng) ?? key,
      optionsName: (color, size) => shop.labels.of(color, size, lng),
      shipping: (paid) => highestShippingFee(paid, settings.freeShippingThreshold, settings.shippingFees),
    };
    const category = p.categories.find((slug) => categoryName.has(slug));
    return feedItems(
      {
        id: p.id,
        title: p.name,
        description: p.shortDescription,
        link: `${origin}/product/${p.id}?lng=${lng}`,
        images: p.images.map((img) => origin + img.src),
        price: p.price,
        discount: p.discount,
        offerEnd: p.offerEnd,
        stock: p.stock,
        variants: p.variants,
        productType: category ? categoryName.get(category)! : null,
      },
      ctx,
    );
  };

  yield format === 'google' ? googleHead({ title: brand, link: `${origin}/?lng=${lng}`, description: brand, language: lng }) : metaHead;
  for await (const batch of shop.catalog.visibleProducts(lng, BATCH)) {
    const items = batch.flatMap(toItems);
    yield format === 'google' ? items.map((item) => googleItem(item, brand)).join('') : metaRows(items, brand);
    await nextTurn();
  }
  if (format === 'google') yield googleTail;
}
