import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskStore } from './disk-store.js';
import { PictureCache } from './picture-cache.js';
import { pictureKey, pictureType } from './picture-store.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-cache-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A disk store that counts its reads. */
function countingStore() {
  const store = new DiskStore({ imageDir: path.join(dir, 'images'), uploadDir: path.join(dir, 'uploads') });
  let reads = 0;
  const get = store.get.bind(store);
  store.get = async (key) => {
    reads++;
    return get(key);
  };
  return { store, reads: () => reads };
}

describe('DiskStore', () => {
  it('keeps keys inside its two folders and refuses anything else', () => {
    const store = new DiskStore({ imageDir: '/srv/images', uploadDir: '/srv/uploads' });
    expect(store.fileOf('uploads/products/a-400.webp')).toBe('/srv/uploads/products/a-400.webp');
    expect(store.fileOf('images/hero/hero-1-800.webp')).toBe('/srv/images/hero/hero-1-800.webp');
    for (const bad of ['uploads/../x-400.webp', 'uploads//a.webp', 'other/a.webp', 'uploads/a.png', '/uploads/a.webp', 'uploads/A.webp']) {
      expect(store.fileOf(bad), bad).toBeNull();
    }
    expect(pictureKey('/uploads/products/a', 400)).toBe('uploads/products/a-400.webp');
    expect(pictureKey('/uploads/../etc/passwd', 400)).toBeNull();
    expect(pictureKey('https://elsewhere.example/a', 400)).toBeNull();
  });
});

describe('PictureCache', () => {
  it('reads the store once per picture, stays within its bytes, and does not remember a miss', async () => {
    const { store, reads } = countingStore();
    const cache = new PictureCache(store, 64 * 1024);
    const key = (n: number) => `uploads/products/p${n}-400.webp`;
    for (let n = 0; n < 10; n++) await store.put(key(n), Buffer.alloc(7 * 1024, n), pictureType);

    const [first, second] = await Promise.all([cache.get(key(0)), cache.get(key(0))]);
    expect(first?.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(second?.etag).toBe(first?.etag);
    expect(reads()).toBe(1);
    await cache.get(key(0));
    expect(reads()).toBe(1);

    for (let n = 0; n < 10; n++) await cache.get(key(n));
    expect(cache.size).toBeLessThanOrEqual(64 * 1024);
    expect(cache.size).toBeGreaterThan(0);
    // The oldest pictures left to make room; asking again reads the store again.
    const before = reads();
    await cache.get(key(0));
    expect(reads()).toBe(before + 1);

    const late = 'uploads/products/late-400.webp';
    expect(await cache.get(late)).toBeNull();
    await store.put(late, Buffer.from('stored by another process'), pictureType);
    expect((await cache.get(late))?.bytes.toString()).toBe('stored by another process');
    expect(await cache.get('uploads/../secret.webp')).toBeNull();
  });

  it('reads the store every time when its size is 0', async () => {
    const { store, reads } = countingStore();
    const cache = new PictureCache(store, 0);
    await store.put('uploads/products/z-400.webp', Buffer.from('z'), pictureType);
    await cache.get('uploads/products/z-400.webp');
    await cache.get('uploads/products/z-400.webp');
    expect(reads()).toBe(2);
    expect(cache.size).toBe(0);
  });
});
