import type { FastifyInstance } from 'fastify';
import { loadShopSettings } from '../../repositories/settings-repository.js';
import type { PublicSettings } from '../../../shared/schemas/settings.js';

/**
 * The storefront's settings. Read from the database on every request and never cached (the
 * reply carries `no-cache`), so a change the merchant saves shows on the next page load.
 */
export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/settings', async (_request, reply): Promise<PublicSettings> => {
    const s = await loadShopSettings(app.shop.db, app.shop.config);
    reply.header('Cache-Control', 'no-cache');
    return {
      shopName: s.shopName,
      phone: s.phone,
      whatsapp: s.whatsapp,
      email: s.email,
      address: s.address,
      currencyRates: { EGP: 1, ...s.currencyRates },
      freeShippingThreshold: s.freeShippingThreshold,
      shippingFees: s.shippingFees,
    };
  });
}
