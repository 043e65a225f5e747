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
 * product, so the render finds it answered and needs one pass. The related products are the
 * browser's (product-page.tsx). A product that cannot be read is left to the render, which shows why.
 */
export async function prefetchProductPage(dispatch: AppDispatch, params: Params, lng: string): Promise<void> {
  const id = productIdOf(params);
  if (id === null) return;
  await dispatch(api.endpoints.getProduct.initiate({ id, lng }, { subscribe: false }));
}
