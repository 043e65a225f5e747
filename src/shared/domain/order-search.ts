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

/** Reads the admin's order search box: an order number (`NSM-100123`, `100123`), a phone number or its beginning, or a name. */
export function parseOrderSearch(raw: string): OrderSearch {
  const term = westernDigits(raw.trim());
  const number = /^(?:nsm)?[\s-]*(\d{6,9})$/i.exec(term)?.[1];
  // Names only when the term has letters, so typing digits never scans every row.
  const name = !number && /\p{L}/u.test(term) ? term.toLowerCase() : null;
  return { number: number ? `NSM-${number}` : null, ...mobileSearch(term), name };
}
