/** A site picture by name: `hero-1..3` (16:9) or a category slug (3:4), with its renditions. */
export function picture(name: string): { src: string; srcSet: string; width: number; height: number } {
  if (name.startsWith('hero-'))
    return {
      src: `/images/hero/${name}-1600.webp`,
      srcSet: `/images/hero/${name}-800.webp 800w, /images/hero/${name}-1600.webp 1600w`,
      width: 1600,
      height: 900,
    };
  return {
    src: `/images/categories/${name}-1200.webp`,
    srcSet: `/images/categories/${name}-600.webp 600w, /images/categories/${name}-1200.webp 1200w`,
    width: 600,
    height: 800,
  };
}
