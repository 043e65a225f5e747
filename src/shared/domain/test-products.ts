import type { Product } from '../schemas/product.js';
import type { PublicSettings } from '../schemas/settings.js';
import type { AdminPromotionInput } from '../schemas/promotion.js';

/** A product for tests: sensible defaults, override what the test is about. */
export function makeProduct(over: Partial<Product> & { id: number }): Product {
  return {
    slug: `p-${over.id}`,
    sku: `SKU-${over.id}`,
    name: `Product ${over.id}`,
    shortDescription: '',
    fullDescription: '',
    price: 10000,
    discount: 0,
    offerEnd: null,
    isNew: false,
    rating: 4,
    reviewCount: 3,
    saleCount: 0,
    categories: [],
    tags: [],
    images: [],
    stock: 10,
    variants: [],
    createdAt: '2026-11-01T00:00:00.000Z',
    ...over,
  };
}

/** The shop's public settings for browser tests: cash on delivery only, as a shop without Paymob. */
export const testSettings: PublicSettings = {
  shopName: 'Nasma',
  phone: '+20 100 555 0123',
  whatsapp: '+20 100 555 0123',
  email: 'hello@nasma.test',
  address: 'Cairo',
  currencyRates: { EGP: 1, USD: 0.02, EUR: 0.02, GBP: 0.02 },
  freeShippingThreshold: 150000,
  shippingFees: {},
  paymentMethods: ['cod'],
  measurement: { ga4Id: '', metaPixelId: '' },
};

/** A cash-on-delivery shopper for tests that place orders: add `lines` (and an Idempotency-Key header). */
export const testCustomer = {
  fullName: 'Mona Adel',
  phone: '01005550199',
  governorate: 'CAI',
  city: 'Nasr City',
  address: '12 Abbas El Akkad, flat 4',
  paymentMethod: 'cod',
} as const;

/**
 * The n-th of many test shoppers' phone numbers (01005550200, 01005550201...): the shop takes
 * only a few orders from one phone number in ten minutes (decision 016).
 */
export const testPhone = (n: number): string => `0100555${String(200 + (n % 9800)).padStart(4, '0')}`;

/** A promotion as the merchant's form sends it, for tests: 10% off the whole order, automatic, alone; override what the test is about. */
export const testPromotion = (over: Partial<AdminPromotionInput> = {}): AdminPromotionInput => ({
  names: { en: 'Test offer', ar: 'عرض تجريبي' },
  code: null,
  kind: 'percent',
  value: 10,
  productIds: [],
  categoryIds: [],
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  perCustomer: null,
  firstOrderOnly: false,
  withProductDiscounts: true,
  combines: false,
  paused: false,
  ...over,
});
