import { lazy, memo, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { PackageSearch } from 'lucide-react';
import type { Product } from '../../../shared/schemas/product';
import { variantColors, variantSizes } from '../../../shared/domain/variants';
import { useGetProductQuery, useGetProductsQuery } from '../../app/api';
import { useAbsoluteUrl } from '../../app/page-origin';
import { Seo } from '../../components/ui/seo';
import { ProductCard } from '../catalog';
import { ProductDetail } from './product-detail';
import { ProductGallery, type GalleryKind } from './product-gallery';
import { productIdOf, relatedArgs } from './prefetch';
import { EmptyPanel } from '../../components/ui/empty-panel';
import { keyIn } from '../../app/translation-keys';
import { Breadcrumb, type Crumb } from '../../components/ui/breadcrumb';
import { firstReviewsArgs, ReviewsPanel, reviewsApi } from '../product-reviews';
import type StructuredDataView from './product-json-ld';

/** The structured data's code on the server, loaded before its first render (`loadStructuredData`). */
let serverStructuredData: typeof StructuredDataView | null = null;

/**
 * Loads the structured data's code for the server's renders (router.tsx), so a render never waits
 * for it. Nothing in the browser, which fetches it beside the page (`StructuredData`).
 */
export const loadStructuredData = import.meta.env.SSR
  ? async () => {
      serverStructuredData = (await import('./product-json-ld')).default;
    }
  : null;

/** The structured data's script: drawn at once on the server; in the browser once its chunk arrives. */
const StructuredData = import.meta.env.SSR
  ? (props: ComponentProps<typeof StructuredDataView>) => {
      const View = serverStructuredData!;
      return <View {...props} />;
    }
  : lazy(() => import('./product-json-ld'));

type TabKey = 'description' | 'additional' | 'reviews';

function ProductBreadcrumb({ product }: { product?: Product }) {
  const { t } = useTranslation();
  const category = product?.categories[0];
  const trail: Crumb[] = [{ label: t('nav.products'), to: '/shop-grid-standard' }];
  if (category) trail.push({ label: t(keyIn('categories', category), { defaultValue: category }), to: `/shop-grid-standard?category=${category}` });
  if (product) trail.push({ label: product.name });
  return <Breadcrumb trail={trail} />;
}

/**
 * Description, additional information and reviews. A product without reviews gets its Reviews tab
 * (which says who may write one) once the page is live: the server's page of such a product says
 * nothing about reviews (server-render.spec.ts), and the tab's content needs the script anyway.
 */
function Tabs({ product, tab, setTab }: { product: Product; tab: TabKey; setTab: (tab: TabKey) => void }) {
  const { t } = useTranslation();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const colors = variantColors(product);
  const sizes = [...new Set(colors.length ? colors.flatMap((c) => variantSizes(product, c)) : variantSizes(product, null))];
  const tabs: Array<[TabKey, string]> = [
    ['description', t('productPage.description')],
    ['additional', t('productPage.additional')],
  ];
  if (product.reviewCount > 0 || live) tabs.push(['reviews', t('reviews.tab', { n: product.reviewCount })]);
  return (
    <section id="reviews" className="mt-16 scroll-mt-24 lg:scroll-mt-36">
      <div role="tablist" aria-label={product.name} className="flex flex-wrap gap-x-6 gap-y-1 shadow-[inset_0_-1px_0_var(--color-line)]">
        {tabs.map(([key, label]) => (
          <button
            key={key}
            id={`tab-${key}`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls={`panel-${key}`}
            onClick={() => setTab(key)}
            className={`border-b-2 pb-3 font-display text-xl font-semibold transition ${tab === key ? 'border-ink text-ink' : 'border-transparent text-muted hover:text-ink'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div
        id={`panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`tab-${tab}`}
        className={`py-6 leading-relaxed text-olive ${tab === 'reviews' ? '' : 'max-w-3xl'}`}
      >
        {tab === 'reviews' ? (
          <ReviewsPanel productId={product.id} reviewCount={product.reviewCount} />
        ) : tab === 'description' ? (
          product.fullDescription
            .split('\n')
            .filter(Boolean)
            .map((line, i) => (
              <p key={i} className="mb-4">
                {line}
              </p>
            ))
        ) : (
          <table className="w-full text-sm">
            <tbody className="divide-y divide-line">
              <tr>
                <th scope="row" className="w-48 py-3 text-start font-semibold text-ink">
                  {t('productPage.sku')}
                </th>
                <td>{product.sku}</td>
              </tr>
              {colors.length > 0 && (
                <tr>
                  <th scope="row" className="py-3 text-start font-semibold text-ink">
                    {t('productPage.color')}
                  </th>
                  <td>{colors.map((c) => t(`colors.${c}`, { defaultValue: c })).join(', ')}</td>
                </tr>
              )}
              {sizes.length > 0 && (
                <tr>
                  <th scope="row" className="py-3 text-start font-semibold text-ink">
                    {t('productPage.size')}
                  </th>
                  <td>{sizes.map((s) => t(`sizes.${s}`, { defaultValue: s })).join(', ')}</td>
                </tr>
              )}
              <tr>
                <th scope="row" className="py-3 text-start font-semibold text-ink">
                  {t('productPage.weight')}
                </th>
                <td>{t('productPage.deliveryText')}</td>
              </tr>
              <tr>
                <th scope="row" className="py-3 text-start font-semibold text-ink">
                  {t('productPage.returns')}
                </th>
                <td>{t('productPage.returnsText')}</td>
              </tr>
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

/**
 * "You may also like", below the fold: the browser asks for and draws it once the page is live.
 * The server's render leaves it out (decision 020: four more product cards and a second query cost
 * a tenth of a product page's render), and the first browser render matches it, so hydration is clean.
 */
function Related({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const { data } = useGetProductsQuery(relatedArgs(product, i18n.resolvedLanguage ?? 'en'), { skip: !live });
  const items = (data?.items ?? []).filter((p) => p.id !== product.id).slice(0, 4);
  if (data && items.length === 0) return null;
  return (
    <section className="mt-16" aria-labelledby="related-title" aria-busy={!data}>
      <p className="eyebrow">{t('productPage.relatedEyebrow')}</p>
      <h2 id="related-title" className="mt-2 font-display text-3xl font-semibold sm:text-4xl">
        {t('productPage.related')}
      </h2>
      <ul className="mt-8 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
        {data
          ? items.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} />
              </li>
            ))
          : [0, 1, 2, 3].map((n) => <li key={n} className="aspect-[3/4] animate-pulse rounded-2xl bg-sand/70" />)}
      </ul>
    </section>
  );
}

/**
 * The product's structured data for search engines (product-json-ld.tsx): ratings and reviews only
 * with published reviews from buyers (decision 038), their average and count, and the first page of
 * reviews, which the server fetched with the product (prefetch.ts). Search engines read it in the
 * server's HTML; in the browser its code is not part of the page's first script: React keeps the
 * server's script as it is and hydrates it when its chunk arrives (as decision 027's later home
 * sections). Memo keeps the boundary out of the page's re-renders: a boundary that receives an
 * update before it hydrates is drawn again from nothing.
 */
const ProductJsonLd = memo(function ProductJsonLd({ product }: { product: Product }) {
  const absolute = useAbsoluteUrl();
  const { data } = reviewsApi.endpoints.getProductReviews.useQueryState(firstReviewsArgs(product.id), { skip: product.reviewCount === 0 });
  return (
    <Suspense fallback={null}>
      <StructuredData product={product} reviews={data?.items} absolute={absolute} />
    </Suspense>
  );
});

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="container-shop py-10">
      <Seo title={t('productPage.notFoundTitle')} />
      <ProductBreadcrumb />
      <EmptyPanel
        icon={<PackageSearch size={28} aria-hidden="true" />}
        title={t('productPage.notFoundTitle')}
        text={t('productPage.notFoundText')}
        titleAs="h1"
        testId="product-not-found"
      />
    </div>
  );
}

/** A product page; the detail routes differ only in how the gallery is laid out. */
export function ProductView({ gallery = 'standard' }: { gallery?: GalleryKind }) {
  const params = useParams();
  const { t, i18n } = useTranslation();
  const absolute = useAbsoluteUrl();
  const numeric = productIdOf(params);
  const [tab, setTab] = useState<TabKey>('description');
  const { data: product, error, isLoading, refetch } = useGetProductQuery({ id: numeric ?? 0, lng: i18n.resolvedLanguage ?? 'en' }, { skip: numeric === null });

  if (numeric === null || (error && 'status' in error && error.status === 404)) return <NotFound />;
  if (error)
    return (
      <div className="container-shop py-20 text-center">
        <p className="font-display text-2xl font-semibold">{t('common.couldNotLoad')}</p>
        <button type="button" onClick={() => refetch()} className="btn btn-primary mt-6">
          {t('common.retry')}
        </button>
      </div>
    );
  if (isLoading || !product)
    return (
      <div className="container-shop grid gap-10 py-10 lg:grid-cols-2" aria-busy="true">
        <div className="aspect-square animate-pulse rounded-3xl bg-sand" />
        <div className="space-y-4">
          <div className="h-12 w-3/4 animate-pulse rounded-xl bg-sand" />
          <div className="h-6 w-1/3 animate-pulse rounded-xl bg-sand" />
          <div className="h-24 animate-pulse rounded-xl bg-sand" />
        </div>
      </div>
    );

  return (
    <div className="container-shop py-10">
      <Seo
        title={product.name}
        description={product.shortDescription}
        canonical={absolute(`/product/${product.id}`)}
        image={product.images[0] ? absolute(product.images[0].src) : undefined}
      />
      <ProductJsonLd product={product} />
      <ProductBreadcrumb product={product} />
      <div className="mt-6 grid gap-10 lg:grid-cols-2 lg:items-start lg:gap-14">
        {/* product-fixed-image keeps the picture in view; product-sticky keeps the details in view. */}
        <div className={gallery === 'fixed' ? 'lg:sticky lg:top-28' : ''}>
          <ProductGallery product={product} kind={gallery} />
        </div>
        <div className={gallery === 'sticky' ? 'lg:sticky lg:top-28' : ''}>
          {/* Keyed so a new product starts from its own default choice and quantity. */}
          <ProductDetail
            key={product.id}
            product={product}
            onShowReviews={() => {
              setTab('reviews');
              document.getElementById('reviews')?.scrollIntoView({ block: 'start' });
              document.getElementById('tab-reviews')?.focus({ preventScroll: true });
            }}
          />
        </div>
      </div>
      <Tabs product={product} tab={tab} setTab={setTab} />
      <Related product={product} />
    </div>
  );
}

export default function ProductPage() {
  return <ProductView gallery="standard" />;
}
