import { useState } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Product } from '../../../shared/schemas/product';
import { ProductImage } from '../../components/product/product-image';
import { useCarousel } from '../../components/ui/use-carousel';

export type GalleryKind = 'standard' | 'thumbs-left' | 'thumbs-right' | 'slider' | 'sticky' | 'fixed';

function Badges({ product }: { product: Product }) {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none absolute start-4 top-4 flex flex-col gap-1.5">
      {product.discount > 0 && (
        <span className="rounded-full bg-rose px-3 py-1 text-sm font-semibold text-white">{t('product.sale', { discount: product.discount })}</span>
      )}
      {product.isNew && <span className="rounded-full bg-ink px-3 py-1 text-sm font-semibold text-ivory">{t('product.new')}</span>}
      {product.offer && <span className="rounded-full bg-olive px-3 py-1 text-sm font-semibold text-white">{product.offer.name}</span>}
    </div>
  );
}

/** product-slider: a swipeable carousel with arrows and dots. */
function Slider({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const { viewport, index, prev, next, to } = useCarousel({ direction: rtl ? 'rtl' : 'ltr' });
  return (
    <div className="relative overflow-hidden rounded-3xl bg-sand" aria-roledescription={t('common.carousel')} aria-label={t('productPage.gallery')}>
      <div ref={viewport} className="overflow-hidden" dir={rtl ? 'rtl' : 'ltr'}>
        <div className="flex">
          {product.images.map((img, i) => (
            <div
              key={img.src}
              className="min-w-0 flex-[0_0_100%]"
              role="group"
              aria-roledescription={t('common.slide')}
              aria-label={`${i + 1} / ${product.images.length}`}
            >
              <ProductImage
                image={img}
                sizes="(min-width: 1024px) 600px, 100vw"
                priority={i === 0}
                alt={t('productPage.imageAlt', { name: product.name, n: i + 1 })}
                className="aspect-square w-full object-cover"
              />
            </div>
          ))}
        </div>
      </div>
      <Badges product={product} />
      {product.images.length > 1 && (
        <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-3">
          <button
            type="button"
            onClick={prev}
            aria-label={t('home.previousSlide')}
            className="flex h-10 w-10 items-center justify-center rounded-full bg-white/90 shadow-soft"
          >
            <ChevronLeft size={18} className="rtl:rotate-180" aria-hidden="true" />
          </button>
          {product.images.map((img, i) => (
            <button
              key={img.src}
              type="button"
              onClick={() => to(i)}
              aria-label={t('productPage.showImage', { n: i + 1 })}
              aria-current={i === index}
              className="flex h-6 min-w-6 items-center justify-center"
            >
              <span className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-7 bg-ink' : 'w-2.5 bg-ink/30'}`} />
            </button>
          ))}
          <button
            type="button"
            onClick={next}
            aria-label={t('home.nextSlide')}
            className="flex h-10 w-10 items-center justify-center rounded-full bg-white/90 shadow-soft"
          >
            <ChevronRight size={18} className="rtl:rotate-180" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The product's pictures, laid out per detail route: thumbnails under the picture (standard,
 * fixed image), beside it (tab left / right), every picture stacked (sticky) or a carousel (slider).
 */
export function ProductGallery({ product, kind = 'standard' }: { product: Product; kind?: GalleryKind }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const images = product.images;

  if (kind === 'slider') return <Slider product={product} />;
  if (kind === 'sticky')
    return (
      <ul className="flex flex-col gap-4" aria-label={t('productPage.gallery')}>
        {images.map((img, i) => (
          <li key={img.src} className="relative overflow-hidden rounded-3xl bg-sand">
            <ProductImage
              image={img}
              sizes="(min-width: 1024px) 600px, 100vw"
              priority={i === 0}
              alt={t('productPage.imageAlt', { name: product.name, n: i + 1 })}
              className="aspect-square w-full object-cover"
            />
            {i === 0 && <Badges product={product} />}
          </li>
        ))}
      </ul>
    );

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
        <Badges product={product} />
      </div>
      {thumbs}
    </div>
  );
}
