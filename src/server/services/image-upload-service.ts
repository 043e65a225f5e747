import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '../errors.js';
import type { UploadedImage } from '../../shared/schemas/admin-product.js';

/**
 * Widths rendered per kind of picture: product pictures as the storefront's product images (400
 * and 800), category tiles as the seeded ones (600 and 1200), so the storefront's `srcset`s fit.
 */
export const imageWidths = { product: [400, 800], category: [600, 1200] } as const;
export type ImageKind = keyof typeof imageWidths;

/** Formats accepted, as sharp names them after reading the content (AVIF is HEIF with AV1). */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif']);

/** Where a picture base's files live: `/images/...` in the image directory, `/uploads/...` in the upload directory. */
function fileOf(dirs: { imageDir: string; uploadDir: string }, base: string, width: number): string | null {
  const match = /^\/(images|uploads)\/([a-z0-9][a-z0-9/_-]*)$/.exec(base);
  if (!match || base.includes('..') || base.includes('//')) return null;
  const root = match[1] === 'images' ? dirs.imageDir : dirs.uploadDir;
  const file = path.resolve(root, `${match[2]}-${width}.webp`);
  return file.startsWith(path.resolve(root) + path.sep) ? file : null;
}

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

/** Removes what a failed upload left (half-written or orphaned renditions); a missing file is fine. */
async function removeFiles(files: string[]): Promise<void> {
  await Promise.all(files.map((f) => fs.rm(f, { force: true }).catch(() => undefined)));
}

/**
 * Checks the content is a picture we accept, then writes it as WebP at each width of `kind`,
 * keeping its aspect ratio (the first frame of an animation). Files are written under a
 * temporary name and renamed so a half-written file is never served; when a write fails, the
 * renditions written so far are removed and the file system's error is thrown as it is.
 */
export async function storeUpload(uploadDir: string, data: Buffer, kind: ImageKind): Promise<UploadedImage> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(data).metadata();
  } catch {
    throw new AppError(400, 'image_invalid', 'This file is not a picture we can use (JPEG, PNG, WebP, AVIF or GIF).');
  }
  const isAvif = meta.format === 'heif' && String(meta.compression ?? '').toLowerCase() === 'av1';
  if (!(acceptedFormats.has(meta.format ?? '') || isAvif) || !meta.width || !meta.height) {
    throw new AppError(400, 'image_invalid', 'This file is not a picture we can use (JPEG, PNG, WebP, AVIF or GIF).');
  }
  const name = `${Date.now().toString(36)}-${crypto.randomBytes(6).toString('hex')}`;
  const folder = `${kind}s`;
  await makeFolder(path.join(uploadDir, folder));
  let width = 0;
  let height = 0;
  const written: string[] = [];
  for (const w of imageWidths[kind]) {
    let encoded: { data: Buffer; info: { width: number; height: number } };
    try {
      encoded = await sharp(data, { animated: false }).rotate().resize({ width: w }).webp({ quality: 82, effort: 4 }).toBuffer({ resolveWithObject: true });
    } catch {
      await removeFiles(written);
      throw new AppError(400, 'image_invalid', 'This picture could not be read.');
    }
    // Written by Node, not by sharp, so a full or read-only disk fails with its code (ENOSPC,
    // EROFS, EDQUOT) and the error handler answers 503 instead of blaming the picture.
    const file = path.join(uploadDir, folder, `${name}-${w}.webp`);
    const tmp = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    try {
      await fs.writeFile(tmp, encoded.data);
      await fs.rename(tmp, file);
    } catch (err) {
      await removeFiles([...written, tmp]);
      throw err;
    }
    written.push(file);
    width = encoded.info.width;
    height = encoded.info.height;
  }
  const base = `/uploads/${folder}/${name}`;
  return { base, url: `${base}-${imageWidths[kind][0]}.webp`, width, height };
}

/**
 * The stored sizes of a picture base when every width of `kind` exists on disk, else null.
 * Width and height are those of the largest rendition.
 */
export async function describeStoredImage(
  dirs: { imageDir: string; uploadDir: string },
  base: string,
  kind: ImageKind,
): Promise<{ widths: number[]; width: number; height: number } | null> {
  const widths = [...imageWidths[kind]];
  const files = widths.map((w) => fileOf(dirs, base, w));
  if (files.some((f) => f === null)) return null;
  try {
    await Promise.all(files.map((f) => fs.access(f!)));
    const meta = await sharp(files[files.length - 1]!).metadata();
    if (!meta.width || !meta.height) return null;
    return { widths, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}
