import { errorKeys, failureOf } from '../../app/api-failure';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { AdminPage, LoadFailed } from '../admin';
import { ShopFormProvider, useShopForm } from '../../components/form';
import { useAppDispatch } from '../../app/hooks';
import { showToast } from '../../components/ui/toast';
import type { AdminSettings } from '../../../shared/schemas/settings';
import { refreshSettings, useGetAdminSettingsQuery, useSaveAdminSettingsMutation } from './api';
import { settingsFormSchema, toFormValues, type SettingsFormValues } from './settings-form';
import { CurrencySection, DeliverySection, MeasurementSection, ShopSection } from './settings-sections';

/** `/admin/settings`: shop details, currency rates and delivery fees in one form. */
export default function SettingsPage() {
  const { t } = useTranslation(['admin-dash', 'admin', 'translation']);
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

/** The settings form: checked by the server's schema, saved whole, reset to what is stored. */
function SettingsForm({ initial }: { initial: AdminSettings }) {
  const { t } = useTranslation(['admin-dash', 'translation']);
  const dispatch = useAppDispatch();
  const defaults = useMemo(() => toFormValues(initial), [initial]);
  const errorText = useCallback((code: string | undefined) => (code ? t(`errors.${code}`, { defaultValue: t('errors.invalid') }) : undefined), [t]);
  const shop = useShopForm<SettingsFormValues, AdminSettings>({
    schema: settingsFormSchema,
    idPrefix: 'settings',
    errorText,
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { reset } = shop.form;
  const { isDirty, isSubmitting } = shop.form.formState;
  const [save] = useSaveAdminSettingsMutation();

  const onSave = async (values: AdminSettings) => {
    try {
      const saved = await save(values).unwrap();
      reset(toFormValues(saved));
      refreshSettings(dispatch, saved);
      showToast('success', t('settings.saved'));
    } catch (err) {
      const failure = failureOf(err);
      if (failure.code === 'validation') {
        shop.applyServerErrors(failure.fields);
        showToast('error', t('settings.fixErrors'));
      } else {
        showToast('error', t(errorKeys(failure.code, 'admin-dash:errors')));
      }
    }
  };

  return (
    <ShopFormProvider
      shop={shop}
      onSubmit={shop.handleSubmit(onSave, () => showToast('error', t('settings.fixErrors')))}
      className="grid grid-cols-1 gap-5 pb-24 [&_input]:scroll-mt-28"
    >
      <ShopSection />
      <CurrencySection />
      <DeliverySection />
      <MeasurementSection />
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
    </ShopFormProvider>
  );
}
