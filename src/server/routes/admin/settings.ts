import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadShopSettings } from '../../repositories/settings-repository.js';
import { saveSettings } from '../../use-cases/settings.js';
import { requestContext } from '../../use-cases/use-case.js';
import { adminSettingsSchema } from '../../../shared/schemas/settings.js';

// The permission each route needs (decision 030): declared on the route, checked by one hook for all.
const read = { permission: 'settings.read' } as const;
const write = { permission: 'settings.write' } as const;

/** Shop settings for the merchant: details, currency rates, delivery fees. */
const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.shop;

  app.get('/api/admin/settings', { config: read, schema: { response: { 200: adminSettingsSchema } } }, async () => loadShopSettings(db, config));

  app.put('/api/admin/settings', { config: write, schema: { body: adminSettingsSchema, response: { 200: adminSettingsSchema } } }, async (request) => {
    await saveSettings(await requestContext(request), request.body);
    return loadShopSettings(db, config);
  });
};

export default adminSettingsRoutes;
