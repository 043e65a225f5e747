export * from './pricing.js';
export * from './currency.js';
export * from './cart.js';
export * from './wishlist.js';
export * from './compare.js';
export * from './catalog-query.js';
export * from './languages.js';
export * from './vocabulary.js';
