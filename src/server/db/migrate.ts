import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { Db } from './database.js';
import * as m001 from './migrations/001-catalogue.js';
import * as m002 from './migrations/002-orders.js';
import * as m003 from './migrations/003-blog-and-messages.js';
import * as m004 from './migrations/004-accounts-and-admin.js';
import * as m005 from './migrations/005-order-indexes.js';
import * as m006 from './migrations/006-attempt-limits.js';
import * as m007 from './migrations/007-order-search-and-daily-totals.js';
import * as m008 from './migrations/008-stored-files.js';
import * as m009 from './migrations/009-stock-version-sequence.js';
import * as m010 from './migrations/010-product-change-marks.js';
import * as m011 from './migrations/011-search-stats.js';
import * as m012 from './migrations/012-customer-language.js';
import * as m013 from './migrations/013-outbox.js';
import * as m014 from './migrations/014-cod-confirmation.js';
import * as m015 from './migrations/015-account-links.js';
import * as m016 from './migrations/016-outbox-lists.js';
import * as m017 from './migrations/017-rate-limits.js';
import * as m018 from './migrations/018-jobs.js';
import * as m019 from './migrations/019-payments.js';
import * as m020 from './migrations/020-promotions.js';
import * as m021 from './migrations/021-reviews.js';
import * as m022 from './migrations/022-staff-and-audit.js';
import * as m023 from './migrations/023-catalogue-import.js';
import * as m024 from './migrations/024-order-risk.js';
import * as m025 from './migrations/025-returns.js';
import * as m026 from './migrations/026-stock-alerts.js';
import * as m027 from './migrations/027-category-options.js';
import type { MigrationContext } from './migration-helpers.js';

type Step = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

/** Every migration in order; names are stable once released. */
const steps: Record<string, Step> = {
  '001-catalogue': m001,
  '002-orders': m002,
  '003-blog-and-messages': m003,
  '004-accounts-and-admin': m004,
  '005-order-indexes': m005,
  '006-attempt-limits': m006,
  '007-order-search-and-daily-totals': m007,
  '008-stored-files': m008,
  '009-stock-version-sequence': m009,
  '010-product-change-marks': m010,
  '011-search-stats': m011,
  '012-customer-language': m012,
  '013-outbox': m013,
  '014-cod-confirmation': m014,
  '015-account-links': m015,
  '016-outbox-lists': m016,
  '017-rate-limits': m017,
  '018-jobs': m018,
  '019-payments': m019,
  '020-promotions': m020,
  '021-reviews': m021,
  '022-staff-and-audit': m022,
  '023-catalogue-import': m023,
  '024-order-risk': m024,
  '025-returns': m025,
  '026-stock-alerts': m026,
  '027-category-options': m027,
};

/** Applies pending migrations; throws with the failing migration's error. */
export async function migrateToLatest({ db, dialect }: Db, options: { allowUnordered?: boolean } = {}): Promise<string[]> {
  const migrations: Record<string, Migration> = {};
  for (const [name, step] of Object.entries(steps)) {
    migrations[name] = { up: (k) => step.up(k, { dialect }) };
  }
  // Kysely looks for its bookkeeping tables in every schema unless told which: beside another
  // schema that has them (a parallel test run, another shop in the same database) it would skip
  // creating this schema's own and fail.
  const migrationTableSchema =
    dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  // `allowUnordered` is for tests that run one past migration again over a newer database.
  const migrator = new Migrator({
    db,
    migrationTableSchema,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: options.allowUnordered ?? false,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
