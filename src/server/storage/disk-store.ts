import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PictureStore, StoredPicture } from './picture-store.js';
import { isPictureKey, pictureType } from './picture-store.js';

/**
 * `mkdir -p`, one level at a time: Node's recursive mkdir reports a read-only file system as
 * ENOENT, which would hide the cause; a plain mkdir reports EROFS (or ENOSPC) as it is.
 */
async function makeFolder(dir: string): Promise<void> {
  try {
    await fs.mkdir(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'ENOENT' || path.dirname(dir) === dir) throw err;
    await makeFolder(path.dirname(dir));
    await makeFolder(dir);
  }
}

/**
 * Pictures as files on this machine's disk, for the embedded SQLite shop (one process): `images/`
 * keys under the image directory, `uploads/` keys under the upload directory, as before stores
 * existed. Writes go to a temporary name and are renamed, so a half-written file is never served.
 * A full or read-only disk fails with the file system's own code (ENOSPC, EROFS, EDQUOT), which
 * the error handler answers with 503 (decision 009).
 */
export class DiskStore implements PictureStore {
  readonly kind = 'disk' as const;

  constructor(private readonly roots: { imageDir: string; uploadDir: string }) {}

  /** The file of a key, or null for a key that is not ours (never a path outside the two folders). */
  fileOf(key: string): string | null {
    if (!isPictureKey(key)) return null;
    const slash = key.indexOf('/');
    const root = path.resolve(key.slice(0, slash) === 'images' ? this.roots.imageDir : this.roots.uploadDir);
    const file = path.resolve(root, key.slice(slash + 1));
    return file.startsWith(root + path.sep) ? file : null;
  }

  #file(key: string): string {
    const file = this.fileOf(key);
    if (!file) throw new Error(`Not a picture key: ${key}`);
    return file;
  }

  /** The type is not kept: every picture the shop stores is WebP (`pictureType`). */
  async put(key: string, bytes: Buffer, _contentType?: string): Promise<void> {
    const file = this.#file(key);
    await makeFolder(path.dirname(file));
    const tmp = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    try {
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true }).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<StoredPicture | null> {
    const file = this.fileOf(key);
    if (!file) return null;
    try {
      return { bytes: await fs.readFile(file), contentType: pictureType };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
      throw err;
    }
  }

  async has(key: string): Promise<boolean> {
    const file = this.fileOf(key);
    if (!file) return false;
    try {
      return (await fs.stat(file)).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    if (file) await fs.rm(file, { force: true });
  }
}
