import { useTranslation } from '../../app/i18n-view';
import { Controller, useFormContext } from 'react-hook-form';
import { Card } from '../admin';
import { Field, TextInput, useFieldProps } from '../../components/form';
import { effectivePrice } from '../../../shared/domain/pricing';
import { formatPiastres } from '../../../shared/domain/currency';
import type { AdminProductInput } from '../../../shared/schemas/admin-product';
import { MoneyInput } from './money-input';

/** A YYYY-MM-DD for a date input from an ISO instant, in the merchant's time zone. */
const localDate = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** What customers pay today, or a hint while the price is not a number yet. */
function PricePreview() {
  const { t, i18n } = useTranslation('admin-catalog');
  const [price, discount] = useFormContext<AdminProductInput>().watch(['price', 'discount']);
  const canPreview = typeof price === 'number' && Number.isFinite(price) && price > 0 && Number.isFinite(discount);
  return (
    <p className="rounded-xl bg-ivory px-3 py-2 text-sm text-muted">
      {canPreview ? (
        <>
          {t('pricing.customersPay')}{' '}
          <strong className="text-ink tabular-nums">{formatPiastres(effectivePrice(price, Math.min(90, Math.max(0, discount))), i18n.language)}</strong>
          {discount > 0 && <s className="ms-2 tabular-nums">{formatPiastres(price, i18n.language)}</s>}
        </>
      ) : (
        t('pricing.hint')
      )}
    </p>
  );
}

/** Price, discount and the day the offer ends. */
export function ProductPricingSection() {
  const { t } = useTranslation('admin-catalog');
  const { control } = useFormContext<AdminProductInput>();
  const price = useFieldProps('price');
  const offerEnd = useFieldProps('offerEnd');
  return (
    <Card title={t('pricing.section')}>
      <div className="grid gap-4">
        <Field id={price.id} label={t('pricing.price')} error={price.error}>
          <Controller
            control={control}
            name="price"
            render={({ field }) => <MoneyInput {...price.control} value={field.value} onChange={field.onChange} onBlur={field.onBlur} placeholder="0.00" />}
          />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <TextInput
            name="discount"
            label={t('pricing.discount')}
            rules={{ valueAsNumber: true }}
            type="number"
            min={0}
            max={90}
            step={1}
            inputMode="numeric"
            inputClassName="pe-8 tabular-nums"
            end="%"
          />
          <Field id={offerEnd.id} label={t('pricing.offerEnd')} error={offerEnd.error}>
            <Controller
              control={control}
              name="offerEnd"
              render={({ field }) => (
                <input
                  {...offerEnd.control}
                  type="date"
                  value={localDate(field.value)}
                  onChange={(e) => field.onChange(e.target.value ? new Date(`${e.target.value}T23:59:59`).toISOString() : null)}
                  onBlur={field.onBlur}
                  className="field px-2 text-sm"
                />
              )}
            />
          </Field>
        </div>
        <PricePreview />
      </div>
    </Card>
  );
}
