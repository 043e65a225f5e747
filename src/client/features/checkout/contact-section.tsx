import { useTranslation } from '../../app/i18n-view';
import { TextInput } from '../../components/form';
import { CheckoutSection } from './checkout-form';

/** Who receives the order: name, phone and an optional e-mail. */
export function ContactSection() {
  const { t } = useTranslation();
  return (
    <CheckoutSection legend={t('checkout.contact')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput name="fullName" label={t('checkout.fullName')} autoComplete="name" maxLength={120} className="sm:col-span-2" />
        <TextInput
          name="phone"
          label={t('checkout.phone')}
          aside={t('checkout.phoneHint')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          dir="ltr"
        />
        <TextInput name="email" label={t('checkout.email')} aside={t('checkout.optional')} type="email" autoComplete="email" maxLength={254} dir="ltr" />
      </div>
    </CheckoutSection>
  );
}
