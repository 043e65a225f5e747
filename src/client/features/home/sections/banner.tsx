import { Link } from 'react-router';
import { useTranslation } from '../../../app/i18n-view';
import { ArrowRight } from 'lucide-react';
import type { HomeSection } from '../variants';
import { picture } from './picture';
import { keyIn } from '../../../app/translation-keys';

type Props = Omit<Extract<HomeSection, { type: 'banner' }>, 'type'>;

/** A wide promotional banner: picture on one side, a short message and a link on the other. */
export function Banner({ copy, image, to, reverse, tone = 'light' }: Props) {
  const { t } = useTranslation();
  const img = picture(image);
  const dark = tone === 'dark';
  return (
    <section className="container-shop mt-16">
      <div className={`grid overflow-hidden rounded-[2rem] md:grid-cols-2 ${dark ? 'bg-ink text-ivory' : 'bg-sand text-ink'}`}>
        <img
          src={img.src}
          srcSet={img.srcSet}
          sizes="(min-width: 768px) 50vw, 100vw"
          width={img.width}
          height={img.height}
          alt=""
          loading="lazy"
          className={`h-64 w-full object-cover md:h-full ${reverse ? 'md:order-2' : ''}`}
        />
        <div className="flex flex-col justify-center p-8 sm:p-12">
          <p className={`eyebrow ${dark ? '!text-on-ink' : ''}`}>{t(keyIn(copy, 'eyebrow'))}</p>
          <h2 className="mt-2 font-display text-3xl font-semibold sm:text-4xl">{t(keyIn(copy, 'heading'))}</h2>
          <p className={`mt-3 ${dark ? 'text-ivory/80' : 'text-olive'}`}>{t(keyIn(copy, 'text'))}</p>
          <Link to={to} className={`mt-6 inline-flex items-center gap-2 self-start font-semibold ${dark ? 'text-on-ink' : 'text-amber-dark'} hover:underline`}>
            {t(keyIn(copy, 'cta'))}
            <ArrowRight size={16} className="rtl:rotate-180" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}
