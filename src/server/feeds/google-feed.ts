import { feedMoney, type FeedItem } from '../../shared/domain/product-feed.js';
import { escapeXml } from '../xml.js';

/** What a feed says of the shop itself: its name (also every item's brand), its address, a line about it. */
export interface FeedChannel {
  title: string;
  link: string;
  description: string;
  language: string;
}

const el = (name: string, value: string): string => `<g:${name}>${escapeXml(value)}</g:${name}>`;

/**
 * The start of a Google Merchant Center feed: RSS 2.0 with Google's `g:` namespace (the product data
 * specification's XML form), up to the first item.
 */
export function googleHead(channel: FeedChannel): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(channel.link)}</link>`,
    `<description>${escapeXml(channel.description)}</description>`,
    `<language>${escapeXml(channel.language)}</language>`,
    '',
  ].join('\n');
}

export const googleTail = '</channel>\n</rss>\n';

/**
 * One item in Google's attributes: no GTIN or MPN (the shop's own products carry none), so
 * `identifier_exists` is `no` and the brand is the shop's name; delivery to Egypt at `item.shipping`.
 */
export function googleItem(item: FeedItem, brand: string): string {
  const parts = [
    el('id', item.id),
    el('title', item.title),
    el('description', item.description),
    el('link', item.link),
    el('image_link', item.imageLink),
    ...item.additionalImageLinks.map((link) => el('additional_image_link', link)),
    el('availability', item.availability),
    el('price', feedMoney(item.price)),
  ];
  if (item.salePrice !== null) parts.push(el('sale_price', feedMoney(item.salePrice)));
  if (item.saleDates) parts.push(el('sale_price_effective_date', item.saleDates));
  parts.push(el('brand', brand), el('condition', 'new'), el('identifier_exists', 'no'));
  if (item.groupId) parts.push(el('item_group_id', item.groupId));
  if (item.color) parts.push(el('color', item.color));
  if (item.size) parts.push(el('size', item.size));
  if (item.productType) parts.push(el('product_type', item.productType));
  parts.push(`<g:shipping>${el('country', 'EG')}${el('service', 'Standard')}${el('price', feedMoney(item.shipping))}</g:shipping>`);
  return `<item>${parts.join('')}</item>\n`;
}
