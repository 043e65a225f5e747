import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadShopSettings } from '../../repositories/settings-repository.js';
import { saveSettings } from '../../services/settings-service.js';
import { requestContext } from '../../use-cases/use-case.js';
import { adminSettingsSchema } from '../../../shared/schemas/settings.js';

/** Shop settings for the merchant: details, currency rates, delivery fees. */
const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.shop;

  app.get('/api/admin/settings', { schema: { response: { 200: adminSettingsSchema } } }, async () => loadShopSettings(db, config));

  app.put('/api/admin/settings', { schema: { body: adminSettingsSchema, response: { 200: adminSettingsSchema } } }, async (request) => {
    await saveSettings(await requestContext(request), request.body);
    return loadShopSettings(db, config);
  });
};

export default adminSettingsRoutes;
