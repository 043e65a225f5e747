import { useFormContext } from 'react-hook-form';
import { useTranslation } from '../../app/i18n-view';
import { TextInput } from '../../components/form';
import { isOnlineMethod } from '../../../shared/domain/payments';
import { CheckoutSection, type FormValues } from './checkout-form';

/** Who receives the order: name, phone and an e-mail, optional for cash on delivery and required to pay online (the receipt goes to it). */
export function ContactSection() {
  const { t } = useTranslation();
  const method = useFormContext<FormValues>().watch('paymentMethod');
  const emailRequired = !!method && isOnlineMethod(method);
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
        <TextInput
          name="email"
          label={t('checkout.email')}
          aside={emailRequired ? t('checkout.emailRequired') : t('checkout.optional')}
          aria-required={emailRequired || undefined}
          type="email"
          autoComplete="email"
          maxLength={254}
          dir="ltr"
        />
      </div>
    </CheckoutSection>
  );
}
