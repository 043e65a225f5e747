import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressOnce } from './encoding.js';

const page = `<!doctype html><html><body>${'<li class="product">Lavender candle, 275 EGP</li>'.repeat(800)}</body></html>`;

describe('compressOnce', () => {
  it('answers at once with brotli the browser decodes, then hands over stronger brotli of the same text', async () => {
    const better = new Promise<Buffer>((resolve) => {
      const quick = compressOnce(page, 'br', resolve);
      expect(zlib.brotliDecompressSync(quick).toString()).toBe(page);
    });
    const strong = await better;
    expect(zlib.brotliDecompressSync(strong).toString()).toBe(page);
    expect(strong.length).toBeLessThanOrEqual(compressOnce(page, 'br').length);
  });

  it('gzips at level 9 at once, with nothing to hand over later', () => {
    let called = false;
    const bytes = compressOnce(page, 'gzip', () => (called = true));
    expect(zlib.gunzipSync(bytes).toString()).toBe(page);
    expect(called).toBe(false);
  });

  it('prefers brotli, then gzip, as the browser allows', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
