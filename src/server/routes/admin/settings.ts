import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogChanged } from '../../services/admin-catalog-service.js';
import { loadShopSettings, saveShopSettings } from '../../repositories/settings-repository.js';
import { adminSettingsSchema } from '../../../shared/schemas/settings.js';

// The permission each route needs (decision 030): declared on the route, checked by one hook for all.
const read = { permission: 'settings.read' } as const;
const write = { permission: 'settings.write' } as const;

/** Shop settings for the merchant: details, currency rates, delivery fees. */
const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.shop;

  app.get('/api/admin/settings', { config: read, schema: { response: { 200: adminSettingsSchema } } }, async () => loadShopSettings(db, config));

  app.put('/api/admin/settings', { config: write, schema: { body: adminSettingsSchema, response: { 200: adminSettingsSchema } } }, async (request) => {
    await saveShopSettings(db, request.body);
    // The shop's name, phone and delivery fees are on every page: rendered pages go too.
    await catalogChanged(app.shop, 'settings');
    return loadShopSettings(db, config);
  });
};

export default adminSettingsRoutes;
