import type { Params } from 'react-router';
import { api, type ProductListArgs } from '../../app/api';
import type { AppDispatch } from '../../app/store';
import type { Product } from '../../../shared/schemas/product';

/** The product page's id from its address, or null when it is not a product number. */
export const productIdOf = (params: Params): number | null => (/^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : null);

/** The related products a product page lists: its first category's listing (the page asks exactly this). */
export const relatedArgs = (product: Product, lng: string): ProductListArgs => ({ lng, category: product.categories[0], pageSize: 5 });

/**
 * What a product page shows, fetched before the server renders it (router `handle.prefetch`): the
 * product, so the render finds it answered and needs one pass, and, when it has published reviews,
 * the Reviews tab's first page (`prefetchReviews`). The related products are the browser's
 * (product-page.tsx). A product that cannot be read is left to the render, which shows why.
 */
export async function prefetchProductPage(dispatch: AppDispatch, params: Params, lng: string): Promise<void> {
  const id = productIdOf(params);
  if (id === null) return;
  await dispatch(api.endpoints.getProduct.initiate({ id, lng }, { subscribe: false }));
  // Only the server prefetches: the condition keeps this out of the browser's first script, which every page loads.
  if (import.meta.env.SSR) await prefetchReviews(dispatch, id, lng);
}

/**
 * The Reviews tab's first page (newest first), for a product with published reviews only: the
 * structured data carries it, and the tab hydrates from it without asking again. Asks for nothing
 * more when the product has none.
 */
async function prefetchReviews(dispatch: AppDispatch, id: number, lng: string): Promise<void> {
  // The product is answered already: this reads it from the cache.
  const { data: product } = await dispatch(api.endpoints.getProduct.initiate({ id, lng }, { subscribe: false }));
  if (!product || product.reviewCount === 0) return;
  const { firstReviewsArgs, reviewsApi } = await import('../product-reviews');
  await dispatch(reviewsApi.endpoints.getProductReviews.initiate(firstReviewsArgs(id), { subscribe: false }));
}
