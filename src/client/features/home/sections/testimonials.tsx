import { useTranslation } from '../../../app/i18n-view';
import { Quote } from 'lucide-react';
import { SectionHeading } from './section-heading';

const people = ['t1', 't2', 't3'] as const;

/** What customers say: three short quotes with name and city. */
export function Testimonials() {
  const { t } = useTranslation();
  return (
    <section className="container-shop mt-16" aria-labelledby="testimonials">
      <SectionHeading id="testimonials" eyebrow={t('testimonials.eyebrow')} title={t('testimonials.title')} />
      <ul className="grid gap-5 md:grid-cols-3">
        {people.map((p) => (
          <li key={p} className="flex flex-col rounded-3xl bg-white p-7 shadow-soft">
            <Quote size={28} className="text-honey" aria-hidden="true" />
            <blockquote className="mt-3 flex-1 font-display text-xl leading-snug text-ink">{t(`testimonials.${p}.quote`)}</blockquote>
            <p className="mt-5 text-sm font-semibold">{t(`testimonials.${p}.name`)}</p>
            <p className="text-sm text-muted">{t(`testimonials.${p}.city`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
