import { useTranslation } from '../../app/i18n-view';
import { Seo } from '../../components/ui/seo';
import type { HomeSection, HomeVariant } from './variants';
import { HeroSlider } from './sections/hero-slider';
import { TextHero } from './sections/text-hero';
import { LaterSection } from './later-section';
import { keyIn } from '../../app/translation-keys';

/** A home's opening (every variant opens with a hero): the first screen, live with the page. */
function Opening({ section }: { section: HomeSection }) {
  if (section.type === 'hero') return <HeroSlider {...section} />;
  if (section.type === 'textHero') return <TextHero {...section} />;
  return <LaterSection section={section} />;
}

/** Renders a home variant: its palette, then its sections in order. */
export function Home({ variant }: { variant: HomeVariant }) {
  const { t } = useTranslation();
  const onepage = variant.layout === 'onepage';

  return (
    <div data-home={variant.key} data-theme={variant.theme} data-layout={variant.layout} className="bg-ivory pb-16 text-ink">
      <Seo titleTemplate={t(variant.titleKey)} />
      {/* A home that opens without a hero still names itself in one heading. */}
      {variant.sections[0] && variant.sections[0].type !== 'hero' && variant.sections[0].type !== 'textHero' && (
        <header className="container-shop pt-10">
          <p className="eyebrow">{t(keyIn(`homes.${variant.key}`, 'eyebrow'))}</p>
          <h1 className="mt-2 font-display text-4xl font-semibold sm:text-5xl">{t(keyIn(`homes.${variant.key}`, 'heading'))}</h1>
          <p className="mt-2 max-w-xl text-olive">{t(keyIn(`homes.${variant.key}`, 'text'))}</p>
        </header>
      )}
      {variant.sections.map((section, i) => {
        const Part = i === 0 ? Opening : LaterSection;
        return onepage ? (
          <div key={`${section.type}-${i}`} className="flex min-h-[calc(100svh-4rem)] snap-start flex-col justify-center py-8" data-testid="onepage-screen">
            <Part section={section} />
          </div>
        ) : (
          <Part key={`${section.type}-${i}`} section={section} />
        );
      })}
    </div>
  );
}
