import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../app/hooks';

const Note = lazy(() => import('./charged-in-egp'));

/**
 * The "charged in EGP" note (charged-in-egp.tsx) where a total is shown: nothing while prices are
 * in EGP, as on every first render (the stored currency comes back after the page is live), so its
 * script loads only for a shopper who chose another currency.
 */
export function ChargedInEgp({ piastres }: { piastres: number }) {
  const currency = useAppSelector((s) => s.currency.currencyName);
  if (currency === 'EGP') return null;
  return (
    <Suspense fallback={null}>
      <Note piastres={piastres} />
    </Suspense>
  );
}
