export { ProductCard } from './product-card';
export { Listing, type ListingConfig } from './listing';
