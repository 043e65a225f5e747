import { useTranslation } from '../../../app/i18n-view';

const origins = ['gharbia', 'fayoum', 'beniSuef', 'sinai', 'aswan', 'cairo'] as const;

/** Where our ingredients come from: a quiet strip of Egyptian places instead of borrowed logos. */
export function Origins() {
  const { t } = useTranslation();
  return (
    <section className="mt-16 border-y border-line bg-white/60 py-8" aria-labelledby="origins">
      <div className="container-shop">
        <h2 id="origins" className="text-center text-xs font-semibold uppercase tracking-[0.2em] text-muted">
          {t('origins.title')}
        </h2>
        <ul className="mt-5 grid grid-cols-2 gap-4 text-center sm:grid-cols-3 lg:grid-cols-6">
          {origins.map((o) => (
            <li key={o}>
              <p className="font-display text-2xl font-semibold text-olive">{t(`origins.${o}.place`)}</p>
              <p className="text-xs text-muted">{t(`origins.${o}.what`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
