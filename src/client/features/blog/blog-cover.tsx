import type { BlogImage } from '../../../shared/schemas/blog';

/** A post's picture, or a soft gradient where a post has none. */
export function Cover({ image, sizes, className, priority }: { image: BlogImage | null; sizes: string; className?: string; priority?: boolean }) {
  if (!image) return <div className={`bg-gradient-to-br from-sand to-linen ${className ?? ''}`} aria-hidden="true" />;
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={className}
    />
  );
}
