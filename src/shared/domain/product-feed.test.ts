import { describe, expect, it } from 'vitest';
import { catalogueItemId, clip, feedItems, feedMoney, saleDates, type FeedContext, type FeedProduct } from './product-feed.js';
import { highestShippingFee } from './governorates.js';

const now = new Date('2026-03-01T10:00:00Z');
const ctx: FeedContext = {
  now,
  offerPrice: () => null,
  colorName: (k) => ({ amber: 'Amber' })[k] ?? k,
  sizeName: (k) => ({ '50ml': '50 ml' })[k] ?? k,
  optionsName: (c, s) => [c && ctx.colorName(c), s && ctx.sizeName(s)].filter(Boolean).join(', ') || null,
  shipping: (paid) => (paid >= 100_000 ? 0 : 12_000),
};
const product: FeedProduct = {
  id: 7,
  title: 'Oud Oil',
  description: 'Deep oud.',
  link: 'https://shop.example.eg/product/7?lng=en',
  images: ['https://shop.example.eg/images/a-800.webp', 'https://shop.example.eg/images/b-800.webp'],
  price: 32_000,
  discount: 0,
  offerEnd: null,
  stock: 3,
  variants: [],
  productType: 'Essential Oils',
};

describe('product feed items', () => {
  it("names items by product id, or product id with the variant's colour and size (the measurement events' ids)", () => {
    expect(catalogueItemId(12, null, null)).toBe('12');
    expect(catalogueItemId(12, 'amber', '200g')).toBe('12-amber-200g');
  });

  it('writes money with two decimals and the currency', () => {
    expect(feedMoney(125_050)).toBe('1250.50 EGP');
    expect(feedMoney(5)).toBe('0.05 EGP');
  });

  it('gives a simple product one item with its pictures, stock and delivery', () => {
    const [item, ...rest] = feedItems(product, ctx);
    expect(rest).toEqual([]);
    expect(item).toEqual({
      id: '7',
      groupId: null,
      title: 'Oud Oil',
      description: 'Deep oud.',
      link: product.link,
      imageLink: product.images[0],
      additionalImageLinks: [product.images[1]],
      availability: 'in_stock',
      price: 32_000,
      salePrice: null,
      saleDates: null,
      color: null,
      size: null,
      productType: 'Essential Oils',
      shipping: 12_000,
    });
    expect(feedItems({ ...product, stock: 0 }, ctx)[0]!.availability).toBe('out_of_stock');
    expect(feedItems({ ...product, images: [] }, ctx)).toEqual([]);
    expect(feedItems({ ...product, description: '' }, ctx)[0]!.description).toBe('Oud Oil');
  });

  it('gives one item per variant, grouped, with its own price, stock, colour and size', () => {
    const items = feedItems(
      {
        ...product,
        discount: 10,
        variants: [
          { id: 1, color: 'amber', size: '50ml', stock: 0, price: 150_000 },
          { id: 2, color: 'amber', size: null, stock: 4, price: null },
        ],
      },
      ctx,
    );
    expect(items.map((i) => [i.id, i.groupId, i.title, i.availability, i.price, i.salePrice, i.color, i.size, i.shipping])).toEqual([
      ['7-amber-50ml', '7', 'Oud Oil – Amber, 50 ml', 'out_of_stock', 150_000, 135_000, 'Amber', '50 ml', 0],
      ['7-amber', '7', 'Oud Oil – Amber', 'in_stock', 32_000, 28_800, 'Amber', null, 12_000],
    ]);
  });

  it("dates a sale by the product's announced offer end, and not an automatic offer's price", () => {
    const onSale = { ...product, discount: 25, offerEnd: '2026-03-05T18:30:00.000Z' };
    expect(feedItems(onSale, ctx)[0]).toMatchObject({ salePrice: 24_000, saleDates: '2026-03-01T10:00Z/2026-03-05T18:30Z' });
    expect(feedItems({ ...onSale, offerEnd: '2026-02-01T00:00:00Z' }, ctx)[0]).toMatchObject({ salePrice: 24_000, saleDates: null });
    const offered = feedItems(product, { ...ctx, offerPrice: (list) => list - 2_000 })[0]!;
    expect(offered).toMatchObject({ price: 32_000, salePrice: 30_000, saleDates: null });
    expect(saleDates(null, now)).toBeNull();
  });

  it('clips long titles at a word', () => {
    const long = `${'Amber '.repeat(40)}Oud`;
    const clipped = clip(long, 150);
    expect(clipped.length).toBeLessThanOrEqual(150);
    expect(clipped.endsWith('Amber…')).toBe(true);
  });

  it('states the dearest delivery, free above the threshold', () => {
    expect(highestShippingFee(10_000, 0)).toBe(12_000);
    expect(highestShippingFee(10_000, 0, { SSN: 20_000 })).toBe(20_000);
    expect(highestShippingFee(60_000, 50_000)).toBe(0);
  });
});
