/**
 * The shopper's answer to measurement (Google Analytics 4, Meta Pixel), kept in this browser's
 * storage (no cookie): until they accept, no measurement script loads (decision 047). The footer's
 * "Cookie settings" asks again (`askConsentAgain`); the consent feature shows the question.
 */
export type Consent = 'granted' | 'denied';

const KEY = 'nasma-consent';
/** The window event that asks for the banner again. */
export const ASK_CONSENT_EVENT = 'nasma:ask-consent';

export function storedConsent(): Consent | null {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

export function storeConsent(consent: Consent): void {
  try {
    localStorage.setItem(KEY, consent);
  } catch {
    /* storage disabled: the question comes back on the next page, and nothing loads meanwhile */
  }
}

export const askConsentAgain = (): void => {
  window.dispatchEvent(new Event(ASK_CONSENT_EVENT));
};
