import { useEffect, useRef } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Banknote, Percent, Sparkles, Tag, Ticket, Truck, Type } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { Field, RadioGroup, TextInput, useFieldProps } from '../../components/form';
import { languageLabels } from '../../../shared/domain/languages';
import { productLanguages } from '../../../shared/schemas/admin-product';
import { MoneyInput } from '../admin-products';
import type { PromotionFormValues } from './form-values';
import { NumberInput } from './inputs';
import { Section } from './section';

const radioRow = 'grid gap-3 [&>div]:grid [&>div]:gap-3';
const legend = 'mb-2 text-sm font-semibold text-ink';

/** The offer's name in the four languages: English and Arabic required, French and German optional. */
export function NamesSection() {
  const { t } = useTranslation('admin-promotions');
  return (
    <Section icon={<Type size={18} />} title={t('form.names')} hint={t('form.namesHint')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {productLanguages.map((l) => (
          <TextInput
            key={l}
            name={`names.${l}`}
            lang={l}
            dir={l === 'ar' ? 'rtl' : 'ltr'}
            autoComplete="off"
            maxLength={120}
            label={
              <>
                <span lang={l}>{languageLabels[l]}</span>
                {l === 'en' || l === 'ar' ? (
                  <span className="ms-1 text-amber-dark" aria-hidden="true">
                    *
                  </span>
                ) : (
                  <span className="ms-1 text-xs font-normal text-muted">({t('form.optional')})</span>
                )}
              </>
            }
          />
        ))}
      </div>
    </Section>
  );
}

/** A code the shopper types, or an automatic offer that applies by itself. */
export function CodeSection() {
  const { t } = useTranslation('admin-promotions');
  const trigger = useWatch<PromotionFormValues, 'trigger'>({ name: 'trigger' });
  return (
    <Section icon={<Ticket size={18} />} title={t('form.code')}>
      <RadioGroup
        name="trigger"
        legend={t('form.trigger')}
        legendClassName={legend}
        className={`${radioRow} sm:[&>div]:grid-cols-2`}
        options={[
          {
            value: 'code',
            label: t('form.triggerCode'),
            description: t('form.triggerCodeHint'),
            icon: <Tag size={18} aria-hidden="true" className="shrink-0 text-amber-dark" />,
          },
          {
            value: 'automatic',
            label: t('form.triggerAutomatic'),
            description: t('form.triggerAutomaticHint'),
            icon: <Sparkles size={18} aria-hidden="true" className="shrink-0 text-amber-dark" />,
          },
        ]}
      />
      {trigger === 'code' && (
        <TextInput
          name="code"
          label={t('form.codeField')}
          hint={t('form.codeHint')}
          className="mt-4 sm:max-w-xs"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          maxLength={32}
          inputClassName="font-mono uppercase tracking-wider"
        />
      )}
    </Section>
  );
}

/** The amount a percentage or a fixed amount takes off; free delivery has none. */
function DiscountValue() {
  const { t } = useTranslation('admin-promotions');
  const { control } = useFormContext<PromotionFormValues>();
  const kind = useWatch<PromotionFormValues, 'kind'>({ name: 'kind' });
  const value = useFieldProps('value', { hint: kind === 'percent' ? 'below' : false });
  if (kind === 'free_delivery') return <p className="mt-4 rounded-xl bg-ivory px-3 py-2 text-sm text-muted">{t('form.freeNote')}</p>;
  return (
    <Field
      id={value.id}
      label={kind === 'percent' ? t('form.percent') : t('form.amount')}
      hint={kind === 'percent' ? t('form.percentHint') : undefined}
      error={value.error}
      className="mt-4 sm:max-w-xs"
      testName="value"
    >
      <Controller
        control={control}
        name="value"
        render={({ field }) =>
          kind === 'percent' ? (
            <NumberInput {...value.control} value={field.value} onChange={field.onChange} onBlur={field.onBlur} end="%" dir="ltr" />
          ) : (
            <MoneyInput {...value.control} value={field.value} onChange={field.onChange} onBlur={field.onBlur} placeholder="0.00" />
          )
        }
      />
    </Field>
  );
}

/** What the offer takes off: a percentage, a fixed amount, or the delivery fee. */
export function DiscountSection() {
  const { t } = useTranslation('admin-promotions');
  const { setValue } = useFormContext<PromotionFormValues>();
  const kind = useWatch<PromotionFormValues, 'kind'>({ name: 'kind' });
  const shown = useRef(kind);
  // A percent is not an amount: another kind starts with an empty value.
  useEffect(() => {
    if (shown.current !== kind) setValue('value', null);
    shown.current = kind;
  }, [kind, setValue]);
  const icon = 'shrink-0 text-amber-dark';
  return (
    <Section icon={<Percent size={18} />} title={t('form.discount')}>
      <RadioGroup
        name="kind"
        legend={t('form.kind')}
        legendClassName={legend}
        className={`${radioRow} sm:[&>div]:grid-cols-3 [&_label]:!gap-3 [&_label]:!py-3`}
        options={[
          { value: 'percent', label: t('form.kindPercent'), icon: <Percent size={18} aria-hidden="true" className={icon} /> },
          { value: 'amount', label: t('form.kindAmount'), icon: <Banknote size={18} aria-hidden="true" className={icon} /> },
          { value: 'free_delivery', label: t('form.kindFree'), icon: <Truck size={18} aria-hidden="true" className={icon} /> },
        ]}
      />
      <DiscountValue />
    </Section>
  );
}
