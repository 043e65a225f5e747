/**
 * A review's photos before they leave the phone (decision 038: the server re-encodes them anyway):
 * a large photo is made at most MAX_PHOTO_SIDE pixels on its long side and sent as a JPEG, so a
 * phone on 4G sends a few hundred kilobytes instead of a 5 MB camera file.
 */

/** The kinds of picture the shop's pipeline reads (sharp), as the file input offers them. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
/** The long side, in pixels, a photo is brought down to before it is sent. */
export const MAX_PHOTO_SIDE = 1600;
/** A photo already small enough in pixels is still re-encoded when its file is larger than this (bytes). */
export const RECOMPRESS_BYTES = 1024 * 1024;
/**
 * The server's limit per photo (MAX_UPLOAD_BYTES of shared/schemas/admin-product, 8 MB), written
 * here rather than imported: that module would bring the admin's schemas into the review page
 * (a test keeps the two equal).
 */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
/** The JPEG quality of a re-encoded photo (0 to 1). */
export const JPEG_QUALITY = 0.85;

export type PhotoPlan =
  /** Send the file as chosen. */
  | { action: 'keep' }
  /** Draw it at this size (pixels) and send that as a JPEG. */
  | { action: 'encode'; width: number; height: number }
  /** Not sent: why, as an API error code (`image_invalid`, `too_large`). */
  | { action: 'refuse'; code: 'image_invalid' | 'too_large' };

/** The size (pixels) of `width` × `height` brought within `max` on its long side, proportions kept; the same size when it fits. */
export function fitWithin(width: number, height: number, max = MAX_PHOTO_SIDE): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= max) return { width, height };
  const scale = max / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * What to do with a chosen file, from its type, its size in bytes and, once decoded, its pixel size
 * (null when the browser could not decode it: then the server decides). A GIF is sent as it is (a
 * canvas would keep only its first frame); a photo larger than MAX_PHOTO_SIDE, or small in pixels
 * but heavy in bytes, is encoded again; anything left over the server's 8 MB is refused here.
 */
export function photoPlan(file: { type: string; size: number }, pixels: { width: number; height: number } | null): PhotoPlan {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return { action: 'refuse', code: 'image_invalid' };
  const tooLarge = file.size > MAX_PHOTO_BYTES;
  if (file.type === 'image/gif' || !pixels) return tooLarge ? { action: 'refuse', code: 'too_large' } : { action: 'keep' };
  const fitted = fitWithin(pixels.width, pixels.height);
  const smaller = fitted.width !== pixels.width || fitted.height !== pixels.height;
  if (smaller || file.size > RECOMPRESS_BYTES) return { action: 'encode', ...fitted };
  return { action: 'keep' };
}

/** A photo ready to send, with its preview's object URL (revoke it when the photo is removed). */
export interface PreparedPhoto {
  file: File;
  preview: string;
}

async function decode(file: File): Promise<ImageBitmap | null> {
  try {
    // EXIF orientation applied, as the gallery shows the photo.
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null; // a kind this browser cannot draw (AVIF on an older phone): sent as chosen
  }
}

function encodeJpeg(image: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * Prepares a chosen file for sending (photoPlan, then the canvas when it says so). Resolves with
 * the file to send, or with the error code that refuses it. When the JPEG turns out no smaller
 * than the original (a small, well-compressed file), the original is kept.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto | { code: string }> {
  const precheck = photoPlan(file, { width: 1, height: 1 });
  if (precheck.action === 'refuse' && precheck.code === 'image_invalid') return { code: precheck.code };
  const image = file.type === 'image/gif' ? null : await decode(file);
  try {
    const plan = photoPlan(file, image ? { width: image.width, height: image.height } : null);
    if (plan.action === 'refuse') return { code: plan.code };
    let out = file;
    if (plan.action === 'encode' && image) {
      const blob = await encodeJpeg(image, plan.width, plan.height);
      const scaled = plan.width !== image.width || plan.height !== image.height;
      if (blob && (scaled || blob.size < file.size)) {
        const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
        out = new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
      }
    }
    if (out.size > MAX_PHOTO_BYTES) return { code: 'too_large' };
    return { file: out, preview: URL.createObjectURL(out) };
  } finally {
    image?.close();
  }
}
