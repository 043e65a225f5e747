import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../shared/schemas/admin-product';
import { fitWithin, MAX_PHOTO_BYTES, MAX_PHOTO_SIDE, photoPlan, RECOMPRESS_BYTES } from './review-photos';

const MB = 1024 * 1024;

describe('fitWithin', () => {
  it('brings the long side down to 1600 px, keeping the proportions', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(8000, 100)).toEqual({ width: 1600, height: 20 });
    expect(fitWithin(20000, 3)).toEqual({ width: 1600, height: 1 });
  });

  it('leaves a picture that fits as it is', () => {
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(MAX_PHOTO_SIDE).toBe(1600);
  });
});

describe('photoPlan: what is done with a chosen photo before it is sent', () => {
  it('downscales a large camera photo as a JPEG', () => {
    expect(photoPlan({ type: 'image/jpeg', size: 5 * MB }, { width: 4032, height: 3024 })).toEqual({ action: 'encode', width: 1600, height: 1200 });
    expect(photoPlan({ type: 'image/png', size: 300_000 }, { width: 2400, height: 1800 })).toEqual({ action: 'encode', width: 1600, height: 1200 });
  });

  it('re-encodes a photo small in pixels but heavy in bytes, at its own size', () => {
    expect(photoPlan({ type: 'image/png', size: RECOMPRESS_BYTES + 1 }, { width: 1200, height: 900 })).toEqual({ action: 'encode', width: 1200, height: 900 });
  });

  it('sends a small photo as chosen', () => {
    expect(photoPlan({ type: 'image/webp', size: 200_000 }, { width: 1200, height: 900 })).toEqual({ action: 'keep' });
    expect(photoPlan({ type: 'image/jpeg', size: RECOMPRESS_BYTES }, { width: 1600, height: 1600 })).toEqual({ action: 'keep' });
  });

  it('sends a GIF as chosen (a canvas would keep only its first frame), unless it is over 8 MB', () => {
    expect(photoPlan({ type: 'image/gif', size: 3 * MB }, { width: 3000, height: 2000 })).toEqual({ action: 'keep' });
    expect(photoPlan({ type: 'image/gif', size: 9 * MB }, null)).toEqual({ action: 'refuse', code: 'too_large' });
  });

  it('lets the server decide about a picture this browser could not decode, within 8 MB', () => {
    expect(photoPlan({ type: 'image/avif', size: 2 * MB }, null)).toEqual({ action: 'keep' });
    expect(photoPlan({ type: 'image/avif', size: 9 * MB }, null)).toEqual({ action: 'refuse', code: 'too_large' });
  });

  it('refuses over the server’s own limit per photo', () => {
    expect(MAX_PHOTO_BYTES).toBe(MAX_UPLOAD_BYTES);
    expect(photoPlan({ type: 'image/png', size: MAX_UPLOAD_BYTES + 1 }, null)).toEqual({ action: 'refuse', code: 'too_large' });
  });

  it('refuses what is not a picture the shop reads', () => {
    expect(photoPlan({ type: 'application/pdf', size: 1000 }, null)).toEqual({ action: 'refuse', code: 'image_invalid' });
    expect(photoPlan({ type: 'image/heic', size: 1000 }, { width: 10, height: 10 })).toEqual({ action: 'refuse', code: 'image_invalid' });
    expect(photoPlan({ type: '', size: 1000 }, null)).toEqual({ action: 'refuse', code: 'image_invalid' });
  });
});
