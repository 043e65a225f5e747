import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { keyIn } from '../../app/translation-keys';
import { failureOf } from '../../app/api-failure';
import { Checkbox, FormAlert, ShopFormProvider, TextInput, useShopForm, type ErrorText } from '../../components/form';
import { showToast } from '../../components/ui/toast';
import { currencySymbol } from '../../../shared/domain/currency';
import type { RiskRulesInput } from '../../../shared/schemas/risk';
import { Card, useCan } from '../admin';
import { useSaveRiskRulesMutation } from './api';
import { rulesFormSchema, toRulesForm, type RulesFormValues } from './rules-form';

/** Text for a stable error code: the risk page's words, then the shop-wide text of every API code. */
export function useRiskErrorText(): ErrorText {
  const { t } = useTranslation(['admin-orders', 'translation']);
  return useCallback(
    (code: string | undefined) =>
      code ? t([keyIn('admin-orders:risk.errors', code), keyIn('translation:apiErrors', code), 'admin-orders:risk.errors.generic']) : undefined,
    [t],
  );
}

/** The three rules that flag an order for review; read-only for a role without `risk.manage`. */
export function RulesCard({ rules }: { rules: RiskRulesInput }) {
  const { t, i18n } = useTranslation('admin-orders');
  const errorText = useRiskErrorText();
  const canManage = useCan('risk.manage');
  const [banner, setBanner] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveRiskRulesMutation();
  const shop = useShopForm<RulesFormValues, RiskRulesInput>({ schema: rulesFormSchema, idPrefix: 'risk', errorText, defaultValues: toRulesForm(rules) });
  const { reset } = shop.form;
  useEffect(() => reset(toRulesForm(rules)), [rules, reset]);

  const onValid = async (values: RiskRulesInput) => {
    setBanner(null);
    try {
      reset(toRulesForm(await save(values).unwrap()));
      showToast('success', t('risk.saved'));
    } catch (e) {
      const failure = failureOf(e);
      if (shop.applyServerErrors(failure.fields).length === 0) setBanner(errorText(failure.code) ?? null);
    }
  };

  return (
    <Card title={t('risk.rulesTitle')}>
      <p className="mb-4 text-sm text-muted">{t('risk.rulesLead')}</p>
      <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(onValid)} aria-label={t('risk.rulesTitle')}>
        {banner && <FormAlert className="mb-4">{banner}</FormAlert>}
        <fieldset disabled={!canManage} className="grid gap-4">
          <Checkbox name="flagRefusedBefore" label={t('risk.refusedBefore')} />
          <Checkbox name="flagRepeatWithinHour" label={t('risk.repeat')} />
          <TextInput
            name="flagTotalAbove"
            label={t('risk.totalAbove')}
            hint={t('risk.totalHint')}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            start={currencySymbol('EGP', i18n.language)}
            inputClassName="ps-12 text-end tabular-nums"
            className="max-w-xs"
          />
        </fieldset>
        {canManage ? (
          <button type="submit" disabled={isLoading} className="btn btn-primary mt-5 !py-2.5 text-sm disabled:opacity-60">
            {isLoading ? t('risk.saving') : t('risk.save')}
          </button>
        ) : (
          <p className="mt-4 text-sm text-muted">{t('risk.readOnly')}</p>
        )}
      </ShopFormProvider>
    </Card>
  );
}
