import { api, type PlacedOrder } from '../../app/api';
import { tapActions } from '../../app/action-taps';
import { addToCart, type CartState } from '../cart';
import type { Product, ProductList } from '../../../shared/schemas/product';
import type { PublicSettings } from '../../../shared/schemas/settings';
import { cartItems, itemsValue, orderItems, productItem, type MeasuredItem } from '../../../shared/domain/measurement';

/**
 * Google Analytics 4 and Meta Pixel for a shopper who accepted measurement (decision 047): loaded
 * only then, from this chunk, which nothing else in the shop imports. It hears the shop's actions
 * (action-taps.ts) and the pages shown, and sends the e-commerce events view_item_list, view_item,
 * add_to_cart, begin_checkout, add_payment_info and purchase, in EGP, with the item ids of the
 * product feeds (`catalogueItemId`). A purchase is sent once per order.
 */

type Ids = PublicSettings['measurement'];
type Command = (...args: unknown[]) => void;
interface MeasuredWindow {
  dataLayer?: unknown[];
  gtag?: Command;
  fbq?: Command & { queue?: unknown[]; callMethod?: Command; push?: Command; loaded?: boolean; version?: string };
  _fbq?: unknown;
}
type Slices = { cart: CartState; [key: string]: unknown };
type Queries = Record<string, { endpointName?: string; status?: string; originalArgs?: unknown; data?: unknown; fulfilledTimeStamp?: number } | undefined>;

const w = window as unknown as MeasuredWindow;
const egp = (piastres: number) => Math.round(piastres) / 100;
/** The orders whose purchase this browser has sent, newest last; bounded. */
const SENT_KEY = 'nasma-measured-orders';
const productPath = /^\/product[\w-]*\/(\d{1,9})$/;
const listingPath = /^\/shop-[\w-]+$/;

function loadScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

function sentOrders(): string[] {
  try {
    return JSON.parse(localStorage.getItem(SENT_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/** True the first time an order's purchase is claimed in this browser. */
function claimPurchase(number: string): boolean {
  const sent = sentOrders();
  if (sent.includes(number)) return false;
  try {
    localStorage.setItem(SENT_KEY, JSON.stringify([...sent, number].slice(-50)));
  } catch {
    /* storage disabled: sent now, perhaps again after a reload of the same page */
  }
  return true;
}

interface Measurement {
  /** A page was shown (the first, or after a navigation). */
  pageShown(pathname: string): void;
}

let started: Measurement | null = null;

export function startMeasurement(ids: Ids, getState: () => unknown): Measurement {
  if (started) return started;
  if (ids.ga4Id) {
    w.dataLayer ??= [];
    // gtag's own definition: it queues its arguments object, which gtag.js reads.
    w.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
    w.gtag('js', new Date());
    w.gtag('config', ids.ga4Id);
    loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids.ga4Id)}`);
  }
  if (ids.metaPixelId) {
    // Meta's queue until fbevents.js takes over (the pixel's own snippet, without its inline script).
    const fbq: NonNullable<MeasuredWindow['fbq']> = Object.assign(
      (...args: unknown[]) => {
        if (fbq.callMethod) fbq.callMethod(...args);
        else fbq.queue!.push(args);
      },
      { loaded: true, version: '2.0', queue: [] as unknown[] },
    );
    fbq.push = fbq;
    w.fbq = fbq;
    w._fbq ??= fbq;
    fbq('init', ids.metaPixelId);
    loadScript('https://connect.facebook.net/en_US/fbevents.js');
  }

  /** One e-commerce event to both tools: GA4's name and payload, Meta's standard event. */
  const send = (name: string, items: MeasuredItem[], extra: Record<string, unknown> = {}, value = itemsValue(items)) => {
    w.gtag?.('event', name, {
      currency: 'EGP',
      value: egp(value),
      items: items.map((item) => ({
        item_id: item.id,
        item_name: item.name,
        price: egp(item.price),
        quantity: item.quantity,
        ...(item.variant ? { item_variant: item.variant } : {}),
        ...(item.category ? { item_category: item.category } : {}),
      })),
      ...extra,
    });
    const metaEvent = {
      view_item: 'ViewContent',
      add_to_cart: 'AddToCart',
      begin_checkout: 'InitiateCheckout',
      add_payment_info: 'AddPaymentInfo',
      purchase: 'Purchase',
    }[name];
    if (metaEvent)
      w.fbq?.('track', metaEvent, {
        currency: 'EGP',
        value: egp(value),
        content_type: 'product',
        content_ids: items.map((item) => item.id),
        contents: items.map((item) => ({ id: item.id, quantity: item.quantity })),
      });
  };

  const queries = () => ((getState() as Record<string, { queries?: Queries } | undefined>)[api.reducerPath]?.queries ?? {}) as Queries;
  /** What the page shown still owes: sent once its data is in the store (now, or when it arrives). */
  let owed: { path: string; send: () => boolean } | null = null;
  const settle = () => {
    if (owed?.send()) owed = null;
  };
  let paymentInfoSent = false;

  const pageShown = (pathname: string) => {
    w.fbq?.('track', 'PageView');
    const product = productPath.exec(pathname);
    if (product) {
      const id = Number(product[1]);
      owed = {
        path: pathname,
        send: () => {
          const found = Object.values(queries()).find(
            (q) => q?.endpointName === 'getProduct' && q.status === 'fulfilled' && (q.originalArgs as { id?: number } | undefined)?.id === id,
          );
          if (!found) return false;
          const item = productItem(found.data as Product);
          send('view_item', [item]);
          return true;
        },
      };
    } else if (listingPath.test(pathname)) {
      const shownAt = Date.now();
      owed = {
        path: pathname,
        send: () => {
          // The listing the page shows: the newest answer, once one came after the page was shown
          // or was already there for it (a server-rendered or kept listing).
          const lists = Object.values(queries()).filter((q) => q?.endpointName === 'getProducts' && q.status === 'fulfilled');
          const newest = lists.sort((a, b) => (b?.fulfilledTimeStamp ?? 0) - (a?.fulfilledTimeStamp ?? 0))[0];
          if (!newest || (lists.length > 1 && (newest.fulfilledTimeStamp ?? 0) < shownAt - 60_000)) return false;
          const items = (newest.data as ProductList).items.slice(0, 20).map((p) => productItem(p));
          send('view_item_list', items, { item_list_id: pathname.slice(1), item_list_name: pathname.slice(1) });
          return true;
        },
      };
    } else if (pathname === '/checkout') {
      paymentInfoSent = false;
      const lines = (getState() as Slices).cart.cartItems;
      if (lines.length) send('begin_checkout', cartItems(lines));
      owed = null;
    } else owed = null;
    settle();
  };

  tapActions((action, state) => {
    if (addToCart.match(action)) {
      const { product, quantity = 1, selectedProductColor = null, selectedProductSize = null } = action.payload;
      if (product.stock > 0) send('add_to_cart', [productItem(product, selectedProductColor, selectedProductSize, quantity)]);
    } else if (api.endpoints.placeOrder.matchPending(action)) {
      if (!paymentInfoSent) {
        paymentInfoSent = true;
        const lines = (state as Slices).cart.cartItems;
        send('add_payment_info', cartItems(lines), { payment_type: action.meta.arg.originalArgs.body.paymentMethod ?? 'cod' });
      }
    } else if (api.endpoints.placeOrder.matchFulfilled(action)) {
      const { order } = action.payload as PlacedOrder;
      if (claimPurchase(order.number))
        send('purchase', orderItems(order.lines), { transaction_id: order.number, shipping: egp(order.shippingFee) }, order.total);
    }
    if (owed) settle();
  });

  started = { pageShown };
  return started;
}

/**
 * After the shopper withdrew their consent: the tools' cookies go (on this host and the domains
 * above it, where GA4 sets them), and the page reloads without their scripts.
 */
export function forgetMeasurement(): void {
  const names = document.cookie
    .split(';')
    .map((c) => c.split('=')[0]!.trim())
    .filter((name) => /^(_ga|_gid|_gat|_fbp|_fbc)/.test(name));
  const parts = window.location.hostname.split('.');
  const domains = ['', ...parts.slice(0, -1).map((_, i) => `; domain=.${parts.slice(i).join('.')}`)];
  for (const name of names) for (const domain of domains) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
  window.location.reload();
}
