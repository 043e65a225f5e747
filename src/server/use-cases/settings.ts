import type { AdminSettings } from '../../shared/schemas/settings.js';
import { saveShopSettings } from '../repositories/settings-repository.js';
import { inTransaction, type UseCaseContext } from './use-case.js';
import { audit } from './audit.js';

/** The merchant saves the shop's settings: the shop's name, phone and delivery fees are on every page, so rendered pages go too. */
export async function saveSettings(ctx: UseCaseContext, settings: AdminSettings): Promise<void> {
  const before = await ctx.shop.settings.current();
  await inTransaction(ctx, async (tx) => {
    await saveShopSettings(tx.trx, settings);
    await audit(tx, { kind: 'settings', action: 'updated', subjectId: null, label: 'shop', before, after: settings });
    tx.after.contentChanged('settings');
  });
}
