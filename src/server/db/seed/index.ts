import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import argon2 from 'argon2';
import type { Database } from '../schema.js';
import { countProducts } from '../../repositories/catalog-repository.js';
import { insertSettingIfMissing } from '../../repositories/settings-repository.js';
import { firstAdminEmail, upsertAdmin } from '../../repositories/user-repository.js';
import { seedCategories, seedCategoryOptions, seedProducts } from './catalogue.js';
import { publishDemoImages, renderProductImages, renderSiteImages, type DemoImages } from './render-images.js';

const DAY = 24 * 60 * 60 * 1000;

/** Public URL prefix of the generated demo images (served from the picture store's `images/` keys). */
export const DEMO_IMAGE_PREFIX = '/images';

/**
 * Renders the demo images (skipping files already there), stores them in the picture store
 * (skipping keys it holds) and returns them per product slug.
 */
async function renderAll({ renderDir: imageDir, store }: DemoImages) {
  const files = await renderSiteImages(imageDir);
  const bySlug = new Map<string, Awaited<ReturnType<typeof renderProductImages>>>();
  // Two at a time: sharp already uses the machine's cores for each image.
  const queue = [...seedProducts];
  await Promise.all(
    [0, 1].map(async () => {
      for (let p = queue.shift(); p; p = queue.shift()) bySlug.set(p.slug, await renderProductImages(imageDir, p));
    }),
  );
  for (const rendered of bySlug.values()) for (const img of rendered) files.push(...img.widths.map((w) => `${img.base}-${w}.webp`));
  await publishDemoImages({ renderDir: imageDir, store }, files);
  return bySlug;
}

/**
 * Seeds the demo catalogue into an empty database, in one transaction. Offer end dates are set
 * relative to `now` so countdowns show. Returns false when products already exist.
 */
export async function seedDemoCatalogue(db: Kysely<Database>, demoImages: DemoImages, now = new Date()): Promise<boolean> {
  if ((await countProducts(db)) > 0) return false;
  const images = await renderAll(demoImages);
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const categoryIds = new Map<string, number>();
    for (const c of seedCategories) {
      const options = seedCategoryOptions(c.slug);
      const { id } = await trx
        .insertInto('categories')
        .values({
          slug: c.slug,
          name_en: c.name.en,
          name_ar: c.name.ar,
          name_fr: c.name.fr ?? null,
          name_de: c.name.de ?? null,
          image: `${DEMO_IMAGE_PREFIX}/categories/${c.slug}`,
          sort_order: c.sortOrder,
          option_colors: JSON.stringify(options.colors),
          option_sizes: JSON.stringify(options.sizes),
          created_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.set(c.slug, id);
    }
    // Older products first so ids follow the catalogue order; creation dates spread over weeks.
    for (const [index, p] of seedProducts.entries()) {
      const created = new Date(now.getTime() - (seedProducts.length - index) * DAY * (p.isNew ? 0.2 : 2)).toISOString();
      const { id } = await trx
        .insertInto('products')
        .values({
          slug: p.slug,
          sku: p.sku,
          name_en: p.name.en,
          name_ar: p.name.ar,
          name_fr: p.name.fr ?? null,
          name_de: p.name.de ?? null,
          short_description_en: p.shortDescription.en,
          short_description_ar: p.shortDescription.ar,
          short_description_fr: p.shortDescription.fr ?? null,
          short_description_de: p.shortDescription.de ?? null,
          full_description_en: p.fullDescription.en,
          full_description_ar: p.fullDescription.ar,
          full_description_fr: p.fullDescription.fr ?? null,
          full_description_de: p.fullDescription.de ?? null,
          price: p.price,
          discount: p.discount,
          offer_end: p.offerEndInDays === null ? null : new Date(now.getTime() + p.offerEndInDays * DAY).toISOString(),
          is_new: p.isNew ? 1 : 0,
          rating: p.rating,
          sale_count: p.saleCount,
          stock: p.variants.length ? 0 : p.stock,
          visible: 1,
          created_at: created,
          updated_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const cats = p.categories.map((slug) => {
        const categoryId = categoryIds.get(slug);
        if (categoryId === undefined) throw new Error(`Seed product ${p.sku} names unknown category ${slug}`);
        return { product_id: id, category_id: categoryId };
      });
      if (cats.length) await trx.insertInto('product_categories').values(cats).execute();
      if (p.tags.length)
        await trx
          .insertInto('product_tags')
          .values(p.tags.map((tag) => ({ product_id: id, tag })))
          .execute();
      if (p.variants.length)
        await trx
          .insertInto('product_variants')
          .values(p.variants.map((v) => ({ product_id: id, color: v.color, size: v.size, stock: v.stock, price: v.price })))
          .execute();
      const rendered = images.get(p.slug) ?? [];
      if (rendered.length)
        await trx
          .insertInto('product_images')
          .values(
            rendered.map((img, position) => ({
              product_id: id,
              position,
              base: `${DEMO_IMAGE_PREFIX}/${img.base}`,
              widths: img.widths.join(','),
              width: img.width,
              height: img.height,
            })),
          )
          .execute();
    }
  });
  return true;
}

/** Default settings for a new shop; existing values are kept (the secret is made once, whoever starts first). */
export async function ensureDefaultSettings(db: Kysely<Database>, defaults: { shopName: string; shopPhone: string }): Promise<void> {
  const values: Record<string, unknown> = {
    shop: {
      name: defaults.shopName,
      phone: defaults.shopPhone,
      whatsapp: defaults.shopPhone,
      email: 'hello@nasma.eg',
      address: '14 Road 9, Maadi, Cairo',
    },
    // Units of each currency per 1 EGP (Central Bank of Egypt mid rates, November 2026, rounded).
    currency_rates: { EGP: 1, USD: 0.0205, EUR: 0.0188, GBP: 0.0161 },
    free_shipping_threshold: 150000,
    // Signs order links; made once per shop and never sent to a browser.
    secret: crypto.randomBytes(32).toString('base64url'),
  };
  for (const [key, value] of Object.entries(values)) await insertSettingIfMissing(db, key, value);
}

export type AdminOutcome =
  { kind: 'configured'; email: string } | { kind: 'generated'; email: string; password: string } | { kind: 'existing'; email: string } | { kind: 'none' };

/**
 * Makes sure an admin can sign in. ADMIN_EMAIL/ADMIN_PASSWORD create or update that admin; with
 * neither and no admin yet, a random password is generated once and printed (there is no default
 * password).
 */
export async function ensureAdmin(db: Kysely<Database>, email: string | undefined, password: string | undefined, now = new Date()): Promise<AdminOutcome> {
  if (email && password) {
    await upsertAdmin(db, { email, name: 'Shop admin', passwordHash: await argon2.hash(password), now });
    return { kind: 'configured', email: email.toLowerCase() };
  }
  const existing = await firstAdminEmail(db);
  if (existing) return { kind: 'existing', email: existing };
  const generatedEmail = (email ?? 'admin@nasma.local').toLowerCase();
  const generated = crypto.randomBytes(12).toString('base64url');
  await upsertAdmin(db, { email: generatedEmail, name: 'Shop admin', passwordHash: await argon2.hash(generated), now });
  return { kind: 'generated', email: generatedEmail, password: generated };
}
