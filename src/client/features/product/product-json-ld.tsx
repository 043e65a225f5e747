import type { Product } from '../../../shared/schemas/product';
import type { PublicReview } from '../../../shared/schemas/review';
import { effectivePrice } from '../../../shared/domain/pricing';
import { cachedIntl } from '../../../shared/domain/intl-cache';

/** How many reviews the structured data carries: the newest, as the first page of the Reviews tab shows them. */
export const JSON_LD_REVIEWS = 5;

/**
 * The shop's calendar day (Cairo's, as the review shows it) of an instant, `YYYY-MM-DD`: what
 * shop-time.ts's shopDay answers (its test holds the two together), written here so the product
 * page's first script does not carry that module. The formatter is built once: building one with a
 * time zone cost the server's render about 0.2 ms for each review it dated.
 */
export const shopDate = (iso: string): string =>
  cachedIntl('shop-date', () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' })).format(new Date(iso));

/**
 * A product's structured data for search engines (schema.org Product with its Offer). With
 * published reviews (decision 038) it adds `aggregateRating` from the product's own average and
 * count, and the newest `reviews` given (at most five) as Review entries; without any, nothing
 * about ratings at all. `absolute` makes a shop path a full address. Prices are in EGP.
 */
export function productJsonLd(product: Product, reviews: readonly PublicReview[] | undefined, absolute: (path: string) => string): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    description: product.shortDescription,
    image: product.images.map((i) => absolute(i.src)),
    offers: {
      '@type': 'Offer',
      priceCurrency: 'EGP',
      price: (effectivePrice(product.price, product.discount) / 100).toFixed(2),
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      // The canonical address: never the visitor's own query (a campaign's utm_* tags).
      url: absolute(`/product/${product.id}`),
    },
  };
  if (product.reviewCount < 1) return data;
  data.aggregateRating = { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.reviewCount, bestRating: 5, worstRating: 1 };
  if (reviews?.length)
    data.review = reviews.slice(0, JSON_LD_REVIEWS).map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.displayName },
      datePublished: shopDate(r.publishedAt),
      ...(r.title ? { name: r.title } : {}),
      reviewBody: r.body,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5 },
    }));
  return data;
}

/** The data as the text of a `<script type="application/ld+json">`: `<` escaped, so no text in it can close the script. */
export const jsonLdText = (data: unknown): string => JSON.stringify(data).replace(/</g, '\\u003c');

/**
 * The structured data's `<script>` (a data block: CSP does not run it). Loaded on its own
 * (product-page.tsx's ProductJsonLd): search engines read it in the server's HTML, and the browser
 * hydrates it once this chunk is here, not before the page is live.
 */
export default function StructuredData({
  product,
  reviews,
  absolute,
}: {
  product: Product;
  reviews: readonly PublicReview[] | undefined;
  absolute: (path: string) => string;
}) {
  return <script type="application/ld+json">{jsonLdText(productJsonLd(product, reviews, absolute))}</script>;
}
