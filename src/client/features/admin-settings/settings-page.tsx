import { errorKeys } from '../../app/api-failure';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { get, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Coins, Store, Truck } from 'lucide-react';
import { AdminPage, Card, Field, LoadFailed, fieldProps } from '../admin';
import { apiRequest } from '../../app/api-request';
import { isApiFailure } from '../../app/api-failure';
import { useAppDispatch } from '../../app/hooks';
import { showToast } from '../../components/ui/toast';
import { governorates } from '../../../shared/domain/governorates';
import { currencySymbol } from '../../../shared/domain/currency';
import type { AdminSettings } from '../../../shared/schemas/settings';
import { refreshSettings, useGetAdminSettingsQuery } from './api';
import { piastresToText, settingsFormSchema, toFormValues, type SettingsFormValues } from './settings-form';

/** `/admin/settings`: shop details, currency rates and delivery fees in one form. */
export default function SettingsPage() {
  const { t } = useTranslation(['admin-dash', 'admin']);
  const { data, isLoading, isError, refetch } = useGetAdminSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <AdminPage title={t('admin:menu.settings')} subtitle={t('settings.subtitle')}>
      {isLoading ? (
        <div className="grid grid-cols-1 gap-5" role="status">
          <span className="sr-only">{t('admin:common.loading')}</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-56 animate-pulse rounded-2xl border border-line/70 bg-white" />
          ))}
        </div>
      ) : isError || !data ? (
        <LoadFailed onRetry={() => void refetch()} />
      ) : (
        <SettingsForm initial={data} />
      )}
    </AdminPage>
  );
}

type Name = FieldPath<SettingsFormValues>;

function SettingsForm({ initial }: { initial: AdminSettings }) {
  const { t, i18n } = useTranslation(['admin-dash', 'translation']);
  const dispatch = useAppDispatch();
  const defaults = useMemo(() => toFormValues(initial), [initial]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<SettingsFormValues, unknown, AdminSettings>({ resolver: zodResolver(settingsFormSchema), defaultValues: defaults, mode: 'onTouched' });
  const [allFees, setAllFees] = useState('');
  const rates = watch('currencyRates');

  const errorOf = (name: Name): string | undefined => {
    const code = (get(errors, name) as { message?: string } | undefined)?.message;
    return code ? t(`errors.${code}`, { defaultValue: t('errors.invalid') }) : undefined;
  };
  const text = (name: Name, label: ReactNode, opts: { type?: string; hint?: ReactNode; ltr?: boolean; className?: string; autoComplete?: string } = {}) => {
    const id = `settings-${name.replace(/\./g, '-')}`;
    const error = errorOf(name);
    return (
      <Field id={id} label={label} error={error} hint={opts.hint} className={opts.className}>
        <input
          {...fieldProps(id, error)}
          {...register(name)}
          type={opts.type ?? 'text'}
          dir={opts.ltr ? 'ltr' : 'auto'}
          autoComplete={opts.autoComplete ?? 'off'}
          className={`field ${opts.ltr ? 'rtl:text-end' : ''}`}
        />
      </Field>
    );
  };
  /** Money fields are tidied to two decimals when the merchant leaves them. */
  const tidy = (name: Name) => ({
    onBlur: (e: { target: { value: string } }) => {
      const n = Number(e.target.value.replace(/,/g, ''));
      if (/^[\d.,\s]+$/.test(e.target.value) && Number.isFinite(n)) setValue(name, piastresToText(Math.round(n * 100)));
    },
  });
  const money = (name: Name, label: ReactNode, opts: { hint?: ReactNode; className?: string } = {}) => {
    const id = `settings-${name.replace(/\./g, '-')}`;
    const error = errorOf(name);
    return (
      <Field id={id} label={label} error={error} hint={opts.hint} className={opts.className}>
        <div className="relative" dir="ltr">
          <span className="pointer-events-none absolute inset-y-0 start-0 flex items-center ps-3 text-xs font-semibold text-muted">
            {currencySymbol('EGP', i18n.language)}
          </span>
          <input
            {...fieldProps(id, error)}
            {...register(name, tidy(name))}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            className="field ps-12 text-end tabular-nums"
          />
        </div>
      </Field>
    );
  };

  const onSave = async (values: AdminSettings) => {
    try {
      const saved = await apiRequest<AdminSettings>('PUT', '/api/admin/settings', values);
      reset(toFormValues(saved));
      for (const action of refreshSettings(saved)) void dispatch(action);
      showToast('success', t('settings.saved'));
    } catch (err) {
      if (isApiFailure(err) && err.code === 'validation') {
        for (const [field, code] of Object.entries(err.fields)) setError(field as Name, { type: 'server', message: code }, { shouldFocus: true });
        showToast('error', t('settings.fixErrors'));
      } else {
        showToast('error', t(errorKeys(isApiFailure(err) ? err.code : 'network', 'admin-dash:errors')));
      }
    }
  };

  const governorateName = (g: (typeof governorates)[number]) => (i18n.language.startsWith('ar') ? g.ar : g.en);

  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(onSave, () => showToast('error', t('settings.fixErrors')))(e)}
      className="grid grid-cols-1 gap-5 pb-24 [&_input]:scroll-mt-28"
    >
      <Section icon={<Store size={18} aria-hidden="true" />} title={t('settings.shop')} hint={t('settings.shopHint')}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {text('shopName', t('settings.shopName'), { autoComplete: 'organization' })}
          {text('email', t('settings.email'), { type: 'email', ltr: true, autoComplete: 'email' })}
          {text('phone', t('settings.phone'), { type: 'tel', ltr: true, autoComplete: 'tel' })}
          {text('whatsapp', t('settings.whatsapp'), { type: 'tel', ltr: true, hint: t('settings.whatsappHint') })}
          {text('address', t('settings.address'), { className: 'sm:col-span-2', autoComplete: 'street-address' })}
        </div>
      </Section>

      <Section icon={<Coins size={18} aria-hidden="true" />} title={t('settings.currency')} hint={t('settings.currencyHint')}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {(['USD', 'EUR', 'GBP'] as const).map((code) => {
            const rate = Number(rates?.[code]);
            const example = Number.isFinite(rate) && rate > 0 && rate < 1 ? (1 / rate).toFixed(2) : null;
            return (
              <div key={code}>
                {text(`currencyRates.${code}`, t('settings.rateLabel', { code }), {
                  ltr: true,
                  hint: example ? t('settings.rateExample', { code, egp: example }) : undefined,
                })}
              </div>
            );
          })}
        </div>
      </Section>

      <Section icon={<Truck size={18} aria-hidden="true" />} title={t('settings.delivery')} hint={t('settings.deliveryHint')}>
        <div className="grid grid-cols-1 gap-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {money('freeShippingThreshold', t('settings.freeThreshold'), { hint: t('settings.freeThresholdHint') })}
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
          </div>

          <div className="overflow-hidden rounded-xl border border-line/70">
            <div className="hidden grid-cols-2 gap-x-6 bg-sand/60 px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-muted md:grid">
              <span className="flex justify-between">
                <span>{t('settings.governorate')}</span>
                <span>{t('settings.fee')}</span>
              </span>
              <span className="flex justify-between">
                <span>{t('settings.governorate')}</span>
                <span>{t('settings.fee')}</span>
              </span>
            </div>
            <ul className="grid md:grid-cols-2 md:gap-x-6">
              {governorates.map((g) => {
                const name = `shippingFees.${g.code}` as const;
                const id = `settings-fee-${g.code}`;
                const error = errorOf(name);
                return (
                  <li key={g.code} className="border-t border-line/70 px-4 py-2 first:border-t-0 md:[&:nth-child(2)]:border-t-0">
                    <div className="flex items-center gap-3">
                      <label htmlFor={id} className="min-w-0 flex-1 text-sm">
                        <span className="font-semibold">{governorateName(g)}</span>
                        <span className="ms-2 text-xs text-muted">{g.code}</span>
                      </label>
                      <div className="relative w-36 shrink-0" dir="ltr">
                        <span className="pointer-events-none absolute inset-y-0 start-0 flex items-center ps-3 text-xs font-semibold text-muted">
                          {currencySymbol('EGP', i18n.language)}
                        </span>
                        <input
                          {...fieldProps(id, error)}
                          {...register(name, tidy(name))}
                          inputMode="decimal"
                          autoComplete="off"
                          dir="ltr"
                          className="field h-10 py-1.5 ps-12 text-end tabular-nums"
                        />
                      </div>
                    </div>
                    {error && (
                      <p id={`${id}-error`} className="mt-1 text-end text-xs font-medium text-rose">
                        {error}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </Section>

      <div className="fixed inset-x-0 bottom-0 z-10 border-t border-line/70 bg-white/95 backdrop-blur lg:start-60">
        <div className="mx-auto flex max-w-[1200px] items-center justify-end gap-3 px-4 py-3 sm:px-6 lg:px-8">
          {isDirty && (
            <span className="me-auto flex items-center gap-2 text-sm font-semibold text-amber-dark" role="status">
              <span className="h-2 w-2 rounded-full bg-honey" aria-hidden="true" />
              {t('settings.unsaved')}
            </span>
          )}
          {isDirty && (
            <button type="button" className="btn btn-ghost" onClick={() => reset(defaults)} disabled={isSubmitting}>
              {t('settings.reset')}
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
      </div>
    </form>
  );
}

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
