import { useTranslation } from '../../app/i18n-view';
import { governorates, shippingFee } from '../../../shared/domain/governorates';
import { useMoney } from '../../app/use-money';
import { useShopSettings } from '../../app/use-shop-settings';
import { Select, TextInput, Textarea } from '../../components/form';
import { CheckoutSection } from './checkout-form';

/** Where the order goes: governorate (with its delivery fee), city, address and notes. */
export function DeliverySection() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { shippingFees } = useShopSettings();
  const ar = i18n.resolvedLanguage === 'ar';
  return (
    <CheckoutSection legend={t('checkout.delivery')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <Select name="governorate" label={t('checkout.governorate')}>
          <option value="">{t('checkout.chooseGovernorate')}</option>
          {governorates.map((g) => (
            <option key={g.code} value={g.code}>
              {`${ar ? g.ar : g.en} — ${money(shippingFee(g.code, 0, 0, shippingFees))}`}
            </option>
          ))}
        </Select>
        <TextInput name="city" label={t('checkout.city')} autoComplete="address-level2" maxLength={120} />
        <Textarea
          name="address"
          label={t('checkout.address')}
          aside={t('checkout.addressHint')}
          rows={2}
          maxLength={500}
          autoComplete="street-address"
          className="sm:col-span-2"
        />
        <Textarea name="notes" label={t('checkout.notes')} aside={t('checkout.optional')} rows={2} maxLength={1000} className="sm:col-span-2" />
      </div>
    </CheckoutSection>
  );
}
