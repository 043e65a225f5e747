import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { categorySvg, heroSvg, productSvg } from './art.js';
import { seedCategories, type SeedProduct } from './catalogue.js';
import { pictureType, type PictureStore } from '../../storage/index.js';

/**
 * Where demo pictures go: rendered once into `renderDir` (a cache on this disk: tests share one,
 * `data/test-images`, so they render once), then stored in the shop's picture store under
 * `images/<file>`, which is what every process serves (decision 015).
 */
export interface DemoImages {
  renderDir: string;
  store: PictureStore;
}

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
 * temporary name and renamed, so a parallel seed never reads half a file. Answers the files
 * (relative to `dir`).
 */
export async function renderWebp(svg: string, dir: string, base: string, widths: readonly number[]): Promise<string[]> {
  await fs.mkdir(path.join(dir, path.dirname(base)), { recursive: true });
  const files: string[] = [];
  for (const width of widths) {
    const name = `${base}-${width}.webp`;
    files.push(name);
    const file = path.join(dir, name);
    if (await exists(file)) continue;
    const tmp = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 80, effort: 4 }).toFile(tmp);
    await fs.rename(tmp, file);
  }
  return files;
}

/**
 * Stores rendered demo pictures (files relative to the render folder) in the picture store under
 * `images/<file>`, skipping keys it already holds. A demo picture's key keeps its first content
 * for good (its URL is served immutable): a changed drawing needs a new name. Two processes
 * seeding at once both succeed (a store's put of an existing key is not an error).
 */
export async function publishDemoImages(images: DemoImages, files: string[]): Promise<void> {
  const queue = [...files];
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const key = `images/${file}`;
        if (await images.store.has(key)) continue;
        await images.store.put(key, await fs.readFile(path.join(images.renderDir, file)), pictureType);
      }
    }),
  );
}

/** The two pictures of a demo product, 400 and 800 px wide, square. */
export async function renderProductImages(imageDir: string, product: SeedProduct): Promise<RenderedImage[]> {
  const out: RenderedImage[] = [];
  for (const view of [1, 2] as const) {
    const base = `products/${product.slug}-${view}`;
    await renderWebp(productSvg(product.art, view), imageDir, base, PRODUCT_WIDTHS);
    out.push({ base, widths: PRODUCT_WIDTHS, width: 800, height: 800 });
  }
  return out;
}

/** Category tiles (600 and 1200 px wide, 3:4) and the three hero banners (800 and 1600 px, 16:9); answers their files. */
export async function renderSiteImages(imageDir: string): Promise<string[]> {
  const files: string[] = [];
  for (const c of seedCategories) files.push(...(await renderWebp(categorySvg(c.art), imageDir, `categories/${c.slug}`, [600, 1200])));
  const art = (slug: string) => seedCategories.find((c) => c.slug === slug)!.art;
  const heroes = [
    { arts: [art('essential-oils'), { ...art('essential-oils'), body: '#7a3f12' }, art('water-fresheners')], bg: ['#f6efe1', '#e3cfa8'] },
    {
      arts: [art('scented-candles'), { ...art('scented-candles'), body: '#efc7c0' }, { ...art('scented-candles'), body: '#a3b18a' }],
      bg: ['#f5ece6', '#dcc2b4'],
    },
    { arts: [art('aroma-diffusers'), { ...art('essential-oils'), body: '#8a4a16' }, art('air-purifiers')], bg: ['#eef0e6', '#c9cfb4'] },
  ] as const;
  for (const [i, h] of heroes.entries()) files.push(...(await renderWebp(heroSvg([...h.arts], h.bg[0], h.bg[1]), imageDir, `hero/hero-${i + 1}`, [800, 1600])));
  return files;
}
