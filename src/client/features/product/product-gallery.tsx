import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../shared/schemas/product';
import { ProductImage } from '../../components/product/product-image';

export type GalleryKind = 'standard' | 'thumbs-left' | 'thumbs-right' | 'slider' | 'sticky' | 'fixed';

/**
 * The product's pictures. `standard` puts thumbnails under the picture, `thumbs-left` and
 * `thumbs-right` beside it; the other detail routes reuse these with their own page layout.
 */
export function ProductGallery({ product, kind = 'standard' }: { product: Product; kind?: GalleryKind }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const images = product.images;
  const current = images[Math.min(index, images.length - 1)];
  const side = kind === 'thumbs-left' || kind === 'thumbs-right';

  const thumbs = images.length > 1 && (
    <ul className={`flex gap-3 ${side ? 'sm:flex-col' : ''} ${kind === 'thumbs-left' ? 'sm:order-first' : ''}`} aria-label={t('productPage.gallery')}>
      {images.map((img, i) => (
        <li key={img.src}>
          <button
            type="button"
            onClick={() => setIndex(i)}
            aria-label={t('productPage.showImage', { n: i + 1 })}
            aria-current={i === index}
            className={`block w-20 overflow-hidden rounded-xl border-2 transition sm:w-24 ${i === index ? 'border-ink' : 'border-transparent opacity-75 hover:opacity-100'}`}
          >
            <ProductImage image={img} sizes="96px" className="aspect-square w-full object-cover" alt="" />
          </button>
        </li>
      ))}
    </ul>
  );

  return (
    <div className={`flex flex-col gap-3 ${side ? 'sm:flex-row' : ''}`}>
      <div className="relative flex-1 overflow-hidden rounded-3xl bg-sand">
        <ProductImage
          image={current}
          sizes="(min-width: 1024px) 600px, 100vw"
          priority
          alt={t('productPage.imageAlt', { name: product.name, n: index + 1 })}
          className="aspect-square w-full object-cover"
        />
        <div className="pointer-events-none absolute start-4 top-4 flex flex-col gap-1.5">
          {product.discount > 0 && (
            <span className="rounded-full bg-rose px-3 py-1 text-sm font-semibold text-white">{t('product.sale', { discount: product.discount })}</span>
          )}
          {product.isNew && <span className="rounded-full bg-ink px-3 py-1 text-sm font-semibold text-ivory">{t('product.new')}</span>}
        </div>
      </div>
      {thumbs}
    </div>
  );
}
