import { Listing, type ListingConfig } from './listing';

/** `/shop-grid-standard`: three columns beside a left sidebar, 15 products a page. */
export const standardListing: ListingConfig = { layout: 'grid', columns: 3, sidebar: 'left', pageSize: 15 };

export default function ListingPage() {
  return <Listing config={standardListing} />;
}
