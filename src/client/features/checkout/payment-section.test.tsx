// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nProvider } from '../../app/i18n-view';
import { Translator } from '../../../shared/i18n/translator';
import { makeStore } from '../../app/store';
import { api } from '../../app/api';
import { ShopFormProvider, useShopForm } from '../../components/form';
import { checkoutFormSchema } from '../../../shared/schemas/checkout';
import type { PaymentMethod } from '../../../shared/domain/payments';
import { testSettings } from '../../../shared/domain/test-products';
import type { PublicSettings } from '../../../shared/schemas/settings';
import en from '../../../../public/locales/en/translation.json';
import type { FormValues } from './checkout-form';
import { ContactSection } from './contact-section';
import { PaymentSection } from './payment-section';
import { CheckoutSummary } from './checkout-summary';

const i18n = new Translator({ lng: 'en', resources: { en: { translation: en } } });
afterEach(cleanup);

const settings = (paymentMethods: PaymentMethod[]): PublicSettings => ({ ...testSettings, paymentMethods });

const customer = { fullName: 'Mona Adel', phone: '01005550123', email: '', governorate: 'CAI', city: 'Maadi', address: '12 Street 9, flat 4', notes: '' };

function Checkout({ start, onValid }: { start: PaymentMethod; onValid: (v: FormValues) => void }) {
  const shop = useShopForm<FormValues>({
    schema: checkoutFormSchema as never,
    raw: true,
    idPrefix: 'checkout',
    defaultValues: { ...customer, paymentMethod: start },
  });
  return (
    <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(onValid)}>
      <ContactSection />
      <PaymentSection />
      <CheckoutSummary items={[]} placing={false} />
    </ShopFormProvider>
  );
}

/** The checkout's contact, payment and summary in a shop that offers these ways to pay. */
async function renderCheckout(methods: PaymentMethod[], start: PaymentMethod = 'cod') {
  const { store } = makeStore();
  await store.dispatch(api.util.upsertQueryData('getSettings', undefined, settings(methods)));
  // The summary quotes with the shop's running offers (the promotions feature's endpoint): none here.
  await store.dispatch(api.util.upsertQueryData('getOffers' as never, { lng: 'en' } as never, { items: [] } as never));
  const sent: FormValues[] = [];
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <Checkout start={start} onValid={(v) => sent.push(v)} />
      </I18nProvider>
    </Provider>,
  );
  return sent;
}

const group = () => screen.getByRole('group', { name: 'Payment' });
const radios = () => within(group()).getAllByRole('radio');
const emailAside = () => document.getElementById('checkout-email-hint')?.textContent;

describe('PaymentSection', () => {
  it('offers cash on delivery alone when the shop takes no online payment, as before', async () => {
    await renderCheckout(['cod']);
    expect(radios().map((r) => r.getAttribute('value'))).toEqual(['cod']);
    const cod = screen.getByRole('radio', { name: 'Cash on delivery' });
    expect(cod).toHaveProperty('checked', true);
    expect(cod.getAttribute('name')).toBe('paymentMethod');
    expect(cod.getAttribute('aria-describedby') && document.getElementById(cod.getAttribute('aria-describedby')!)?.textContent).toBe(en.checkout.codText);
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
    expect(emailAside()).toBe('Optional');
    expect(screen.queryByTestId('online-note')).toBeNull();
  });

  it('offers every configured method, cash on delivery first, each with its line of explanation', async () => {
    await renderCheckout(['cod', 'card', 'wallet', 'kiosk']);
    const names = ['Cash on delivery', 'Card', 'Mobile wallet', 'Pay at a kiosk (Aman)'];
    expect(radios().map((r) => r.getAttribute('value'))).toEqual(['cod', 'card', 'wallet', 'kiosk']);
    for (const [name, text] of [
      [names[0], en.checkout.codText],
      [names[1], en.checkout.cardText],
      [names[2], en.checkout.walletText],
      [names[3], en.checkout.kioskText],
    ] as const) {
      const radio = screen.getByRole('radio', { name });
      expect(document.getElementById(radio.getAttribute('aria-describedby')!)?.textContent).toBe(text);
    }
    expect(en.checkout.cardText).toBe("Visa, Mastercard or Meeza, on Paymob's secure page.");
  });

  it('offers only the online methods the shop has', async () => {
    await renderCheckout(['cod', 'kiosk']);
    expect(radios().map((r) => r.getAttribute('value'))).toEqual(['cod', 'kiosk']);
    expect(screen.queryByRole('radio', { name: 'Card' })).toBeNull();
  });

  it('turns the button into "Continue to payment" and asks for the e-mail when an online method is chosen', async () => {
    await renderCheckout(['cod', 'card', 'wallet']);
    fireEvent.click(screen.getByRole('radio', { name: 'Mobile wallet' }));
    await screen.findByRole('button', { name: 'Continue to payment' });
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
    expect(emailAside()).toBe('Required to pay online');
    expect(screen.getByLabelText('Email').getAttribute('aria-required')).toBe('true');
    expect(screen.getByTestId('online-note').textContent).toBe(en.checkout.onlineNote);
    expect(screen.getByText(en.checkout.termsOnline)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Cash on delivery' }));
    await screen.findByRole('button', { name: 'Place order' });
    expect(emailAside()).toBe('Optional');
    expect(screen.getByLabelText('Email').getAttribute('aria-required')).toBeNull();
  });

  it('refuses an online payment without an e-mail, beside the field, and sends it with one', async () => {
    const sent = await renderCheckout(['cod', 'card']);
    fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect((await screen.findByTestId('error-email')).textContent).toBe(en.validation.email_required_online);
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'mona@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(sent).toMatchObject([{ email: 'mona@example.com', paymentMethod: 'card' }]));
  });

  it('places a cash order without an e-mail', async () => {
    const sent = await renderCheckout(['cod', 'card']);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(sent).toMatchObject([{ email: '', paymentMethod: 'cod' }]));
  });

  it('falls back to cash on delivery when the method the form starts with is not offered', async () => {
    await renderCheckout(['cod'], 'card');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Cash on delivery' })).toHaveProperty('checked', true));
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
  });
});
