import { hasVariations, lineStock, MAX_LINE_QUANTITY, type CartItem, type CartProduct, type OrderLineRequest } from './cart.js';

/**
 * The cart's lines mirrored to a first-party cookie (decision 025), so the server can render
 * `/cart` and `/checkout` with the shopper's lines and take a checkout form posted without scripts.
 * The browser's stored cart stays the cart; the cookie is its copy, written on every change.
 * It is sent only to those two addresses (one cookie per path), not with every picture and script.
 */
export const CART_COOKIE = 'cart';
export const CART_COOKIE_PATHS = ['/cart', '/checkout'] as const;
/** A year, like the stored cart that has no end. */
export const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
/**
 * What the server writes (on every path) once it has placed the order a form posted without
 * scripts: the stored cart, out of the server's reach, is emptied by the browser when it next starts.
 */
export const CART_PLACED_COOKIE = 'cart-placed';
/** Lines kept at most: a cookie holds about 4 KB, and no shopper's cart is longer. */
export const MAX_COOKIE_LINES = 60;

/** Base64url of UTF-8 (colour and size names may be Arabic): cookie-safe, and no parser decodes it. */
function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** `[[12,2],[15,1,"Amber","100 ml"]]` in base64url: product id, quantity, and a variant's options. */
export function encodeLines(lines: readonly OrderLineRequest[]): string {
  const entries = lines
    .slice(0, MAX_COOKIE_LINES)
    .map((line) => (line.color || line.size ? [line.productId, line.quantity, line.color ?? null, line.size ?? null] : [line.productId, line.quantity]));
  return toBase64Url(JSON.stringify(entries));
}

/** The cookie value of the cart's lines. */
export function encodeCartCookie(items: readonly CartItem[]): string {
  return encodeLines(
    items.map((item) => ({
      productId: item.id,
      quantity: item.quantity,
      color: hasVariations(item) ? item.selectedProductColor : null,
      size: hasVariations(item) ? item.selectedProductSize : null,
    })),
  );
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.length <= 60 ? value : null);

/** The lines a cookie value holds; anything malformed is left out, never trusted further than a wish. */
export function decodeCartCookie(value: string | undefined): OrderLineRequest[] {
  if (!value || value.length > 4096) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(value));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const lines: OrderLineRequest[] = [];
  for (const entry of parsed.slice(0, MAX_COOKIE_LINES)) {
    if (!Array.isArray(entry)) continue;
    const [productId, units, color, size] = entry as unknown[];
    if (!Number.isSafeInteger(productId) || (productId as number) < 1 || !Number.isInteger(units) || (units as number) < 1) continue;
    lines.push({ productId: productId as number, quantity: Math.min(units as number, MAX_LINE_QUANTITY), color: text(color), size: text(size) });
  }
  return lines;
}

/**
 * Cart lines for the server's render from the cookie's lines and the products as the shop has them
 * now (a line whose product is gone is left out; quantities are re-capped to the stock as
 * `refreshCartProducts` does). Line ids are made from the line's place: the browser's stored cart
 * replaces this one as soon as it is back.
 */
export function cartFromCookieLines(lines: readonly OrderLineRequest[], products: ReadonlyMap<number, CartProduct>): CartItem[] {
  const out: CartItem[] = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product) continue;
    const color = hasVariations(product) ? (line.color ?? null) : null;
    const size = hasVariations(product) ? (line.size ?? null) : null;
    if (hasVariations(product) && !product.variants.some((v) => v.color === color && v.size === size)) continue;
    const stock = lineStock(product, color, size);
    const { id, slug, sku, name, price, discount, images, stock: productStock, variants, categories } = product;
    out.push({
      id,
      slug,
      sku,
      name,
      price,
      discount,
      images,
      stock: productStock,
      variants,
      categories,
      cartItemId: `cookie-${out.length}`,
      quantity: stock > 0 ? Math.min(line.quantity, stock) : line.quantity,
      selectedProductColor: color,
      selectedProductSize: size,
    });
  }
  return out;
}

/** The `cart-placed` mark's cookie: set by the server for a year, removed by the browser (max age 0). */
export function cartPlacedCookie(maxAge: number): string {
  return `${CART_PLACED_COOKIE}=${maxAge ? '1' : ''}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}

/** The `Set-Cookie` values that write `value` on every path the cart cookie lives on. */
export function cartCookieHeaders(value: string, maxAge = CART_COOKIE_MAX_AGE): string[] {
  return CART_COOKIE_PATHS.map((path) => `${CART_COOKIE}=${value}; Path=${path}; Max-Age=${maxAge}; SameSite=Lax`);
}
