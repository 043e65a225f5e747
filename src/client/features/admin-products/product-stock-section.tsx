import { useTranslation } from '../../app/i18n-view';
import { Controller, useFormContext } from 'react-hook-form';
import { Card } from '../admin';
import { FieldError, TextInput, useFieldProps } from '../../components/form';
import type { AdminProductInput } from '../../../shared/schemas/admin-product';
import { ImageManager } from './image-manager';
import { InventoryEditor } from './inventory-editor';

/** The product's pictures, uploaded and ordered by the image manager. */
export function ProductImagesSection() {
  const { t } = useTranslation('admin-catalog');
  const { control, getValues } = useFormContext<AdminProductInput>();
  const { id, error } = useFieldProps('images');
  return (
    <Card title={t('images.section')}>
      <Controller
        control={control}
        name="images"
        render={({ field }) => (
          <ImageManager
            id={id}
            value={field.value}
            onChange={field.onChange}
            getValue={() => getValues('images')}
            error={error}
            describedBy={error ? `${id}-error` : undefined}
          />
        )}
      />
      <FieldError id={id} error={error} className="mt-2 text-sm" />
    </Card>
  );
}

/** SKU and stock: one figure, or a grid of colours and sizes. */
export function ProductStockSection() {
  const { t } = useTranslation('admin-catalog');
  return (
    <Card title={t('inventory.section')}>
      <div className="flex min-w-0 flex-col gap-5">
        <TextInput
          name="sku"
          label={t('inventory.sku')}
          hint={t('inventory.skuHint')}
          className="max-w-sm"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          inputClassName="font-mono text-sm uppercase"
        />
        <InventoryEditor />
      </div>
    </Card>
  );
}
