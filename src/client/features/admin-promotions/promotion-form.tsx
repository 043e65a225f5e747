import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { FormAlert, ShopFormProvider, useShopForm } from '../../components/form';
import { showToast } from '../../components/ui/toast';
import type { AdminPromotion, AdminPromotionDetail } from '../../../shared/schemas/promotion';
import { failureOf, useSaveAdminPromotionMutation } from './api';
import { CombiningSection, ConditionsSection } from './conditions-section';
import { promotionName } from './format';
import { promotionResolver, type PromotionFormValues } from './form-values';
import { CodeSection, DiscountSection, NamesSection } from './offer-sections';
import { DeleteCard, StatusCard, UsageCard } from './promotion-side';
import { ScopeSection } from './scope-section';
import { useErrorText } from './use-error-text';

/** The bar pinned under the form: cancel, and save (or create). */
function FormBar({ editing, saving }: { editing: boolean; saving: boolean }) {
  const { t } = useTranslation('admin-promotions');
  const { t: ta } = useTranslation('admin');
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 border-t border-line/70 bg-white/95 backdrop-blur lg:start-60">
      <div className="mx-auto flex max-w-[1200px] items-center justify-end gap-2 px-4 py-3 sm:px-6 lg:px-8">
        <Link to="/admin/promotions" className="btn btn-ghost h-10 px-5 py-0 text-sm">
          {ta('common.cancel')}
        </Link>
        <button type="submit" disabled={saving} className="btn btn-primary h-10 px-6 py-0 text-sm">
          {saving ? ta('common.saving') : editing ? ta('common.save') : t('form.create')}
        </button>
      </div>
    </div>
  );
}

/**
 * The promotion form: what the offer is on the left (name, code, discount, scope, conditions,
 * combining); its status, usage report and deletion on the right. A refusal keeps every typed
 * value, with the server's field codes beside their fields.
 */
export function PromotionForm({ initial, saved }: { initial: PromotionFormValues; saved?: AdminPromotionDetail }) {
  const { t, i18n } = useTranslation('admin-promotions');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [banner, setBanner] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveAdminPromotionMutation();
  const shop = useShopForm<PromotionFormValues, AdminPromotion>({ resolver: promotionResolver, idPrefix: 'promo', errorText, defaultValues: initial });

  const onValid = async (body: AdminPromotion) => {
    setBanner(null);
    try {
      await save({ id: saved?.id, body }).unwrap();
      showToast(
        'success',
        t(saved ? 'form.updated' : 'form.created', {
          name: promotionName({ ...body.names, fr: body.names.fr ?? null, de: body.names.de ?? null }, i18n.language),
        }),
      );
      void navigate('/admin/promotions');
    } catch (e) {
      const failure = failureOf(e);
      const placed = shop.applyServerErrors(failure.fields);
      if (placed.length === 0) setBanner(errorText(failure.code) ?? null);
      showToast('error', errorText(placed.length ? 'validation' : failure.code) ?? '');
    }
  };

  return (
    <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(onValid)} className="pb-24">
      {banner && <FormAlert className="mb-4">{banner}</FormAlert>}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <NamesSection />
          <CodeSection />
          <DiscountSection />
          <ScopeSection />
          <ConditionsSection />
          <CombiningSection />
        </div>
        {/* A saved offer's status and figures come first on a phone: that is what the merchant opens it for. */}
        <div className={`flex min-w-0 flex-col gap-5 ${saved ? 'order-first lg:order-none' : ''}`}>
          <StatusCard p={saved} />
          {saved && <UsageCard p={saved} />}
          {saved && <DeleteCard p={saved} />}
        </div>
      </div>
      <FormBar editing={Boolean(saved)} saving={isLoading} />
    </ShopFormProvider>
  );
}
