import { useGetSettingsQuery } from './api';
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
};

/** The shop's public settings (name, phone, rates); edited by the merchant in the admin area. */
export function useShopSettings(): PublicSettings {
  const { data } = useGetSettingsQuery();
  return data ?? fallback;
}
