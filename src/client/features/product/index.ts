export { ProductView } from './product-page';
export type { GalleryKind } from './product-gallery';
