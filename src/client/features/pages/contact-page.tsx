import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Clock, Mail, MapPin, MessageCircle, Phone, Send } from 'lucide-react';
import { contactSchema, type ContactInput } from '../../../shared/schemas/contact';
import { useShopSettings } from '../../app/use-shop-settings';
import { Seo } from '../../components/ui/seo';
import { whatsappHref } from '../../components/layout/chat-button';
import { PageIntro } from './page-head';

type Name = keyof ContactInput;
const empty: Record<Name, string> = { name: '', email: '', subject: '', message: '' };

export default function ContactPage() {
  const { t } = useTranslation();
  const shop = useShopSettings();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed' | 'limited'>('idle');

  const message = (code: string) => t(`validation.${code}`, { defaultValue: t('validation.invalid') });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (state === 'sending') return;
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Name, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Name] ??= message(issue.message);
      setErrors(next);
      document.getElementById(`contact-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setState('sending');
    try {
      const res = await fetch('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(values) });
      if (res.status === 201) {
        setState('sent');
        setValues(empty);
      } else if (res.status === 429) setState('limited');
      else if (res.status === 400) {
        const body = (await res.json()) as { error?: { fields?: Record<string, string> } };
        const next: Partial<Record<Name, string>> = {};
        for (const [k, code] of Object.entries(body.error?.fields ?? {})) if (k in empty) next[k as Name] = message(code);
        setErrors(next);
        setState('idle');
      } else setState('failed');
    } catch {
      setState('failed');
    }
  };

  const field = (name: Name, label: string, input: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => React.ReactNode) => (
    <div>
      <label htmlFor={`contact-${name}`} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      {input({ id: `contact-${name}`, 'aria-invalid': Boolean(errors[name]), 'aria-describedby': errors[name] ? `contact-${name}-error` : undefined })}
      {errors[name] && (
        <p id={`contact-${name}-error`} className="mt-1.5 text-sm font-medium text-rose">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const set = (name: Name) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  const cards = [
    [Phone, t('contact.phone'), shop.phone, `tel:${shop.phone.replace(/\s/g, '')}`],
    [MessageCircle, t('contact.whatsapp'), shop.whatsapp, whatsappHref(shop.whatsapp, t('chat.message'))],
    [Mail, t('contact.email'), shop.email, `mailto:${shop.email}`],
    [MapPin, t('contact.address'), shop.address, null],
    [Clock, t('contact.hours'), t('contact.hoursText'), null],
  ] as const;

  return (
    <div className="container-shop py-10">
      <Seo titleTemplate={t('nav.contact')} description={t('contact.lead')} />
      <PageIntro crumb={t('nav.contact')} eyebrow={t('contact.eyebrow')} title={t('contact.title')} lead={t('contact.lead')} />
      <div className="mt-10 grid gap-8 lg:grid-cols-[380px_1fr]">
        <ul className="grid content-start gap-3">
          {cards.map(([Icon, label, value, href]) => (
            <li key={label} className="flex items-start gap-4 rounded-2xl bg-white p-5 shadow-soft">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-sand text-amber-dark">
                <Icon size={20} aria-hidden="true" />
              </span>
              <div>
                <p className="text-xs font-semibold uppercase tracking-[0.14em] text-muted">{label}</p>
                {href ? (
                  <a
                    href={href}
                    className="mt-0.5 block font-semibold hover:text-amber-dark"
                    target={href.startsWith('https') ? '_blank' : undefined}
                    rel="noreferrer"
                  >
                    <bdi dir="ltr">{value}</bdi>
                  </a>
                ) : (
                  <p className="mt-0.5 font-semibold">
                    <bdi>{value}</bdi>
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>

        <section className="rounded-3xl bg-white p-6 shadow-soft sm:p-8" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="font-display text-3xl font-semibold">
            {t('contact.formTitle')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('contact.formText')}</p>
          {state === 'sent' ? (
            <div role="status" className="mt-6 flex items-start gap-3 rounded-2xl bg-moss/10 p-5 text-ink">
              <CheckCircle2 className="mt-0.5 shrink-0 text-moss" size={22} aria-hidden="true" />
              <div>
                <p className="font-semibold">{t('contact.sentTitle')}</p>
                <p className="text-sm text-muted">{t('contact.sentText')}</p>
                <button type="button" onClick={() => setState('idle')} className="mt-3 text-sm font-semibold text-amber-dark underline underline-offset-4">
                  {t('contact.another')}
                </button>
              </div>
            </div>
          ) : (
            <form noValidate onSubmit={submit} className="mt-6 grid gap-5 sm:grid-cols-2">
              {(state === 'failed' || state === 'limited') && (
                <p role="alert" className="rounded-xl bg-[#fdf3f0] p-4 text-sm font-semibold text-rose sm:col-span-2">
                  {state === 'limited' ? t('contact.limited') : t('contact.failed')}
                </p>
              )}
              {field('name', t('contact.name'), (a) => (
                <input {...a} value={values.name} onChange={set('name')} autoComplete="name" maxLength={120} className="field" />
              ))}
              {field('email', t('contact.emailField'), (a) => (
                <input {...a} type="email" value={values.email} onChange={set('email')} autoComplete="email" maxLength={254} dir="ltr" className="field" />
              ))}
              <div className="sm:col-span-2">
                {field('subject', t('contact.subject'), (a) => (
                  <input {...a} value={values.subject} onChange={set('subject')} maxLength={200} className="field" />
                ))}
              </div>
              <div className="sm:col-span-2">
                {field('message', t('contact.message'), (a) => (
                  <textarea {...a} rows={6} value={values.message} onChange={set('message')} maxLength={5000} className="field" />
                ))}
              </div>
              <div className="sm:col-span-2">
                <button type="submit" disabled={state === 'sending'} className="btn btn-primary h-12 gap-2 px-8 disabled:opacity-70">
                  <Send size={16} aria-hidden="true" />
                  {state === 'sending' ? t('contact.sending') : t('contact.send')}
                </button>
              </div>
            </form>
          )}
        </section>
      </div>
    </div>
  );
}
