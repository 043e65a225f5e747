import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { categorySvg, heroSvg, productSvg } from './art.js';
import { seedCategories, type SeedProduct } from './catalogue.js';

export interface RenderedImage {
  /** Path under the image directory without width and extension, e.g. `products/jasmine-1`. */
  base: string;
  widths: number[];
  width: number;
  height: number;
}

const PRODUCT_WIDTHS = [400, 800];

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Renders an SVG to WebP at each width, skipping files already present. Files are written under a
 * temporary name and renamed, so a parallel seed never serves half a file.
 */
async function render(svg: string, dir: string, base: string, widths: number[]): Promise<void> {
  await fs.mkdir(path.join(dir, path.dirname(base)), { recursive: true });
  for (const width of widths) {
    const file = path.join(dir, `${base}-${width}.webp`);
    if (await exists(file)) continue;
    const tmp = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 80, effort: 4 }).toFile(tmp);
    await fs.rename(tmp, file);
  }
}

/** The two pictures of a demo product, 400 and 800 px wide, square. */
export async function renderProductImages(imageDir: string, product: SeedProduct): Promise<RenderedImage[]> {
  const out: RenderedImage[] = [];
  for (const view of [1, 2] as const) {
    const base = `products/${product.slug}-${view}`;
    await render(productSvg(product.art, view), imageDir, base, PRODUCT_WIDTHS);
    out.push({ base, widths: PRODUCT_WIDTHS, width: 800, height: 800 });
  }
  return out;
}

/** Category tiles (600 and 1200 px wide, 3:4) and the three hero banners (800 and 1600 px, 16:9). */
export async function renderSiteImages(imageDir: string): Promise<void> {
  for (const c of seedCategories) await render(categorySvg(c.art), imageDir, `categories/${c.slug}`, [600, 1200]);
  const art = (slug: string) => seedCategories.find((c) => c.slug === slug)!.art;
  const heroes = [
    { arts: [art('essential-oils'), { ...art('essential-oils'), body: '#7a3f12' }, art('water-fresheners')], bg: ['#f6efe1', '#e3cfa8'] },
    {
      arts: [art('scented-candles'), { ...art('scented-candles'), body: '#efc7c0' }, { ...art('scented-candles'), body: '#a3b18a' }],
      bg: ['#f5ece6', '#dcc2b4'],
    },
    { arts: [art('aroma-diffusers'), { ...art('essential-oils'), body: '#8a4a16' }, art('air-purifiers')], bg: ['#eef0e6', '#c9cfb4'] },
  ] as const;
  for (const [i, h] of heroes.entries()) await render(heroSvg([...h.arts], h.bg[0], h.bg[1]), imageDir, `hero/hero-${i + 1}`, [800, 1600]);
}
