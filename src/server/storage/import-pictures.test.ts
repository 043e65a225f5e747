import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskStore } from './disk-store.js';
import { importPictures } from './import-pictures.js';
import type { PictureStore } from './picture-store.js';

describe('importPictures', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-import-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('copies uploads and demo pictures under the keys their URLs name, once, and leaves other files', async () => {
    const from = { uploadDir: path.join(tmp, 'uploads'), imageDir: path.join(tmp, 'images') };
    fs.mkdirSync(path.join(from.uploadDir, 'products'), { recursive: true });
    fs.mkdirSync(path.join(from.imageDir, 'hero'), { recursive: true });
    fs.writeFileSync(path.join(from.uploadDir, 'products', 'candle-abc-400.webp'), 'upload');
    fs.writeFileSync(path.join(from.imageDir, 'hero', 'hero-1-800.webp'), 'demo');
    fs.writeFileSync(path.join(from.uploadDir, 'products', '.tmp-123'), 'half written');
    // Another disk stands for the shared store: same interface as the database and S3 stores.
    const store: PictureStore = new DiskStore({ imageDir: path.join(tmp, 'to-images'), uploadDir: path.join(tmp, 'to-uploads') });

    const first = await importPictures(from, store);
    expect(first).toEqual({ copied: 2, present: 0, skipped: ['uploads/products/.tmp-123'] });
    expect((await store.get('uploads/products/candle-abc-400.webp'))?.bytes.toString()).toBe('upload');
    expect((await store.get('images/hero/hero-1-800.webp'))?.bytes.toString()).toBe('demo');

    const again = await importPictures(from, store);
    expect(again).toMatchObject({ copied: 0, present: 2 });
  });

  it('finds nothing to copy in folders that do not exist', async () => {
    const store = new DiskStore({ imageDir: path.join(tmp, 'x'), uploadDir: path.join(tmp, 'y') });
    expect(await importPictures({ uploadDir: path.join(tmp, 'none-a'), imageDir: path.join(tmp, 'none-b') }, store)).toEqual({
      copied: 0,
      present: 0,
      skipped: [],
    });
  });
});
