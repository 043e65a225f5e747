import type { FastifyInstance } from 'fastify';
import { parseOr400 } from '../../errors.js';
import { catalogChanged } from '../../services/admin-catalog-service.js';
import { loadShopSettings, saveShopSettings } from '../../repositories/settings-repository.js';
import { adminSettingsSchema, type AdminSettings } from '../../../shared/schemas/settings.js';

/** Shop settings for the merchant: details, currency rates, delivery fees. */
export default async function adminSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.shop;

  app.get('/api/admin/settings', async (): Promise<AdminSettings> => loadShopSettings(db, config));

  app.put('/api/admin/settings', async (request): Promise<AdminSettings> => {
    const settings = parseOr400(adminSettingsSchema, request.body);
    await saveShopSettings(db, settings);
    // The shop's name, phone and delivery fees are on every page: rendered pages go too.
    await catalogChanged(app.shop);
    return loadShopSettings(db, config);
  });
}
