import fs from 'node:fs/promises';
import path from 'node:path';
import type { PictureStore } from './picture-store.js';
import { isPictureKey, pictureType } from './picture-store.js';

export interface ImportOutcome {
  /** Pictures copied into the store. */
  copied: number;
  /** Pictures the store already had (a second run copies nothing). */
  present: number;
  /** Files that are not pictures the shop serves (another type, a temporary file): left alone. */
  skipped: string[];
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * Copies the pictures of a one-process shop's disk (uploads under `uploadDir`, demo pictures under
 * `imageDir`) into the shared store, under the keys their URLs name (decision 015), so a shop
 * moving to several processes keeps every picture it served. Keys already stored are left as
 * they are (a key names one content for its life), so it can run again after a failure.
 */
export async function importPictures(from: { uploadDir: string; imageDir: string }, store: PictureStore): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { copied: 0, present: 0, skipped: [] };
  for (const [prefix, dir] of [
    ['uploads', from.uploadDir],
    ['images', from.imageDir],
  ] as const) {
    for (const file of await filesUnder(dir)) {
      const key = `${prefix}/${file}`;
      if (!isPictureKey(key)) {
        outcome.skipped.push(key);
        continue;
      }
      if (await store.has(key)) {
        outcome.present += 1;
        continue;
      }
      await store.put(key, await fs.readFile(path.join(dir, file)), pictureType);
      outcome.copied += 1;
    }
  }
  return outcome;
}
