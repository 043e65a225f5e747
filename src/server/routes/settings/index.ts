import type { FastifyInstance } from 'fastify';
import { getSettings } from '../../repositories/settings-repository.js';
import type { PublicSettings } from '../../../shared/schemas/settings.js';

interface ShopSetting {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
}

export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/settings', async (): Promise<PublicSettings> => {
    const s = await getSettings(app.shop.db, ['shop', 'currency_rates', 'free_shipping_threshold']);
    const shop = (s.get('shop') ?? {}) as Partial<ShopSetting>;
    const rates = (s.get('currency_rates') ?? {}) as Partial<Record<'USD' | 'EUR' | 'GBP', number>>;
    const { config } = app.shop;
    return {
      shopName: shop.name ?? config.shopName,
      phone: shop.phone ?? config.shopPhone,
      whatsapp: shop.whatsapp ?? shop.phone ?? config.shopPhone,
      email: shop.email ?? '',
      address: shop.address ?? '',
      currencyRates: { EGP: 1, USD: rates.USD ?? 0, EUR: rates.EUR ?? 0, GBP: rates.GBP ?? 0 },
      freeShippingThreshold: Number(s.get('free_shipping_threshold') ?? 0),
    };
  });
}
