import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Combine, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { Field, useFieldProps } from '../../components/form';
import { MoneyInput, Switch } from '../admin-products';
import type { PromotionFormValues } from './form-values';
import { NumberInput, ShopDateTimeInput } from './inputs';
import { Section } from './section';

type Control = ReturnType<typeof useFormContext<PromotionFormValues>>['control'];

/** A labelled control of the form bound by a Controller, its ids and error from the form kit. */
function Bound<N extends 'minSubtotal' | 'startsAt' | 'endsAt' | 'maxUses' | 'perCustomer'>({
  name,
  label,
  hint,
  control,
  render,
}: {
  name: N;
  label: string;
  hint?: string;
  control: Control;
  render: (props: {
    control: ReturnType<typeof useFieldProps>['control'];
    value: PromotionFormValues[N];
    onChange: (v: PromotionFormValues[N]) => void;
    onBlur: () => void;
  }) => ReactNode;
}) {
  const field = useFieldProps(name, { hint: hint ? 'below' : false });
  return (
    <Field id={field.id} label={label} hint={hint} error={field.error} testName={name}>
      <Controller
        control={control}
        name={name}
        render={({ field: f }) => <>{render({ control: field.control, value: f.value, onChange: f.onChange, onBlur: f.onBlur })}</>}
      />
    </Field>
  );
}

/** A yes/no condition of the offer as a switch. */
export function SwitchField({ name, label, hint }: { name: 'firstOrderOnly' | 'withProductDiscounts' | 'combines' | 'paused'; label: string; hint: string }) {
  const { control } = useFormContext<PromotionFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <Switch id={`promo-${name}`} checked={field.value} onChange={field.onChange} label={label} hint={hint} />}
    />
  );
}

/** When the offer applies: a minimum subtotal, its dates in Cairo time, how many uses, first orders only. */
export function ConditionsSection() {
  const { t } = useTranslation('admin-promotions');
  const { control } = useFormContext<PromotionFormValues>();
  return (
    <Section icon={<SlidersHorizontal size={18} />} title={t('form.conditions')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Bound
          name="minSubtotal"
          label={t('form.minSubtotal')}
          hint={t('form.minSubtotalHint')}
          control={control}
          render={({ control: c, ...f }) => <MoneyInput {...c} {...f} placeholder="0.00" />}
        />
        <div className="hidden sm:block" />
        <Bound
          name="startsAt"
          label={t('form.startsAt')}
          hint={t('form.datesHint')}
          control={control}
          render={({ control: c, ...f }) => <ShopDateTimeInput {...c} {...f} />}
        />
        <Bound name="endsAt" label={t('form.endsAt')} control={control} render={({ control: c, ...f }) => <ShopDateTimeInput {...c} {...f} />} />
        <Bound
          name="maxUses"
          label={t('form.maxUses')}
          hint={t('form.noLimit')}
          control={control}
          render={({ control: c, ...f }) => <NumberInput {...c} {...f} dir="ltr" />}
        />
        <Bound
          name="perCustomer"
          label={t('form.perCustomer')}
          hint={t('form.noLimit')}
          control={control}
          render={({ control: c, ...f }) => <NumberInput {...c} {...f} dir="ltr" />}
        />
      </div>
      <div className="mt-5 border-t border-line/70 pt-5">
        <SwitchField name="firstOrderOnly" label={t('form.firstOrderOnly')} hint={t('form.firstOrderOnlyHint')} />
      </div>
    </Section>
  );
}

/** Whether the offer adds to the products' own discounts and to other offers. */
export function CombiningSection() {
  const { t } = useTranslation('admin-promotions');
  return (
    <Section icon={<Combine size={18} />} title={t('form.combining')}>
      <div className="grid gap-4">
        <SwitchField name="withProductDiscounts" label={t('form.withProductDiscounts')} hint={t('form.withProductDiscountsHint')} />
        <SwitchField name="combines" label={t('form.combines')} hint={t('form.combinesHint')} />
      </div>
    </Section>
  );
}
