import { useTranslation } from '../../app/i18n-view';
import { useFormContext } from 'react-hook-form';
import type { SavedAddress } from '../../../shared/schemas/auth';
import type { FormValues } from './checkout-form';

/** A signed-in shopper's saved addresses as buttons; picking one fills the delivery fields. */
export function SavedAddresses({ addresses }: { addresses: SavedAddress[] }) {
  const { t } = useTranslation();
  const { watch, setValue, clearErrors } = useFormContext<FormValues>();
  const [address, city, governorate] = watch(['address', 'city', 'governorate']);
  const pick = (a: SavedAddress) => {
    const from = { fullName: a.name, phone: a.phone, governorate: a.governorate, city: a.city, address: a.address };
    for (const [k, v] of Object.entries(from)) setValue(k as keyof typeof from, v, { shouldDirty: true });
    clearErrors();
  };
  if (addresses.length === 0) return null;
  return (
    <div className="rounded-3xl bg-white p-5 shadow-soft sm:p-7">
      <p className="font-display text-2xl font-semibold">{t('checkout.savedAddresses')}</p>
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={t('checkout.savedAddresses')}>
        {addresses.map((a) => {
          const active = address === a.address && city === a.city && governorate === a.governorate;
          return (
            <button
              key={a.id}
              type="button"
              aria-pressed={active}
              onClick={() => pick(a)}
              className={`rounded-2xl border px-4 py-2.5 text-start text-sm ${active ? 'border-ink bg-ink text-ivory' : 'border-line bg-white hover:border-ink'}`}
            >
              <span className="block font-semibold">{a.label}</span>
              <span className={`block text-xs ${active ? 'text-ivory/80' : 'text-muted'}`}>
                {a.address}, {a.city}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
