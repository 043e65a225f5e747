/**
 * `npm run pictures:import`: copies the pictures on this machine's disk (UPLOAD_DIR and IMAGE_DIR)
 * into the store the shop is configured with (the PostgreSQL database, or the S3 bucket when S3_*
 * is set), for a shop moving from one process to several (decision 015). Uses DATABASE_URL and
 * the S3_* settings like the server; keys already stored are kept, so it can run again.
 */
import { loadConfigOrExit } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createPictureStore } from '../storage/index.js';
import { importPictures } from '../storage/import-pictures.js';

const config = loadConfigOrExit();
const db = await openDatabase(config.databaseUrl, { pgSchema: config.pgSchema });
const store = createPictureStore(config, db);
try {
  if (store.kind === 'disk') {
    console.error('This shop keeps its pictures on this disk already (SQLite without S3_*): there is nothing to import.');
    process.exitCode = 2;
  } else {
    await migrateToLatest(db);
    const outcome = await importPictures({ uploadDir: config.uploadDir, imageDir: config.imageDir }, store);
    const pictures = (n: number) => `${n} picture${n === 1 ? '' : 's'}`;
    console.log(
      `Copied ${pictures(outcome.copied)} into the ${store.kind === 's3' ? 'S3 bucket' : 'database'}; ${pictures(outcome.present)} were there already.`,
    );
    if (outcome.skipped.length) console.log(`Left ${outcome.skipped.length} files that are not shop pictures, e.g. ${outcome.skipped.slice(0, 3).join(', ')}`);
  }
} finally {
  await store.close?.();
  await db.close();
}
