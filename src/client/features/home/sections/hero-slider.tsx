import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../app/i18n-view';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { HomeSection } from '../variants';
import { useCarousel } from '../../../components/ui/use-carousel';

type Props = Extract<HomeSection, { type: 'hero' }>;

/** Full-width hero slides; the first image is the page's largest paint, so it loads eagerly. */
export function HeroSlider({ slides }: Props) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const { viewport, api, index, prev, next, to } = useCarousel({ loop: true, direction: rtl ? 'rtl' : 'ltr' });

  useEffect(() => {
    if (!api) return;
    const timer = window.setInterval(() => api.scrollNext(), 7000);
    return () => window.clearInterval(timer);
  }, [api]);

  return (
    <section aria-roledescription={t('common.carousel')} aria-label={t('home.heroLabel')} className="relative">
      <div ref={viewport} className="overflow-hidden" dir={rtl ? 'rtl' : 'ltr'}>
        <div className="flex">
          {slides.map((slide, i) => (
            <div
              key={slide.image}
              className="relative min-w-0 flex-[0_0_100%]"
              role="group"
              aria-roledescription={t('common.slide')}
              aria-label={`${i + 1} / ${slides.length}`}
            >
              <img
                src={`/images/hero/hero-${slide.image}-1600.webp`}
                srcSet={`/images/hero/hero-${slide.image}-800.webp 800w, /images/hero/hero-${slide.image}-1600.webp 1600w`}
                sizes="100vw"
                width={1600}
                height={900}
                alt=""
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                className="h-[460px] w-full object-cover sm:h-[520px] lg:h-[600px]"
              />
              <div className="absolute inset-0 bg-gradient-to-t from-ink/60 via-ink/10 to-transparent sm:bg-gradient-to-r sm:from-ivory/95 sm:via-ivory/60 sm:to-transparent rtl:sm:bg-gradient-to-l" />
              <div className="container-shop absolute inset-0 flex items-end pb-14 sm:items-center sm:pb-0">
                <div className="max-w-lg text-ivory sm:text-ink">
                  <p className="eyebrow !text-honey sm:!text-amber-dark">{t(slide.eyebrow)}</p>
                  {i === 0 ? (
                    <h1 className="mt-3 font-display text-4xl font-semibold leading-[1.05] sm:text-6xl">{t(slide.title)}</h1>
                  ) : (
                    <h2 className="mt-3 font-display text-4xl font-semibold leading-[1.05] sm:text-6xl">{t(slide.title)}</h2>
                  )}
                  <p className="mt-4 max-w-md text-base text-ivory/90 sm:text-lg sm:text-olive">{t(slide.text)}</p>
                  <Link to={slide.to} className="btn btn-accent mt-7" tabIndex={index === i ? 0 : -1}>
                    {t(slide.cta)}
                  </Link>
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="container-shop pointer-events-none absolute inset-x-0 bottom-5 flex items-center justify-between sm:justify-end sm:gap-3">
        <div className="pointer-events-auto flex gap-2">
          {slides.map((s, i) => (
            <button
              key={s.image}
              type="button"
              onClick={() => to(i)}
              aria-label={t('home.goToSlide', { n: i + 1 })}
              aria-current={index === i}
              className="group flex h-6 min-w-6 items-center justify-center"
            >
              {/* A small dot in a 24 px target, so a thumb can hit it. */}
              <span className={`block h-2.5 rounded-full transition-all ${index === i ? 'w-8 bg-honey' : 'w-2.5 bg-ivory/70 sm:bg-ink/25'}`} />
            </button>
          ))}
        </div>
        <div className="pointer-events-auto hidden gap-2 sm:flex">
          <button
            type="button"
            onClick={prev}
            aria-label={t('home.previousSlide')}
            className="flex h-11 w-11 items-center justify-center rounded-full bg-white/90 shadow-soft hover:bg-white"
          >
            <ChevronLeft size={20} className="rtl:rotate-180" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={next}
            aria-label={t('home.nextSlide')}
            className="flex h-11 w-11 items-center justify-center rounded-full bg-white/90 shadow-soft hover:bg-white"
          >
            <ChevronRight size={20} className="rtl:rotate-180" aria-hidden="true" />
          </button>
        </div>
      </div>
    </section>
  );
}
