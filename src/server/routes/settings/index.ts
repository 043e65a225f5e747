import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettingsSchema } from '../../../shared/schemas/settings.js';
import { offeredMethods } from '../../use-cases/payments.js';

/**
 * The storefront's settings, as kept per content version (ShopSettingsService). The reply carries
 * `no-cache`, so a change the merchant saves shows on the next page load.
 */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/settings', { schema: { response: { 200: publicSettingsSchema } } }, async (_request, reply) => {
    const s = await app.shop.settings.current();
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
      paymentMethods: offeredMethods(app.shop),
      measurement: s.measurement,
    };
  });
};

export default settingsRoutes;
