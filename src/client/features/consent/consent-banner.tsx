import { useEffect, useRef } from 'react';
import { Cookie } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import type { Consent } from '../../app/consent';

/**
 * The question about measurement: what it is, and two buttons of the same weight, so refusing
 * takes one click, as accepting does. Not a modal: the shop works around it, and until an answer
 * nothing is measured. It sits on the right, away from the chat button (left in either direction).
 */
export default function ConsentBanner({ onChoose }: { onChoose: (consent: Consent) => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Asked again from the footer: the keyboard's focus goes to the question.
  useEffect(() => {
    if (document.activeElement?.closest('footer')) heading.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="consent-title"
      className="fixed inset-x-3 bottom-3 z-[65] mx-auto max-w-lg rounded-2xl border border-line bg-ivory p-5 shadow-2xl sm:inset-x-auto sm:bottom-6 sm:right-6"
      data-testid="consent-banner"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-sand text-amber-dark">
          <Cookie size={18} aria-hidden="true" />
        </span>
        <div>
          <h2 id="consent-title" ref={heading} tabIndex={-1} className="font-semibold text-ink outline-none">
            {t('consent.title')}
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-muted">{t('consent.text')}</p>
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <button type="button" className="btn btn-ghost !py-2.5" onClick={() => onChoose('denied')}>
          {t('consent.refuse')}
        </button>
        <button type="button" className="btn btn-ghost !py-2.5" onClick={() => onChoose('granted')}>
          {t('consent.accept')}
        </button>
      </div>
    </section>
  );
}
