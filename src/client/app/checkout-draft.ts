// The checkout page keeps its draft here and the cart's shipping estimate reads and sets its
// governorate: the draft sits below both features, so neither imports the other.
import type { Customer } from '../../shared/schemas/checkout';

/** What the shopper has typed into the checkout form, every field as text. */
export type FormValues = Record<keyof Customer, string>;

const FORM_KEY = 'checkout-form';
export const emptyForm: FormValues = { fullName: '', phone: '', email: '', governorate: '', city: '', address: '', notes: '' };

/** The typed checkout form survives a reload or a trip back to the cart (this tab only). */
export function loadForm(): FormValues {
  try {
    return { ...emptyForm, ...(JSON.parse(sessionStorage.getItem(FORM_KEY) ?? '{}') as Partial<FormValues>) };
  } catch {
    return emptyForm;
  }
}

export function saveForm(values: FormValues): void {
  try {
    sessionStorage.setItem(FORM_KEY, JSON.stringify(values));
  } catch {
    /* private mode with storage off: the form still works, it just is not kept */
  }
}

export function forgetForm(): void {
  sessionStorage.removeItem(FORM_KEY);
}

/** The governorate chosen in the cart's shipping estimate is the checkout's starting value. */
export function saveGovernorate(code: string): void {
  saveForm({ ...loadForm(), governorate: code });
}
