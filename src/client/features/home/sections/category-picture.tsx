/**
 * A category's own picture (`image` is the stored prefix of its 600 and 1200 px renditions), or,
 * for a category the merchant added without one, a drawn background instead of a broken image.
 * `shape` sizes both; `motion` (the hover zoom) applies to the picture.
 */
export function CategoryPicture({
  image,
  sizes,
  eager = false,
  shape,
  motion,
}: {
  image: string | null;
  sizes: string;
  eager?: boolean;
  shape: string;
  motion: string;
}) {
  if (!image) return <span aria-hidden="true" className={`category-art block w-full ${shape}`} />;
  return (
    <img
      src={`${image}-1200.webp`}
      srcSet={`${image}-600.webp 600w, ${image}-1200.webp 1200w`}
      sizes={sizes}
      width={600}
      height={800}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      className={`w-full object-cover ${motion} ${shape}`}
    />
  );
}
