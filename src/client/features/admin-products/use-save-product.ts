import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { showToast } from '../../components/ui/toast';
import type { ShopForm } from '../../components/form';
import type { AdminProductInput, CurrentStock, ProductLanguage } from '../../../shared/schemas/admin-product';
import { failureOf, useSaveAdminProductMutation } from './api';
import { useErrorText } from './use-error-text';
import { keyIn } from '../../app/translation-keys';

/** A product's name in the admin's language, or in English where that one is empty. */
export const nameIn = (names: { en: string } & Partial<Record<ProductLanguage, string>>, lng: string): string => names[lng as ProductLanguage] || names.en;

/**
 * Saves the product form. A refusal keeps every typed value: field codes go beside their fields;
 * a stock figure moved by sales since the form opened is learnt and named in the banner.
 */
export function useSaveProduct(shop: ShopForm<AdminProductInput, AdminProductInput>, id?: number) {
  const { t, i18n } = useTranslation(['admin-catalog', 'translation']);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [banner, setBanner] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveAdminProductMutation();
  const { setValue, getValues } = shop.form;

  /** Sales moved the stock while the form was open: learn the current figures (so saving again applies the merchant's on purpose) and say what they are. */
  const stockMoved = (current: CurrentStock | undefined) => {
    if (!current) return setBanner(errorText('product_changed') ?? null);
    setValue('stockSeen', current.stock);
    getValues('variants').forEach((v, i) => {
      const now = current.variants.find((c) => c.color === v.color && c.size === v.size);
      if (now) setValue(`variants.${i}.stockSeen`, now.stock);
    });
    const figures = getValues('hasVariants')
      ? current.variants
          .map(
            (v) =>
              `${[v.color && t(keyIn('translation:colors', v.color)), v.size && t(keyIn('translation:sizes', v.size))].filter(Boolean).join(' / ')}: ${v.stock}`,
          )
          .join(' · ')
      : String(current.stock);
    setBanner(`${errorText('product_changed') ?? ''} ${t('form.stockNow', { figures })}`);
  };

  const onValid = async (values: AdminProductInput) => {
    setBanner(null);
    const body: AdminProductInput = { ...values, stock: values.hasVariants ? 0 : values.stock, variants: values.hasVariants ? values.variants : [] };
    try {
      await save({ id, body }).unwrap();
      showToast('success', t(id ? 'form.updated' : 'form.created', { name: nameIn(values.name, i18n.language) }));
      void navigate('/admin/products');
    } catch (e) {
      const failure = failureOf(e);
      if (failure.code === 'product_changed') {
        stockMoved((failure.details as { current?: CurrentStock } | undefined)?.current);
        showToast('error', errorText('product_changed') ?? '');
        window.scrollTo({ top: 0, behavior: 'smooth' });
        return;
      }
      // Each picture's error belongs to the picture list.
      const placed = shop.applyServerErrors(failure.fields, (path) => (/^images\.\d+$/.test(path) ? 'images' : path));
      if (placed.length === 0) setBanner(errorText(failure.code) ?? null);
      showToast('error', errorText(placed.length ? 'validation' : failure.code) ?? '');
    }
  };

  return { onValid, banner, saving: isLoading };
}
