import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../app/i18n-view';
import { Mail } from 'lucide-react';
import { useStorefrontErrorText } from '../../../components/form/error-text';
import type { HomeSection } from '../variants';
import { failureOf } from '../../../app/api-failure';
import { useSubscribeNewsletterMutation } from './newsletter-api';

type Props = Omit<Extract<HomeSection, { type: 'newsletter' }>, 'type'>;
type State = { kind: 'idle' | 'sending' } | { kind: 'done' | 'already' | 'error'; text?: string };

/**
 * Newsletter sign-up, stored on the server; an address we already have is welcomed, not refused.
 * A plain form, not the shop's form kit: one field does not need React Hook Form, and the home page
 * should not download it (with zod) to hydrate. The shared schema is loaded on the first submit.
 */
export function Newsletter({ tone = 'light' }: Props) {
  const { t } = useTranslation();
  const errorText = useStorefrontErrorText();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [code, setCode] = useState<string | undefined>();
  const [subscribeNewsletter] = useSubscribeNewsletterMutation();
  const typedError = errorText(code);
  const dark = tone === 'dark';

  const subscribe = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.kind === 'sending') return;
    const form = event.currentTarget;
    const field = form.elements.namedItem('email') as HTMLInputElement;
    setState({ kind: 'sending' });
    try {
      const { newsletterSchema } = await import('../../../../shared/schemas/newsletter');
      const checked = newsletterSchema.safeParse({ email: field.value });
      if (!checked.success) {
        setCode(checked.error.issues[0]?.message);
        setState({ kind: 'idle' });
        field.focus();
        return;
      }
      setCode(undefined);
      // As typed: the server normalises it.
      const { already } = await subscribeNewsletter({ email: field.value }).unwrap();
      if (already) setState({ kind: 'already' });
      else {
        setState({ kind: 'done' });
        form.reset();
      }
    } catch (err) {
      // Offline, or the schema's chunk missing: status 0. Any other refusal is about the address.
      const { status } = failureOf(err);
      setState({ kind: 'error', text: t(status === 429 ? 'newsletter.limited' : status === 0 ? 'newsletter.failed' : 'validation.email_invalid') });
    }
  };
  // The one field's error shares the status line under the form with the server's answer.
  const error = typedError ?? (state.kind === 'error' ? state.text : undefined);

  return (
    <section className="container-shop mt-16" aria-labelledby="newsletter-title">
      <div className={`grid items-center gap-6 rounded-[2rem] px-6 py-10 sm:px-12 lg:grid-cols-2 ${dark ? 'bg-ink text-ivory' : 'bg-sand text-ink'}`}>
        <div>
          <p className={`eyebrow ${dark ? '!text-on-ink' : ''}`}>{t('newsletter.eyebrow')}</p>
          <h2 id="newsletter-title" className="mt-2 font-display text-3xl font-semibold sm:text-4xl">
            {t('newsletter.title')}
          </h2>
          <p className={`mt-2 ${dark ? 'text-ivory/80' : 'text-olive'}`}>{t('newsletter.text')}</p>
        </div>
        <form noValidate onSubmit={(event) => void subscribe(event)}>
          <div className="flex flex-col gap-3 sm:flex-row">
            <label htmlFor="newsletter-email" className="sr-only">
              {t('newsletter.label')}
            </label>
            <div className="relative flex-1">
              <Mail size={18} className="pointer-events-none absolute start-4 top-1/2 -translate-y-1/2 text-muted" aria-hidden="true" />
              <input
                id="newsletter-email"
                type="email"
                dir="ltr"
                autoComplete="email"
                name="email"
                // Typing again clears the complaint until the next submit checks again.
                onChange={() => setCode(undefined)}
                placeholder={t('newsletter.placeholder')}
                aria-invalid={Boolean(error)}
                aria-describedby="newsletter-status"
                className="field h-12 ps-11"
              />
            </div>
            <button type="submit" disabled={state.kind === 'sending'} className="btn btn-accent h-12 px-7">
              {t('newsletter.submit')}
            </button>
          </div>
          <p id="newsletter-status" role="status" className={`mt-3 min-h-5 text-sm ${error ? (dark ? 'text-[#f2b8a8]' : 'text-rose') : ''}`}>
            {error ?? (state.kind === 'done' ? t('newsletter.done') : state.kind === 'already' ? t('newsletter.already') : null)}
          </p>
        </form>
      </div>
    </section>
  );
}
