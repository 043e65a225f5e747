/**
 * The query parameters a storefront page reads: the listing's filters, sort, page and view, the
 * blog's search and page, and order tracking's `number` and `payment` (a return from the payment
 * page that could not be verified, issue 29). Anything else (utm_*, fbclid, gclid, unknown names)
 * changes nothing on the page: the server's page cache leaves it out of its key and renders
 * without it, and links the page builds from the current address (pagination) do not carry it on.
 */
export const pageQueryKeys = ['category', 'tag', 'color', 'size', 'new', 'sale', 'q', 'sort', 'page', 'view', 'number', 'payment'] as const;

const known = new Set<string>(pageQueryKeys);

/** `search` with only the parameters a page reads, in their original order (so links keep it). */
export function pageSearch(search: string | URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const [key, value] of params) if (known.has(key)) out.append(key, value);
  return out;
}
