import { useState } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { CheckCircle2, Clock, Mail, MapPin, MessageCircle, Phone, Send } from 'lucide-react';
import { contactSchema, type ContactInput } from '../../../shared/schemas/contact';
import { useShopSettings } from '../../app/use-shop-settings';
import { Seo } from '../../components/ui/seo';
import { whatsappHref } from '../../components/layout/chat-button';
import { PageIntro } from './page-head';
import { FormAlert, ShopFormProvider, TextInput, Textarea, useShopForm } from '../../components/form';
import { failureOf } from '../../app/api-failure';
import { useSendContactMessageMutation } from './contact-api';

const empty: ContactInput = { name: '', email: '', subject: '', message: '' };
type SendState = 'idle' | 'sending' | 'sent' | 'failed' | 'limited';

/** The message form, checked by the schema the server uses; a sent message clears it. */
function ContactForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<SendState>('idle');
  const shop = useShopForm<ContactInput>({ schema: contactSchema, raw: true, idPrefix: 'contact', defaultValues: empty });
  const [sendMessage] = useSendContactMessageMutation();

  const send = async (values: ContactInput) => {
    if (state === 'sending') return;
    setState('sending');
    try {
      await sendMessage(values).unwrap();
      setState('idle');
      shop.form.reset(empty);
      onSent();
    } catch (err) {
      const failure = failureOf(err);
      if (failure.status === 429) setState('limited');
      else if (failure.status === 400) {
        shop.applyServerErrors(failure.fields);
        setState('idle');
      } else setState('failed');
    }
  };

  return (
    <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(send)} className="mt-6 grid gap-5 sm:grid-cols-2">
      {(state === 'failed' || state === 'limited') && (
        <FormAlert className="p-4 sm:col-span-2">{state === 'limited' ? t('contact.limited') : t('contact.failed')}</FormAlert>
      )}
      <TextInput name="name" label={t('contact.name')} autoComplete="name" maxLength={120} />
      <TextInput name="email" label={t('contact.emailField')} type="email" autoComplete="email" maxLength={254} dir="ltr" />
      <TextInput name="subject" label={t('contact.subject')} maxLength={200} className="sm:col-span-2" />
      <Textarea name="message" label={t('contact.message')} rows={6} maxLength={5000} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <button type="submit" disabled={state === 'sending'} className="btn btn-primary h-12 gap-2 px-8 disabled:opacity-70">
          <Send size={16} aria-hidden="true" />
          {state === 'sending' ? t('contact.sending') : t('contact.send')}
        </button>
      </div>
    </ShopFormProvider>
  );
}

export default function ContactPage() {
  const { t } = useTranslation();
  const shop = useShopSettings();
  const [sent, setSent] = useState(false);

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
          {sent ? (
            <div role="status" className="mt-6 flex items-start gap-3 rounded-2xl bg-moss/10 p-5 text-ink">
              <CheckCircle2 className="mt-0.5 shrink-0 text-moss" size={22} aria-hidden="true" />
              <div>
                <p className="font-semibold">{t('contact.sentTitle')}</p>
                <p className="text-sm text-muted">{t('contact.sentText')}</p>
                <button type="button" onClick={() => setSent(false)} className="mt-3 text-sm font-semibold text-amber-dark underline underline-offset-4">
                  {t('contact.another')}
                </button>
              </div>
            </div>
          ) : (
            <ContactForm onSent={() => setSent(true)} />
          )}
        </section>
      </div>
    </div>
  );
}
