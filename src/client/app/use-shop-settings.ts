import { api, useGetSettingsQuery } from './api';
import type { PublicSettings } from '../../shared/schemas/settings';

/** Used until the settings arrive, so the shell never waits on them. */
const fallback: PublicSettings = {
  shopName: 'Nasma',
  phone: '+20 100 555 0123',
  whatsapp: '+20 100 555 0123',
  email: 'hello@nasma.eg',
  address: 'Cairo, Egypt',
  currencyRates: { EGP: 1, USD: 0, EUR: 0, GBP: 0 },
  freeShippingThreshold: 150000,
  shippingFees: {},
  paymentMethods: ['cod'],
  measurement: { ga4Id: '', metaPixelId: '' },
};

/**
 * Asks for the shop's settings and keeps them in the store while the calling layout is shown: each
 * layout calls it once (the storefront's RootLayout, the admin's frame), and returns them.
 */
export function useShopSettingsSubscription(): PublicSettings {
  const { data } = useGetSettingsQuery();
  return data ?? fallback;
}

/**
 * The shop's public settings (name, phone, rates); edited by the merchant in the admin area. Read
 * from the store, where the layout's subscription keeps them: a component that shows a phone
 * number or a price starts no query of its own (a page holds a dozen of them, and on the server
 * each subscription is one more dispatch through the store while the page renders).
 */
export function useShopSettings(): PublicSettings {
  const { data } = api.endpoints.getSettings.useQueryState();
  return data ?? fallback;
}
