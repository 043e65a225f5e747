import { useState } from 'react';
import { useTranslation } from '../../app/i18n-view';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormAlert, ShopFormProvider, useShopForm } from '../../components/form';
import { adminProductSchema, productLanguages, type AdminProductInput, type ProductLanguage } from '../../../shared/schemas/admin-product';
import { ProductFormBar } from './product-form-bar';
import { ProductNamesSection } from './product-names-section';
import { ProductOrganisationSection } from './product-organisation-section';
import { ProductPricingSection } from './product-pricing-section';
import { ProductImagesSection, ProductStockSection } from './product-stock-section';
import { useErrorText } from './use-error-text';
import { useSaveProduct } from './use-save-product';

// Stock lives either on the product or on its variants: check only the one in use, so a grid
// left behind (or a stock figure under the grid) never blocks saving.
const schemaResolver = zodResolver(adminProductSchema) as unknown as Resolver<AdminProductInput>;
const resolver: Resolver<AdminProductInput> = (values, context, options) =>
  schemaResolver({ ...values, ...(values.hasVariants ? { stock: 0 } : { variants: [] }) }, context, options);

/** The language tab holding a name or description path (`name.ar` -> `ar`). */
const languageOf = (path: string) => /^(name|shortDescription|fullDescription)\.(en|ar|fr|de)$/.exec(path)?.[2] as ProductLanguage | undefined;

/** The product form: names, pictures and stock on the left; price and organisation on the right. */
export function ProductForm({ initial, id }: { initial: AdminProductInput; id?: number }) {
  const { i18n } = useTranslation('admin-catalog');
  // The merchant writes first in the language the admin is shown in.
  const [tab, setTab] = useState<ProductLanguage>(() =>
    (productLanguages as readonly string[]).includes(i18n.language) ? (i18n.language as ProductLanguage) : 'en',
  );
  const shop = useShopForm<AdminProductInput>({
    resolver,
    idPrefix: 'pf',
    errorText: useErrorText(),
    defaultValues: initial,
    // The first error may sit in a language tab not shown.
    reveal: (path) => {
      const lang = languageOf(path);
      if (lang) setTab(lang);
    },
  });
  const { onValid, banner, saving } = useSaveProduct(shop, id);

  return (
    <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(onValid)} className="pb-24">
      {banner && <FormAlert className="mb-4">{banner}</FormAlert>}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <ProductNamesSection tab={tab} onTab={setTab} />
          <ProductImagesSection />
          <ProductStockSection />
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <ProductPricingSection />
          <ProductOrganisationSection />
        </div>
      </div>
      <ProductFormBar id={id} saving={saving} />
    </ShopFormProvider>
  );
}
