import crypto from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../errors.js';
import { pictureKey, pictureType, type PictureStore } from '../storage/index.js';
import type { UploadedImage } from '../../shared/schemas/admin-product.js';

/**
 * Widths rendered per kind of picture: product pictures as the storefront's product images (400
 * and 800), category tiles as the seeded ones (600 and 1200), so the storefront's `srcset`s fit.
 */
export const imageWidths = { product: [400, 800], category: [600, 1200], review: [400, 1200] } as const;
export type ImageKind = keyof typeof imageWidths;

/** The largest picture read, in pixels (a 48-megapixel phone photo fits; a decompression bomb does not). */
const MAX_INPUT_PIXELS = 60_000_000;

/** Formats accepted, as sharp names them after reading the content (AVIF is HEIF with AV1). */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Checks the content is a picture we accept, then stores it as WebP at each width of `kind`,
 * keeping its aspect ratio (the first frame of an animation), in the shop's picture store (every
 * process reads it). When a write fails, the renditions stored so far are removed and the store's
 * error is thrown as it is: a full or read-only disk (ENOSPC, EROFS) or database answers 503.
 */
export async function storeUpload(store: PictureStore, data: Buffer, kind: ImageKind): Promise<UploadedImage> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new AppError(400, 'image_invalid', 'This file is not a picture we can use (JPEG, PNG, WebP, AVIF or GIF).');
  }
  const isAvif = meta.format === 'heif' && String(meta.compression ?? '').toLowerCase() === 'av1';
  if (!(acceptedFormats.has(meta.format ?? '') || isAvif) || !meta.width || !meta.height) {
    throw new AppError(400, 'image_invalid', 'This file is not a picture we can use (JPEG, PNG, WebP, AVIF or GIF).');
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError(400, 'image_too_large', 'This picture has too many pixels: at most 60 megapixels.');
  // Unique per upload (time + random), so the URL names this content forever (served immutable).
  const name = `${Date.now().toString(36)}-${crypto.randomBytes(6).toString('hex')}`;
  const base = `/uploads/${kind}s/${name}`;
  let width = 0;
  let height = 0;
  const written: string[] = [];
  const removeWritten = () => Promise.all(written.map((key) => store.delete(key).catch(() => undefined)));
  for (const w of imageWidths[kind]) {
    let encoded: { data: Buffer; info: { width: number; height: number } };
    try {
      encoded = await sharp(data, { animated: false, limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: w })
        .webp({ quality: 82, effort: 4 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      await removeWritten();
      throw new AppError(400, 'image_invalid', 'This picture could not be read.');
    }
    const key = pictureKey(base, w)!;
    try {
      await store.put(key, encoded.data, pictureType);
    } catch (err) {
      await removeWritten();
      throw err;
    }
    written.push(key);
    width = encoded.info.width;
    height = encoded.info.height;
  }
  return { base, url: `${base}-${imageWidths[kind][0]}.webp`, width, height };
}

/** Removes every rendition of an uploaded picture (a review refused after its pictures were stored). */
export async function removeUpload(store: PictureStore, base: string, kind: ImageKind): Promise<void> {
  await Promise.all(imageWidths[kind].map((w) => pictureKey(base, w)).map((key) => (key ? store.delete(key).catch(() => undefined) : undefined)));
}

/**
 * The stored sizes of a picture base when every width of `kind` is in the store, else null.
 * Width and height are those of the largest rendition.
 */
export async function describeStoredImage(
  store: PictureStore,
  base: string,
  kind: ImageKind,
): Promise<{ widths: number[]; width: number; height: number } | null> {
  const widths = [...imageWidths[kind]];
  const keys = widths.map((w) => pictureKey(base, w));
  if (keys.some((k) => k === null)) return null;
  const largest = keys.pop()!;
  if (!(await Promise.all(keys.map((k) => store.has(k!)))).every(Boolean)) return null;
  const stored = await store.get(largest);
  if (!stored) return null;
  try {
    const meta = await sharp(stored.bytes).metadata();
    if (!meta.width || !meta.height) return null;
    return { widths, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}
