import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useStore } from 'react-redux';
import { useShopSettings } from '../../app/use-shop-settings';
import { ASK_CONSENT_EVENT, storedConsent, storeConsent, type Consent } from '../../app/consent';

const ConsentBanner = lazy(() => import('./consent-banner'));
/** The measurement scripts' loader: its own chunk, fetched only once the shopper accepted. */
const measurement = () => import('./measurement');

/**
 * Asks the shopper about measurement when the merchant has set a GA4 or Meta Pixel ID, and starts
 * it only once they accept (decision 047). Nothing of it is on the server's page, which every
 * shopper shares: the question is the browser's, once the page is live.
 */
export function ConsentGate() {
  const { measurement: ids } = useShopSettings();
  const wanted = Boolean(ids.ga4Id || ids.metaPixelId);
  const store = useStore();
  const { pathname } = useLocation();
  // Undefined until read in the browser, after hydration.
  const [consent, setConsent] = useState<Consent | null | undefined>(undefined);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    setConsent(storedConsent());
    const ask = () => setAsking(true);
    window.addEventListener(ASK_CONSENT_EVENT, ask);
    return () => window.removeEventListener(ASK_CONSENT_EVENT, ask);
  }, []);

  useEffect(() => {
    if (wanted && consent === 'granted') void measurement().then((m) => m.startMeasurement(ids, store.getState).pageShown(pathname));
  }, [wanted, consent, ids, store, pathname]);

  const choose = (choice: Consent) => {
    const withdrawn = consent === 'granted' && choice === 'denied';
    storeConsent(choice);
    setAsking(false);
    setConsent(choice);
    // The scripts already running leave with their cookies and the page they run in.
    if (withdrawn) void measurement().then((m) => m.forgetMeasurement());
  };

  if (!wanted || consent === undefined || (consent !== null && !asking)) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner onChoose={choose} />
    </Suspense>
  );
}
