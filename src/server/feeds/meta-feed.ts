import Papa from 'papaparse';
import { feedMoney, type FeedItem } from '../../shared/domain/product-feed.js';

/** Meta's catalogue columns (Commerce Manager's data feed), in the file's order. */
export const metaColumns = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'sale_price',
  'sale_price_effective_date',
  'item_group_id',
  'color',
  'size',
  'additional_image_link',
  'product_type',
  'shipping',
] as const;

/** The header line. No byte-order mark: Meta reads UTF-8 as it is, and a mark would rename the first column. */
export const metaHead = `${Papa.unparse([[...metaColumns]])}\r\n`;

/** One item's cells, by column. Meta writes availability with a space ("in stock") and delivery as `country:region:service:price`. */
function cells(item: FeedItem, brand: string): Record<(typeof metaColumns)[number], string> {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    availability: item.availability === 'in_stock' ? 'in stock' : 'out of stock',
    condition: 'new',
    price: feedMoney(item.price),
    link: item.link,
    image_link: item.imageLink,
    brand,
    sale_price: item.salePrice === null ? '' : feedMoney(item.salePrice),
    sale_price_effective_date: item.saleDates ?? '',
    item_group_id: item.groupId ?? '',
    color: item.color ?? '',
    size: item.size ?? '',
    additional_image_link: item.additionalImageLinks.join(','),
    product_type: item.productType ?? '',
    shipping: `EG::Standard:${feedMoney(item.shipping)}`,
  };
}

/**
 * Rows of the CSV, quoted as RFC 4180 says (a cell with a comma, a quote or a line break in quotes,
 * quotes doubled), lines ended by CRLF. Cells are not neutralised as the admin's spreadsheets are:
 * Meta reads the text as it is, and an apostrophe would become part of a title.
 */
export function metaRows(items: readonly FeedItem[], brand: string): string {
  if (!items.length) return '';
  const rows = items.map((item) => {
    const row = cells(item, brand);
    return metaColumns.map((c) => row[c]);
  });
  return `${Papa.unparse(rows, { newline: '\r\n' })}\r\n`;
}
