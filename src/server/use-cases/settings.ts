import type { AdminSettings } from '../../shared/schemas/settings.js';
import { saveShopSettings } from '../repositories/settings-repository.js';
import { inTransaction, type UseCaseContext } from './use-case.js';

/** The merchant saves the shop's settings: the shop's name, phone and delivery fees are on every page, so rendered pages go too. */
export async function saveSettings(ctx: UseCaseContext, settings: AdminSettings): Promise<void> {
  await inTransaction(ctx, async ({ trx, after }) => {
    await saveShopSettings(trx, settings);
    after.contentChanged('settings');
  });
}
