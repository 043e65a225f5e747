import { useCallback, useEffect, useRef, useState } from 'react';
import type { EmblaCarouselType } from 'embla-carousel';

interface CarouselOptions {
  loop?: boolean;
  direction: 'ltr' | 'rtl';
}

/**
 * A carousel (embla) over the element the returned ref is put on, and the slide shown.
 *
 * The server renders the first slide where the carousel shows it, so a carousel needs its code only
 * to move: embla (11 KB compressed) is fetched once the page is live, not with the page's first
 * script (issue 17). Until it arrives, `api` is null and the slide stays at 0.
 */
export function useCarousel({ loop = false, direction }: CarouselOptions) {
  const viewport = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    let carousel: EmblaCarouselType | null = null;
    let gone = false;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (gone || !viewport.current) return;
      carousel = EmblaCarousel(viewport.current, { loop, direction });
      carousel.on('select', () => setIndex(carousel?.selectedScrollSnap() ?? 0));
      setApi(carousel);
    });
    return () => {
      gone = true;
      carousel?.destroy();
      setApi(null);
      setIndex(0);
    };
  }, [loop, direction]);

  const prev = useCallback(() => api?.scrollPrev(), [api]);
  const next = useCallback(() => api?.scrollNext(), [api]);
  const to = useCallback((i: number) => api?.scrollTo(i), [api]);
  return { viewport, api, index, prev, next, to };
}
