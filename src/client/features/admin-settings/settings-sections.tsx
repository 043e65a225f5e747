import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { useFormContext, type FieldPath } from 'react-hook-form';
import { BarChart3, Coins, Store, Truck } from 'lucide-react';
import { Card } from '../admin';
import { FieldError, TextInput, useFieldProps } from '../../components/form';
import { governorates } from '../../../shared/domain/governorates';
import { currencySymbol } from '../../../shared/domain/currency';
import { piastresToText, type SettingsFormValues } from './settings-form';

type Name = FieldPath<SettingsFormValues>;

function Section({ icon, title, hint, children }: { icon: ReactNode; title: string; hint: string; children: ReactNode }) {
  return (
    <Card>
      <div className="mb-5 flex items-start gap-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-sand text-amber-dark">{icon}</span>
        <div>
          <h2 className="text-base font-semibold text-ink">{title}</h2>
          <p className="mt-0.5 text-sm text-muted">{hint}</p>
        </div>
      </div>
      {children}
    </Card>
  );
}

/** A settings text field: left-to-right ones (e-mail, phone, rates) keep their digits readable in Arabic. */
function SettingsText({
  name,
  label,
  hint,
  type,
  ltr,
  className,
  autoComplete,
}: {
  name: Name;
  label: ReactNode;
  hint?: ReactNode;
  type?: string;
  ltr?: boolean;
  className?: string;
  autoComplete?: string;
}) {
  return (
    <TextInput
      name={name}
      label={label}
      hint={hint}
      className={className}
      type={type ?? 'text'}
      dir={ltr ? 'ltr' : 'auto'}
      autoComplete={autoComplete ?? 'off'}
      inputClassName={ltr ? 'rtl:text-end' : ''}
    />
  );
}

/** Money fields are tidied to two decimals when the merchant leaves them. */
function useTidy() {
  const { setValue } = useFormContext<SettingsFormValues>();
  return (name: Name) => ({
    onBlur: (e: { target: { value: string } }) => {
      const n = Number(e.target.value.replace(/,/g, ''));
      if (/^[\d.,\s]+$/.test(e.target.value) && Number.isFinite(n)) setValue(name, piastresToText(Math.round(n * 100)));
    },
  });
}

/** The shop's name and how customers reach it. */
export function ShopSection() {
  const { t } = useTranslation('admin-dash');
  return (
    <Section icon={<Store size={18} aria-hidden="true" />} title={t('settings.shop')} hint={t('settings.shopHint')}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SettingsText name="shopName" label={t('settings.shopName')} autoComplete="organization" />
        <SettingsText name="email" label={t('settings.email')} type="email" ltr autoComplete="email" />
        <SettingsText name="phone" label={t('settings.phone')} type="tel" ltr autoComplete="tel" />
        <SettingsText name="whatsapp" label={t('settings.whatsapp')} type="tel" ltr hint={t('settings.whatsappHint')} />
        <SettingsText name="address" label={t('settings.address')} className="sm:col-span-2" autoComplete="street-address" />
        <SettingsText
          name="notificationEmail"
          label={t('settings.notificationEmail')}
          type="email"
          ltr
          hint={t('settings.notificationEmailHint')}
          className="sm:col-span-2"
        />
      </div>
    </Section>
  );
}

/** Google Analytics 4 and Meta Pixel: loaded only for shoppers who accept measurement (decision 047). */
export function MeasurementSection() {
  const { t } = useTranslation('admin-dash');
  return (
    <Section icon={<BarChart3 size={18} aria-hidden="true" />} title={t('settings.measurement')} hint={t('settings.measurementHint')}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SettingsText name="measurement.ga4Id" label={t('settings.ga4Id')} hint={t('settings.ga4IdHint')} ltr />
        <SettingsText name="measurement.metaPixelId" label={t('settings.metaPixelId')} hint={t('settings.metaPixelIdHint')} ltr />
      </div>
    </Section>
  );
}

/** What one EGP is worth in the other currencies shown. */
export function CurrencySection() {
  const { t } = useTranslation('admin-dash');
  const rates = useFormContext<SettingsFormValues>().watch('currencyRates');
  return (
    <Section icon={<Coins size={18} aria-hidden="true" />} title={t('settings.currency')} hint={t('settings.currencyHint')}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {(['USD', 'EUR', 'GBP'] as const).map((code) => {
          const rate = Number(rates?.[code]);
          const example = Number.isFinite(rate) && rate > 0 && rate < 1 ? (1 / rate).toFixed(2) : null;
          return (
            <SettingsText
              key={code}
              name={`currencyRates.${code}`}
              label={t('settings.rateLabel', { code })}
              ltr
              hint={example ? t('settings.rateExample', { code, egp: example }) : undefined}
            />
          );
        })}
      </div>
    </Section>
  );
}

/** One governorate's delivery fee: name beside the amount, the error under it. */
function FeeRow({ governorate }: { governorate: (typeof governorates)[number] }) {
  const { i18n } = useTranslation('admin-dash');
  const { register } = useFormContext<SettingsFormValues>();
  const tidy = useTidy();
  const name = `shippingFees.${governorate.code}` as const;
  const { id, error, control } = useFieldProps(name);
  return (
    <li className="border-t border-line/70 px-4 py-2 first:border-t-0 md:[&:nth-child(2)]:border-t-0">
      <div className="flex items-center gap-3">
        <label htmlFor={id} className="min-w-0 flex-1 text-sm">
          <span className="font-semibold">{i18n.language.startsWith('ar') ? governorate.ar : governorate.en}</span>
          <span className="ms-2 text-xs text-muted">{governorate.code}</span>
        </label>
        <div className="relative w-36 shrink-0" dir="ltr">
          <span className="pointer-events-none absolute inset-y-0 start-0 flex items-center ps-3 text-xs font-semibold text-muted">
            {currencySymbol('EGP', i18n.language)}
          </span>
          <input
            {...control}
            {...register(name, tidy(name))}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            className="field h-10 py-1.5 ps-12 text-end tabular-nums"
          />
        </div>
      </div>
      <FieldError id={id} error={error} className="mt-1 text-end text-xs" />
    </li>
  );
}

/** One figure typed once and applied to every governorate's fee. */
function SetAllFees() {
  const { t, i18n } = useTranslation('admin-dash');
  const { setValue } = useFormContext<SettingsFormValues>();
  const [allFees, setAllFees] = useState('');
  return (
    <div>
      <label htmlFor="settings-all-fees" className="mb-1.5 block text-sm font-semibold text-ink">
        {t('settings.setAll')}
      </label>
      <div className="flex gap-2">
        <div className="relative flex-1" dir="ltr">
          <span className="pointer-events-none absolute inset-y-0 start-0 flex items-center ps-3 text-xs font-semibold text-muted">
            {currencySymbol('EGP', i18n.language)}
          </span>
          <input
            id="settings-all-fees"
            value={allFees}
            onChange={(e) => setAllFees(e.target.value)}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            className="field ps-12 text-end tabular-nums"
          />
        </div>
        <button
          type="button"
          className="btn btn-ghost px-4"
          disabled={!allFees.trim()}
          onClick={() => {
            for (const g of governorates) setValue(`shippingFees.${g.code}`, allFees.trim(), { shouldDirty: true, shouldValidate: true });
          }}
        >
          {t('settings.apply')}
        </button>
      </div>
    </div>
  );
}

/** The free-delivery threshold and a fee for each governorate. */
export function DeliverySection() {
  const { t, i18n } = useTranslation('admin-dash');
  const tidy = useTidy();
  const header = (
    <span className="flex justify-between">
      <span>{t('settings.governorate')}</span>
      <span>{t('settings.fee')}</span>
    </span>
  );
  return (
    <Section icon={<Truck size={18} aria-hidden="true" />} title={t('settings.delivery')} hint={t('settings.deliveryHint')}>
      <div className="grid grid-cols-1 gap-5">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextInput
            name="freeShippingThreshold"
            label={t('settings.freeThreshold')}
            hint={t('settings.freeThresholdHint')}
            rules={tidy('freeShippingThreshold')}
            start={currencySymbol('EGP', i18n.language)}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            inputClassName="ps-12 text-end tabular-nums"
          />
          <SetAllFees />
        </div>
        <div className="overflow-hidden rounded-xl border border-line/70">
          <div className="hidden grid-cols-2 gap-x-6 bg-sand/60 px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-muted md:grid">
            {header}
            {header}
          </div>
          <ul className="grid md:grid-cols-2 md:gap-x-6">
            {governorates.map((g) => (
              <FeeRow key={g.code} governorate={g} />
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
