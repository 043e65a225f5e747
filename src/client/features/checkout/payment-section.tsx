import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from '../../app/i18n-view';
import { useShopSettings } from '../../app/use-shop-settings';
import { RadioGroup } from '../../components/form';
import { isOnlineMethod } from '../../../shared/domain/payments';
import type { FormValues } from './checkout-form';
import { paymentMethodView } from './payment-methods';

/**
 * How the order is paid: cash on delivery, and the online methods the shop offers (its settings'
 * `paymentMethods`, in their order), each a card with its icon and a line on how it works.
 */
export function PaymentSection() {
  const { t } = useTranslation();
  const { paymentMethods } = useShopSettings();
  const { watch, setValue } = useFormContext<FormValues>();
  const chosen = watch('paymentMethod');
  // A method the shop stopped offering (a draft from before) falls back to cash on delivery.
  useEffect(() => {
    if (chosen && !paymentMethods.includes(chosen)) setValue('paymentMethod', 'cod');
  }, [chosen, paymentMethods, setValue]);
  return (
    <RadioGroup
      name="paymentMethod"
      legend={t('checkout.payment')}
      legendClassName="float-start mb-5 w-full font-display text-2xl font-semibold"
      className="rounded-3xl bg-white p-5 shadow-soft sm:p-7 [&>legend+*]:clear-both"
      options={paymentMethods.map((method) => {
        const { icon: Icon, label, text } = paymentMethodView[method];
        return { value: method, label: t(label), description: t(text), icon: <Icon size={22} className="shrink-0 text-amber-dark" /> };
      })}
      after={
        chosen && isOnlineMethod(chosen) ? (
          <p className="mt-4 rounded-2xl bg-sand/60 p-4 text-sm text-olive" data-testid="online-note">
            {t('checkout.onlineNote')}
          </p>
        ) : null
      }
    />
  );
}
