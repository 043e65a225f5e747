import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadShopSettings } from '../../repositories/settings-repository.js';
import { publicSettingsSchema } from '../../../shared/schemas/settings.js';

/**
 * The storefront's settings. Read from the database on every request and never cached (the
 * reply carries `no-cache`), so a change the merchant saves shows on the next page load.
 */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/settings', { schema: { response: { 200: publicSettingsSchema } } }, async (_request, reply) => {
    const s = await loadShopSettings(app.shop.db, app.shop.config);
    reply.header('Cache-Control', 'no-cache');
    return {
      shopName: s.shopName,
      phone: s.phone,
      whatsapp: s.whatsapp,
      email: s.email,
      address: s.address,
      currencyRates: { EGP: 1 as const, ...s.currencyRates },
      freeShippingThreshold: s.freeShippingThreshold,
      shippingFees: s.shippingFees,
    };
  });
};

export default settingsRoutes;
