import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { useAppSelector } from '../../app/hooks';
import { Seo } from '../../components/ui/seo';
import { ShopFormProvider, useShopForm, type ShopForm } from '../../components/form';
import { useGetAddressesQuery } from '../account';
import type { FieldName, FormValues } from './checkout-form';
import { CheckoutAlert } from './checkout-alert';
import { CheckoutSummary } from './checkout-summary';
import { ContactSection } from './contact-section';
import { DeliverySection } from './delivery-section';
import { PaymentSection } from './payment-section';
import { emptyForm, loadForm, saveForm } from '../../app/checkout-draft';
import { usePlaceOrder } from './use-place-order';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import EmptyCheckoutPanel from './empty-checkout';

/** Puts `values` into the fields still empty: nothing the shopper already typed is overwritten. */
function fillEmpty(form: ShopForm<FormValues, FormValues>['form'], values: Partial<FormValues>): void {
  for (const [k, value] of Object.entries(values) as Array<[FieldName, string]>) if (value && !form.getValues(k)) form.setValue(k, value);
}

/**
 * A signed-in shopper starts from the default saved address (or the profile); only empty fields
 * are filled, so nothing already typed is overwritten. Returns the saved addresses.
 */
function usePrefill(shop: ShopForm<FormValues, FormValues>) {
  const user = useAppSelector((s) => s.user.user);
  const { data: saved, isError: addressesFailed } = useGetAddressesQuery(undefined, { skip: !user });
  const prefilled = useRef(false);
  const { form } = shop;
  useEffect(() => {
    if (!user || prefilled.current || (!saved && !addressesFailed)) return;
    prefilled.current = true;
    const def = saved?.items.find((a) => a.isDefault) ?? saved?.items[0];
    const from: Partial<FormValues> = {
      fullName: def?.name ?? user.name,
      phone: def?.phone ?? user.phone ?? '',
      email: user.email,
      ...(def ? { governorate: def.governorate, city: def.city, address: def.address } : {}),
    };
    fillEmpty(form, from);
  }, [user, saved, addressesFailed, form]);
  return saved?.items ?? [];
}

/**
 * The draft kept in this tab fills the fields the page did not bring (after hydration: the server's
 * render cannot see it, and the first render must equal the server's).
 */
function useDraft(shop: ShopForm<FormValues, FormValues>, brought: boolean) {
  const { form } = shop;
  useLayoutEffect(() => {
    if (!brought) fillEmpty(form, loadForm());
  }, [brought, form]);
}

/** Placed and paid online: the page on the way to Paymob's (its own script: a cash order never needs it). */
const LeavingForPayment = lazy(() => import('./leaving-for-payment'));
/** A signed-in shopper's saved addresses (its own script: a guest has none). */
const SavedAddresses = lazy(async () => ({ default: (await import('./saved-addresses')).SavedAddresses }));

/**
 * The form's checks, zod's and the server's own schema: not in the page's first script (issue 17);
 * fetched when the shopper enters the form, and a check made before waits for it.
 */
const loadCheckoutSchema = async () => (await import('../../../shared/schemas/checkout')).checkoutFormSchema as never;

/**
 * `/checkout`: contact, delivery and payment beside the order summary. What is typed is kept for
 * this tab. The server renders it from the cart cookie, and the form also posts without scripts
 * (`POST /checkout`, decision 025): a refusal comes back as this page with the values as typed.
 * Payment: cash on delivery, or one of the online methods the shop offers (issue 29).
 */
export default function CheckoutPage() {
  const { t } = useTranslation();
  const items = useAppSelector((s) => s.cart.cartItems);
  const submission = useAppSelector((s) => s.checkout);
  const [initial] = useState((): FormValues => ({ ...emptyForm, ...submission.values, paymentMethod: 'cod' }));
  // The server's field codes of a refused post, as the form's first errors (a stable object).
  const [errors] = useState(() => Object.fromEntries(Object.entries(submission.fields).map(([path, code]) => [path, { type: 'server', message: code }])));
  // Values as typed go to the server, which normalises them with the same schema.
  const shop = useShopForm<FormValues>({
    schema: loadCheckoutSchema,
    raw: true,
    idPrefix: 'checkout',
    defaultValues: initial,
    ...(Object.keys(errors).length ? { errors } : {}),
    onDraft: saveForm,
  });
  useDraft(shop, submission.values !== null);
  const saved = usePrefill(shop);
  const { place, placing, problems, failure, alertRef, leaving } = usePlaceOrder(items, shop, submission);

  if (leaving)
    return (
      <Suspense fallback={null}>
        <LeavingForPayment placed={leaving} />
      </Suspense>
    );
  if (items.length === 0 && problems.length === 0) return <EmptyCheckoutPanel />;

  return (
    <div className="container-shop py-10">
      <Seo titleTemplate={t('meta.checkout')} />
      <Breadcrumb trail={[{ label: t('nav.cart'), to: '/cart' }, { label: t('nav.checkout') }]} />
      <h1 className="mt-3 font-display text-4xl font-semibold sm:text-5xl">{t('checkout.title')}</h1>

      <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(place)} method="post" action="/checkout" className="mt-8 grid gap-8 lg:grid-cols-[1fr_400px]">
        {submission.key && <input type="hidden" name="key" value={submission.key} />}
        <div className="flex flex-col gap-6">
          <CheckoutAlert ref={alertRef} failure={failure} problems={problems} />
          {saved.length > 0 && (
            <Suspense fallback={null}>
              <SavedAddresses addresses={saved} />
            </Suspense>
          )}
          <ContactSection />
          <DeliverySection />
          <PaymentSection />
        </div>
        <CheckoutSummary items={items} placing={placing} />
      </ShopFormProvider>
    </div>
  );
}
