import type { Language } from '../../shared/domain/languages.js';
import { productOffer, type ListedPromotion } from '../../shared/domain/promotions.js';
import type { Product } from '../../shared/schemas/product.js';

/**
 * What listings, product pages and search suggestions show of the merchant's automatic offers at
 * one moment (issue 30, point 5): the offers that name products or categories, and a stamp that
 * differs whenever what they show may differ (an offer saved, paused, used up, started or ended),
 * so answers and pages kept under another stamp are built again. The promotions service keeps it
 * (services/promotions-service.ts); the catalogue only reads it.
 */
export interface ListingOffers {
  stamp: string;
  /** The running offers naming products or categories, named in `lng`. */
  listed(lng: Language): readonly ListedPromotion[];
  /** The products and category slugs they name: what "Sale" lists besides the products' own discounts. */
  productIds: readonly number[];
  categories: readonly string[];
}

/** Where the catalogue asks for the offers running now. */
export interface OfferSource {
  listingOffers(): Promise<ListingOffers>;
}

/** No offers: a catalogue with no promotions service (some tests), or a shop running none. */
export const noOffers: ListingOffers = { stamp: '', listed: () => [], productIds: [], categories: [] };

/** The product with the offer its card shows (`productOffer`), or as it is when none covers it. */
export function withOffer<P extends Pick<Product, 'id' | 'categories' | 'price' | 'discount'>>(product: P, offers: ListingOffers, lng: Language): P {
  if (!offers.productIds.length && !offers.categories.length) return product;
  const offer = productOffer(offers.listed(lng), product);
  return offer ? { ...product, offer } : product;
}
