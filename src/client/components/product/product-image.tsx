import type { ProductImage as Img } from '../../../shared/schemas/product';

interface Props {
  image: Img | undefined;
  /** CSS `sizes`: how wide the image shows, so the browser picks the right rendition. */
  sizes: string;
  className?: string;
  /** Above the fold: load at once with high priority. */
  priority?: boolean;
  alt?: string;
}

/** A product picture with width and height (no layout shift), srcset and lazy loading. */
export function ProductImage({ image, sizes, className, priority, alt }: Props) {
  if (!image) return <div className={`aspect-square bg-sand ${className ?? ''}`} aria-hidden="true" />;
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={className}
    />
  );
}
