import type { ProductSummary as Product } from '../../../../shared/schemas/product';
import { ProductCard } from '../../catalog';

/** Four across on desktop, two on phones; skeletons while loading. */
export function ProductGrid({ products, loading, count }: { products: Product[] | undefined; loading: boolean; count: number }) {
  if (loading && !products) {
    return (
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="rounded-2xl bg-white p-3 shadow-soft">
            <div className="aspect-square animate-pulse rounded-xl bg-sand" />
            <div className="mt-3 h-4 w-3/4 animate-pulse rounded bg-sand" />
            <div className="mt-2 h-4 w-1/3 animate-pulse rounded bg-sand" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
      {(products ?? []).map((p) => (
        <li key={p.id}>
          <ProductCard product={p} sizes="(min-width: 1024px) 300px, 50vw" />
        </li>
      ))}
    </ul>
  );
}
