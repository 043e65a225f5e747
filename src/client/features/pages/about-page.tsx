import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { HandHeart, Leaf, Truck } from 'lucide-react';
import { useShopSettings } from '../../app/use-shop-settings';
import { useMoney } from '../../app/use-money';
import { Seo } from '../../components/ui/seo';
import { PageIntro } from './page-head';

/** Initials of a name in its own script; Arabic letters stand apart so they do not join into a word. */
const initials = (name: string): string =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join(/\p{Script=Arabic}/u.test(name) ? ' ' : '');

const team = [{ key: 'founder' }, { key: 'perfumer' }, { key: 'care' }] as const;

export default function AboutPage() {
  const { t } = useTranslation();
  const { shopName, freeShippingThreshold } = useShopSettings();
  const money = useMoney();
  const values = [
    [Leaf, 'about.value1Title', 'about.value1Text'],
    [HandHeart, 'about.value2Title', 'about.value2Text'],
    [Truck, 'about.value3Title', 'about.value3Text'],
  ] as const;
  return (
    <div className="container-shop py-10">
      <Seo title={t('about.title', { shop: shopName })} titleTemplate={t('nav.about')} description={t('about.lead')} />
      <PageIntro crumb={t('nav.about')} eyebrow={t('about.eyebrow')} title={t('about.title', { shop: shopName })} lead={t('about.lead')} />

      <div className="mt-10 grid items-center gap-10 lg:grid-cols-2">
        <img
          src="/images/hero/hero-2-1600.webp"
          srcSet="/images/hero/hero-2-800.webp 800w, /images/hero/hero-2-1600.webp 1600w"
          sizes="(min-width: 1024px) 50vw, 100vw"
          width={1600}
          height={900}
          alt=""
          className="aspect-[4/3] w-full rounded-3xl object-cover"
        />
        <div className="space-y-4 text-base leading-relaxed text-olive">
          <h2 className="font-display text-3xl font-semibold text-ink">{t('about.storyTitle')}</h2>
          <p>{t('about.story1')}</p>
          <p>{t('about.story2')}</p>
          <p>{t('about.story3')}</p>
        </div>
      </div>

      <ul className="mt-16 grid gap-5 sm:grid-cols-3">
        {values.map(([Icon, title, text]) => (
          <li key={title} className="rounded-3xl bg-white p-7 shadow-soft">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-sand text-amber-dark">
              <Icon size={22} aria-hidden="true" />
            </span>
            <h3 className="mt-4 font-display text-2xl font-semibold">{t(title)}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{t(text)}</p>
          </li>
        ))}
      </ul>

      <dl className="mt-16 grid grid-cols-2 gap-6 rounded-3xl bg-ink px-6 py-10 text-center text-ivory sm:grid-cols-4">
        {(['governorates', 'products', 'customers', 'rating'] as const).map((k) => (
          <div key={k} className="flex flex-col-reverse">
            <dt className="text-sm text-ivory/70">{t(`about.stats.${k}Label`)}</dt>
            <dd className="font-display text-4xl font-semibold text-honey">{t(`about.stats.${k}`)}</dd>
          </div>
        ))}
      </dl>

      <section className="mt-16" aria-labelledby="team-title">
        <p className="eyebrow">{t('about.teamEyebrow')}</p>
        <h2 id="team-title" className="mt-2 font-display text-3xl font-semibold sm:text-4xl">
          {t('about.teamTitle')}
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-3">
          {team.map((m) => (
            <li key={m.key} className="rounded-3xl bg-white p-7 text-center shadow-soft">
              <span
                className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-sand font-display text-2xl font-semibold text-amber-dark"
                aria-hidden="true"
              >
                {initials(t(`about.team.${m.key}.name`))}
              </span>
              <h3 className="mt-4 font-display text-xl font-semibold">{t(`about.team.${m.key}.name`)}</h3>
              <p className="text-sm font-semibold text-amber-dark">{t(`about.team.${m.key}.role`)}</p>
              <p className="mt-2 text-sm text-muted">{t(`about.team.${m.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-16 grid gap-5 md:grid-cols-2">
        {(['delivery', 'returns'] as const).map((k) => (
          <section key={k} id={k} className="scroll-mt-28 rounded-3xl bg-white p-7 shadow-soft" aria-labelledby={`${k}-title`}>
            <h2 id={`${k}-title`} className="font-display text-2xl font-semibold">
              {t(`about.${k}Title`)}
            </h2>
            <ul className="mt-3 list-disc space-y-1.5 ps-5 text-sm leading-relaxed text-olive">
              {([1, 2, 3] as const).map((n) => (
                <li key={n}>{t(`about.${k}${n}`, { amount: money(freeShippingThreshold) })}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <div className="mt-16 flex flex-col items-center rounded-3xl bg-sand/70 px-6 py-12 text-center">
        <h2 className="font-display text-3xl font-semibold">{t('about.ctaTitle')}</h2>
        <p className="mt-2 max-w-lg text-muted">{t('about.ctaText')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/shop-grid-standard" className="btn btn-primary">
            {t('about.ctaShop')}
          </Link>
          <Link to="/contact" className="btn btn-ghost">
            {t('nav.contact')}
          </Link>
        </div>
      </div>
    </div>
  );
}
