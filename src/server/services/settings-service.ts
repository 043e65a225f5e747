import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AdminSettings } from '../../shared/schemas/settings.js';
import { loadShopSettings } from '../repositories/settings-repository.js';
import type { CatalogService } from './catalog-service.js';

/**
 * The merchant's settings as this process last read them, kept per content version: every
 * settings write bumps that version (use-cases/settings.ts), so a change shows here at once when made
 * in this process and, like the catalogue, within a second when made in another (decision 017).
 * Checkout reads its delivery fees from here instead of querying them once per order.
 */
export class ShopSettingsService {
  private kept: { version: number; settings: Promise<AdminSettings> } | null = null;
  /** The settings last read, for what cannot wait for a read (the security headers); null before the first. */
  lastRead: AdminSettings | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalog: CatalogService,
    private readonly defaults: { shopName: string; shopPhone: string },
  ) {}

  async current(): Promise<AdminSettings> {
    // The version is read before the settings, so settings read under an old version are at worst
    // newer than that version, never older than the one they are kept under.
    const version = await this.catalog.currentVersion();
    if (this.kept?.version !== version) {
      const settings = loadShopSettings(this.db, this.defaults);
      const kept = { version, settings };
      this.kept = kept;
      // A failed read is not kept: the next request tries again.
      settings.then(
        (read) => {
          if (this.kept === kept) this.lastRead = read;
        },
        () => {
          if (this.kept === kept) this.kept = null;
        },
      );
    }
    return this.kept.settings;
  }
}
