import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createRequire } from 'node:module';
import Papa from 'papaparse';
import { adminProductInput, buildTestApp, sessionCookie, testAdmin, testDatabases } from '../../test-support.js';
import type { AdminCategory, AdminProductInput } from '../../../shared/schemas/admin-product.js';
import { metaColumns } from '../../feeds/meta-feed.js';
import { testCustomer, testPhone } from '../../../shared/domain/test-products.js';

type Item = Record<string, string[]>;

// jsdom's XML parser (saxes, which refuses a document that is not well-formed), without its types.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } } };

/** The feed's items as Google reads them: every `g:` element of each `<item>`, by name (repeatable ones keep all values). */
function googleItems(xml: string): { channel: Record<string, string>; items: Item[] } {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  // A document that is not well-formed XML parses to a <parsererror>.
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  const rss = doc.documentElement;
  expect(rss.nodeName).toBe('rss');
  expect(rss.getAttribute('version')).toBe('2.0');
  expect(rss.getAttribute('xmlns:g')).toBe('http://base.google.com/ns/1.0');
  const channelEl = rss.getElementsByTagName('channel')[0]!;
  const channel = Object.fromEntries(['title', 'link', 'description', 'language'].map((n) => [n, channelEl.getElementsByTagName(n)[0]?.textContent ?? '']));
  const items = [...channelEl.getElementsByTagName('item')].map((el) => {
    const item: Item = {};
    for (const child of el.children) {
      expect(child.namespaceURI).toBe('http://base.google.com/ns/1.0');
      const value = child.localName === 'shipping' ? [...child.children].map((c) => `${c.localName}=${c.textContent}`).join(';') : child.textContent!;
      (item[child.localName] ??= []).push(value);
    }
    return item;
  });
  return { channel, items };
}

/** The CSV's rows by column, read back by the same CSV reader the import uses. */
function metaItems(csv: string): Array<Record<string, string>> {
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.meta.fields).toEqual([...metaColumns]);
  return parsed.data;
}

const money = /^\d+\.\d{2} EGP$/;
const googleRequired = ['id', 'title', 'description', 'link', 'image_link', 'availability', 'price', 'brand', 'condition', 'identifier_exists', 'shipping'];
const metaRequired = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand', 'shipping'] as const;

/**
 * The product feeds through the shop's API on each database (issue 34, point 2): a simple product, one
 * with colour and size variants, one on sale with an announced end, one sold out and one hidden,
 * read back as Google and Meta read them, in English and Arabic; the ETag moves with the catalogue.
 */
describe.each(testDatabases)('product feeds on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie = '';
  const origin = 'https://shop.example.eg';
  const ids: Record<'simple' | 'variants' | 'sale' | 'soldOut' | 'hidden', number> = { simple: 0, variants: 0, sale: 0, soldOut: 0, hidden: 0 };
  const offerEnd = new Date(Date.now() + 5 * 86_400_000).toISOString();
  const call = (opts: InjectOptions) => app.inject({ ...opts, headers: { cookie, ...opts.headers } });
  const ok = async (opts: InjectOptions) => {
    const res = await call(opts);
    expect(res.statusCode, `${opts.method} ${opts.url}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  const feed = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { host: 'evil.example', ...headers } });

  beforeAll(async () => {
    const built = await buildTestApp(name, { publicUrl: origin, adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    app = built.app;
    close = built.close;
    cookie = sessionCookie(await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
    const [category] = (await ok({ method: 'GET', url: '/api/admin/categories' })).json<{ items: AdminCategory[] }>().items;
    const pictures = await app.shop.db.selectFrom('product_images').select('base').orderBy('id').limit(3).execute();
    const base = adminProductInput({
      shortDescription: { en: 'Feed test, "quoted", with a comma & <markup>.', ar: 'وصف للاختبار، مع فاصلة.', fr: '', de: '' },
      price: 32_000,
      categoryIds: [category!.id],
      images: pictures.map((p) => p.base),
      stock: 5,
    });
    const create = async (key: keyof typeof ids, input: Partial<AdminProductInput>) => {
      const payload = { ...base, sku: `FEED-${key}`, name: { en: `Feed ${key}`, ar: `منتج ${key}`, fr: '', de: '' }, ...input };
      ids[key] = (await ok({ method: 'POST', url: '/api/admin/products', payload })).json<{ id: number }>().id;
    };
    await create('simple', {});
    await create('variants', {
      hasVariants: true,
      variants: [
        { color: 'amber', size: '50ml', stock: 2, price: 150_000 },
        { color: 'ivory', size: '100ml', stock: 0, price: null },
      ],
    });
    await create('sale', { discount: 20, offerEnd });
    await create('soldOut', { stock: 0 });
    await create('hidden', { visible: false });
  });
  afterAll(async () => close?.());

  for (const lng of ['en', 'ar'] as const) {
    it(`Google's feed in ${lng}: every visible product's items with the required fields, variants grouped, sale dated, hidden ones left out`, async () => {
      const res = await feed(`/feeds/google.xml?lng=${lng}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body).not.toContain('evil.example');
      const { channel, items } = googleItems(res.body);
      expect(channel).toMatchObject({ title: 'Nasma', link: `${origin}/?lng=${lng}`, language: lng });
      for (const item of items) {
        for (const field of googleRequired) expect(item[field], `${item.id}: ${field}`).toHaveLength(1);
        expect(item.availability![0]).toMatch(/^(in_stock|out_of_stock)$/);
        expect(item.price![0]).toMatch(money);
        expect(item.link![0]).toMatch(new RegExp(`^${origin}/product/\\d+\\?lng=${lng}$`));
        expect(item.image_link![0]).toMatch(new RegExp(`^${origin}/(images|uploads)/.+\\.webp$`));
        expect(item.shipping![0]).toMatch(/^country=EG;service=Standard;price=\d+\.\d{2} EGP$/);
        expect(item.condition).toEqual(['new']);
        expect(item.identifier_exists).toEqual(['no']);
      }
      const byId = new Map(items.map((i) => [i.id![0], i]));
      // Every visible product is there, once per item; the hidden one is not.
      const visible = await app.shop.db.selectFrom('products').select('id').where('visible', '=', 1).where('deleted_at', 'is', null).execute();
      expect(new Set(items.map((i) => (i.item_group_id ?? i.id)![0]))).toEqual(new Set(visible.map((v) => String(v.id))));
      expect(byId.size).toBe(items.length);
      expect(byId.has(String(ids.hidden))).toBe(false);

      const simple = byId.get(String(ids.simple))!;
      expect(simple).toMatchObject({ title: [lng === 'ar' ? 'منتج simple' : 'Feed simple'], availability: ['in_stock'], price: ['320.00 EGP'] });
      expect(simple.description![0]).toBe(lng === 'ar' ? 'وصف للاختبار، مع فاصلة.' : 'Feed test, "quoted", with a comma & <markup>.');
      expect(simple.additional_image_link).toHaveLength(2);
      expect(simple.item_group_id).toBeUndefined();
      expect(simple.sale_price).toBeUndefined();
      expect(simple.product_type![0]).not.toBe('');

      const [amber, ivory] = ['amber-50ml', 'ivory-100ml'].map((v) => byId.get(`${ids.variants}-${v}`)!);
      expect(byId.has(String(ids.variants))).toBe(false);
      expect(amber).toMatchObject({ item_group_id: [String(ids.variants)], availability: ['in_stock'], price: ['1500.00 EGP'] });
      expect(ivory).toMatchObject({ item_group_id: [String(ids.variants)], availability: ['out_of_stock'], price: ['320.00 EGP'] });
      expect(amber!.color).toEqual([lng === 'ar' ? 'كهرماني' : 'Amber']);
      expect(amber!.size).toEqual([lng === 'ar' ? '50 مل' : '50 ml']);
      expect(amber!.title![0]).toContain(lng === 'ar' ? 'منتج variants' : 'Feed variants');

      const sale = byId.get(String(ids.sale))!;
      expect(sale).toMatchObject({ price: ['320.00 EGP'], sale_price: ['256.00 EGP'] });
      const [start, end] = sale.sale_price_effective_date![0]!.split('/');
      expect(Date.parse(start!)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(end!)).toBe(Math.floor(Date.parse(offerEnd) / 60_000) * 60_000);

      expect(byId.get(String(ids.soldOut))!.availability).toEqual(['out_of_stock']);
    });

    it(`Meta's feed in ${lng}: the catalogue's columns, quoted as RFC 4180 says, the same items and prices`, async () => {
      const res = await feed(`/feeds/meta.csv?lng=${lng}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.body.startsWith('id,title,')).toBe(true);
      const rows = metaItems(res.body);
      for (const row of rows) {
        for (const field of metaRequired) expect(row[field], `${row.id}: ${field}`).not.toBe('');
        expect(row.availability).toMatch(/^(in stock|out of stock)$/);
        expect(row.price).toMatch(money);
        expect(row.shipping).toMatch(/^EG::Standard:\d+\.\d{2} EGP$/);
      }
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.size).toBe(rows.length);
      expect(byId.has(String(ids.hidden))).toBe(false);
      const simple = byId.get(String(ids.simple))!;
      expect(simple.title).toBe(lng === 'ar' ? 'منتج simple' : 'Feed simple');
      expect(simple.description).toBe(lng === 'ar' ? 'وصف للاختبار، مع فاصلة.' : 'Feed test, "quoted", with a comma & <markup>.');
      expect(simple.additional_image_link!.split(',')).toHaveLength(2);
      expect(byId.get(`${ids.variants}-amber-50ml`)).toMatchObject({ item_group_id: String(ids.variants), availability: 'in stock', price: '1500.00 EGP' });
      expect(byId.get(`${ids.variants}-ivory-100ml`)).toMatchObject({ availability: 'out of stock' });
      expect(byId.get(String(ids.sale))).toMatchObject({ price: '320.00 EGP', sale_price: '256.00 EGP' });
      expect(byId.get(String(ids.sale))!.sale_price_effective_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z\/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z$/);
      expect(byId.get(String(ids.soldOut))!.availability).toBe('out of stock');
      // The same items as Google's feed.
      const google = googleItems((await feed(`/feeds/google.xml?lng=${lng}`)).body).items.map((i) => i.id![0]);
      expect(rows.map((r) => r.id)).toEqual(google);
    });
  }

  it('answers 304 to its own ETag until the catalogue changes, and refuses an unknown language', async () => {
    const first = await feed('/feeds/google.xml?lng=ar');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await feed('/feeds/google.xml?lng=ar', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Each format and language has its own tag.
    expect((await feed('/feeds/google.xml?lng=en')).headers.etag).not.toBe(etag);
    expect((await feed('/feeds/meta.csv?lng=ar')).headers.etag).not.toBe(etag);
    // A product saved: a new tag, and the old one gets the whole feed.
    const detail = (await ok({ method: 'GET', url: `/api/admin/products/${ids.simple}` })).json<AdminProductInput & Record<string, unknown>>();
    const { id: _id, slug: _slug, createdAt: _c, updatedAt: _u, ...input } = detail;
    await ok({ method: 'PUT', url: `/api/admin/products/${ids.simple}`, payload: { ...input, price: 33_000 } });
    const changed = await feed('/feeds/google.xml?lng=ar', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(googleItems(changed.body).items.find((i) => i.id![0] === String(ids.simple))!.price).toEqual(['330.00 EGP']);
    // An order takes the last units (a stock change, not an admin write): a new tag, and the item is sold out.
    const csvTag = (await feed('/feeds/meta.csv?lng=ar')).headers.etag as string;
    expect((await feed('/feeds/meta.csv?lng=ar', { 'if-none-match': csvTag })).statusCode).toBe(304);
    const placed = await call({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: '', 'idempotency-key': `feeds-${name}-${Date.now()}` },
      payload: { ...testCustomer, phone: testPhone(7301), lines: [{ productId: ids.simple, quantity: 5 }] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    // The stock version is read at the catalogue's next check (CHANGE_CHECK_MS, within a second), as every process reads it.
    let sold = await feed('/feeds/meta.csv?lng=ar', { 'if-none-match': csvTag });
    for (let waited = 0; sold.statusCode === 304 && waited < 3000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      sold = await feed('/feeds/meta.csv?lng=ar', { 'if-none-match': csvTag });
    }
    expect(sold.statusCode).toBe(200);
    expect(metaItems(sold.body).find((r) => r.id === String(ids.simple))!.availability).toBe('out of stock');

    const bad = await feed('/feeds/meta.csv?lng=xx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'validation', fields: { lng: 'language_invalid' } } });
    // Without ?lng=, English (never the caller's cookie or Accept-Language).
    const plain = await feed('/feeds/meta.csv', { 'accept-language': 'ar', cookie: 'i18next=ar' });
    expect(plain.body).toContain('Feed simple');
  });
});
