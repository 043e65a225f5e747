import { errorKeys, failureOf } from '../../app/api-failure';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n-view';
import type { FieldValues } from 'react-hook-form';
import type { ShopForm } from '../../components/form';

/**
 * The submit handler of an account form: runs `action` with the valid values; a failure puts the
 * server's field codes beside the fields, or else a translated message in `alert`.
 */
export function useServerSubmit<T extends FieldValues, TOut>(shop: ShopForm<T, TOut>, action: (values: TOut) => Promise<unknown>) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const submit = shop.handleSubmit(async (values) => {
    setAlert(null);
    try {
      await action(values);
    } catch (err) {
      const f = failureOf(err);
      if (shop.applyServerErrors(f.fields).length === 0) setAlert(t(errorKeys(f.code, 'auth.errors')));
    }
  });
  return { alert, submit };
}
