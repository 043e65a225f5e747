import { westernDigits } from './digits.js';
import { mobileSearch } from './phone.js';

/** What an admin's search term can mean, each part answerable from an index (or a name scan, only for letters). */
export interface OrderSearch {
  /** An order number, `NSM-` and 6 to 9 digits. */
  number: string | null;
  /** A whole mobile number in local form (`01…`, 11 digits). */
  phone: string | null;
  /** The beginning of one (`01…`, 4 to 10 digits). */
  phonePrefix: string | null;
  /** Lower-cased text to find inside customer names. */
  name: string | null;
}

/**
 * An order number as a shopper or an admin types it (`NSM-100123`, `nsm 100123`, `#100123`,
 * `100123`, in Arabic-Indic digits too), in its stored form `NSM-100123`; null when it is not one.
 */
export function normalizeOrderNumber(raw: string): string | null {
  const digits = /^#?\s*(?:nsm)?[\s-]*(\d{6,9})$/i.exec(westernDigits(raw.trim()))?.[1];
  return digits ? `NSM-${digits}` : null;
}

/** Reads the admin's order search box: an order number (`NSM-100123`, `100123`), a phone number or its beginning, or a name. */
export function parseOrderSearch(raw: string): OrderSearch {
  const term = westernDigits(raw.trim());
  const number = normalizeOrderNumber(term);
  // Names only when the term has letters, so typing digits never scans every row.
  const name = !number && /\p{L}/u.test(term) ? term.toLowerCase() : null;
  return { number, ...mobileSearch(term), name };
}
