import { Listing, type ListingConfig } from './listing';

/** The nine listing routes of the specification: one listing, one configuration each. */
export const listingConfigs = {
  'shop-grid-standard': { layout: 'grid', columns: 3, sidebar: 'left', pageSize: 15 },
  'shop-grid-filter': { layout: 'grid', columns: 4, sidebar: 'none', filterPanel: true, pageSize: 16 },
  'shop-grid-two-column': { layout: 'grid', columns: 2, sidebar: 'left', pageSize: 16 },
  'shop-grid-no-sidebar': { layout: 'grid', columns: 4, sidebar: 'none', pageSize: 16 },
  'shop-grid-full-width': { layout: 'grid', columns: 4, sidebar: 'left', fullWidth: true, pageSize: 16 },
  'shop-grid-right-sidebar': { layout: 'grid', columns: 3, sidebar: 'right', pageSize: 15 },
  'shop-list-standard': { layout: 'list', columns: 3, sidebar: 'left', pageSize: 15 },
  'shop-list-full-width': { layout: 'list', columns: 3, sidebar: 'left', fullWidth: true, pageSize: 15 },
  'shop-list-two-column': { layout: 'list', columns: 2, sidebar: 'none', pageSize: 16 },
} satisfies Record<string, ListingConfig>;

export type ListingRoute = keyof typeof listingConfigs;

/** `/shop-grid-standard`: three columns beside a left sidebar, 15 products a page. */
export default function ListingPage() {
  return <Listing config={listingConfigs['shop-grid-standard']} />;
}

export { Listing };
