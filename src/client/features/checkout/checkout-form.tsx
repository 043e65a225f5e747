import type { ReactNode } from 'react';
import type { PaymentMethod } from '../../../shared/domain/payments';

export type FieldName = 'fullName' | 'phone' | 'email' | 'governorate' | 'city' | 'address' | 'notes';
/** What the checkout form holds: the customer's fields as typed, and the payment method. */
export type FormValues = Record<FieldName, string> & { paymentMethod?: PaymentMethod };

/** One white card of the checkout form with its legend. */
export function CheckoutSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-3xl bg-white p-5 shadow-soft sm:p-7 [&>legend+*]:clear-both">
      <legend className="float-start mb-5 w-full font-display text-2xl font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}
