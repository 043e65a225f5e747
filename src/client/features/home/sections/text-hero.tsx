import { Link } from 'react-router';
import { useTranslation } from '../../../app/i18n-view';
import type { HomeSection } from '../variants';
import { picture } from './picture';
import { keyIn } from '../../../app/translation-keys';

type Props = Omit<Extract<HomeSection, { type: 'textHero' }>, 'type'>;

/**
 * A single-message hero: `split` puts the picture beside the words, `center` sets the words over a
 * soft picture, `panel` frames them in a coloured card. Copy comes from `<copy>.eyebrow|heading|text|cta`.
 */
export function TextHero({ copy, image, to, layout }: Props) {
  const { t } = useTranslation();
  const img = picture(image);
  const words = (
    <>
      <p className="eyebrow">{t(keyIn(copy, 'eyebrow'))}</p>
      <h1 className="mt-3 font-display text-4xl font-semibold leading-[1.05] sm:text-6xl">{t(keyIn(copy, 'heading'))}</h1>
      <p className="mt-4 max-w-lg text-base text-olive sm:text-lg">{t(keyIn(copy, 'text'))}</p>
      <Link to={to} className={`btn btn-accent mt-7 ${layout === 'center' ? 'self-center' : 'self-start'}`}>
        {t(keyIn(copy, 'cta'))}
      </Link>
    </>
  );
  if (layout === 'center')
    return (
      <section className="relative overflow-hidden">
        <img
          src={img.src}
          srcSet={img.srcSet}
          sizes="100vw"
          width={img.width}
          height={img.height}
          alt=""
          fetchPriority="high"
          className="h-[520px] w-full object-cover sm:h-[600px]"
        />
        <div className="absolute inset-0 bg-ivory/75" />
        <div className="container-shop absolute inset-0 flex flex-col items-center justify-center text-center [&_p]:mx-auto">{words}</div>
      </section>
    );
  if (layout === 'panel')
    return (
      <section className="container-shop mt-6">
        <div className="grid overflow-hidden rounded-[2rem] bg-sand lg:grid-cols-[1.1fr_1fr]">
          <div className="flex flex-col justify-center p-8 sm:p-14">{words}</div>
          <img
            src={img.src}
            srcSet={img.srcSet}
            sizes="(min-width: 1024px) 45vw, 100vw"
            width={img.width}
            height={img.height}
            alt=""
            fetchPriority="high"
            className="h-72 w-full object-cover lg:h-full"
          />
        </div>
      </section>
    );
  return (
    <section className="container-shop grid items-center gap-8 py-10 lg:grid-cols-2 lg:py-16">
      <div className="order-2 lg:order-1">{words}</div>
      <img
        src={img.src}
        srcSet={img.srcSet}
        sizes="(min-width: 1024px) 50vw, 100vw"
        width={img.width}
        height={img.height}
        alt=""
        fetchPriority="high"
        className="order-1 aspect-[4/3] w-full rounded-[2rem] object-cover lg:order-2"
      />
    </section>
  );
}
