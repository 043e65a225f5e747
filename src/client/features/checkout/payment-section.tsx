import { useTranslation } from '../../app/i18n-view';
import { Banknote } from 'lucide-react';
import { RadioGroup } from '../../components/form';

/** How the order is paid: cash on delivery, the one method the shop takes today. */
export function PaymentSection() {
  const { t } = useTranslation();
  return (
    <RadioGroup
      name="paymentMethod"
      legend={t('checkout.payment')}
      legendClassName="float-start mb-5 w-full font-display text-2xl font-semibold"
      className="rounded-3xl bg-white p-5 shadow-soft sm:p-7 [&>legend+*]:clear-both"
      options={[
        {
          value: 'cod',
          label: t('checkout.cod'),
          description: t('checkout.codText'),
          icon: <Banknote size={22} className="text-amber-dark" aria-hidden="true" />,
        },
      ]}
    />
  );
}
