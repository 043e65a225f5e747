import type { PromotionKind } from '../../shared/domain/promotion-codes.js';
import type { Language } from '../../shared/domain/languages.js';
import type { PaymentMethod } from '../../shared/domain/payments.js';
import type { StaffRole } from '../../shared/domain/permissions.js';
import type { RefundMethod, ReturnKind, ReturnState } from '../../shared/domain/returns.js';

/**
 * Every message the shop sends (issue 16, decision 021). A message is written to the outbox with
 * what its renderer needs, taken in the transaction of the change that causes it, so it says what
 * was true then and a later edit cannot change what a customer is told. `origin` is the shop's
 * address (publicOrigin) for the links the message carries.
 */
interface MessageBase {
  /** An e-mail address. */
  to: string;
  language: Language;
  origin: string;
}

/** One line of an order as its e-mails show it (piastres). */
export interface MessageOrderLine {
  name: string;
  /** The chosen options (colour, size), or null. */
  options: string | null;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

/** An order as its e-mails show it, taken when the message was written. */
export interface MessageOrder {
  number: string;
  /** The order's private link, `/order/:number?token=…` (relative to origin). */
  link: string;
  customerName: string;
  phone: string;
  governorate: string;
  city: string;
  address: string;
  notes: string | null;
  lines: MessageOrderLine[];
  subtotal: number;
  /** What promotions gave (issue 30): the code or offer's name and piastres taken off or the delivery saved (absent in older messages). */
  promotions?: Array<{ name: string; kind: PromotionKind; amount: number }>;
  shippingFee: number;
  total: number;
  placedAt: string;
}

/** `paymentMethod`: how the order is paid (absent in messages written before online payment: cash on delivery). */
export type OrderReceivedMessage = MessageBase & { kind: 'order_received'; order: MessageOrder; paymentMethod?: PaymentMethod };
export type MerchantNewOrderMessage = MessageBase & { kind: 'merchant_new_order'; order: MessageOrder; paymentMethod?: PaymentMethod };
export type OrderStatusMessage = MessageBase & {
  kind: 'order_status';
  status: 'confirmed' | 'shipped' | 'delivered' | 'cancelled';
  order: MessageOrder;
  /** What the admin wrote for the shopper when shipping (carrier, tracking number), or null. */
  trackingNote: string | null;
  /** Delivered: when the order was delivered, for its "Review your order" link (made when sent, like the order's). */
  deliveredAt?: string;
  /** The signed review link, added when the message is sent (`withOrderToken`), never stored. */
  reviewLink?: string;
};
/** An order paid online (issue 29): the money arrived. */
export type PaymentReceivedMessage = MessageBase & { kind: 'payment_received'; method: 'card' | 'wallet' | 'kiosk'; order: MessageOrder };
/** The bank declined an online payment: the order's link lets the shopper try again or choose cash on delivery. */
export type PaymentFailedMessage = MessageBase & { kind: 'payment_failed'; order: MessageOrder };
/** Money given back (piastres): this refund, everything refunded so far, and the merchant's reason. */
export type RefundMadeMessage = MessageBase & { kind: 'refund_made'; order: MessageOrder; amount: number; refundedTotal: number; reason: string };
export type LowStockMessage = MessageBase & {
  kind: 'low_stock_daily';
  /** The Cairo day (YYYY-MM-DD) the list was made for: one list a day. */
  day: string;
  items: Array<{ productId: number; name: string; options: string | null; stock: number }>;
};
/** A single-use link to set a new password (valid one hour). The link is removed from the stored payload once sent. */
export type PasswordResetMessage = MessageBase & { kind: 'password_reset'; name: string; link: string };
/** A registration's link that completes the account (valid one day). Removed from the stored payload once sent. */
export type SignUpLinkMessage = MessageBase & { kind: 'sign_up_link'; name: string; link: string };
/** Someone tried to register with an address that has an account: sign in or reset. */
export type SignUpTakenMessage = MessageBase & { kind: 'sign_up_taken'; name: string };
/** An owner invites a person to the staff with a role (issue 32): the link (valid 7 days) joins them. Removed from the stored payload once sent. */
export type StaffInviteMessage = MessageBase & { kind: 'staff_invite'; name: string; role: StaffRole; invitedBy: string; link: string };

/**
 * Back-in-stock alerts (issue 34, decision 046). The confirmation of the double opt-in carries the
 * alert's link (`/stock-alerts/confirm?token=…`, valid 7 days), removed from the stored payload
 * once sent. `product` is the product's name in the message's language and `options` the option
 * waited for, or null.
 */
export type StockAlertConfirmMessage = MessageBase & { kind: 'stock_alert_confirm'; product: string; options: string | null; link: string };
/**
 * The product is back: a link to its page (`productLink`) and the alert's signed one-click
 * unsubscribe link (`/stock-alerts/unsubscribe?id=&sig=`), also sent as `List-Unsubscribe`.
 */
export type BackInStockMessage = MessageBase & { kind: 'back_in_stock'; product: string; options: string | null; productLink: string; unsubscribeLink: string };

/**
 * A step of a return or exchange (issue 33): asked, approved, refused, refunded (with the amount and
 * how), or the exchange sent (with its new order's number). `lines` are the units sent back.
 */
export type ReturnUpdateMessage = MessageBase & {
  kind: 'return_update';
  step: Exclude<ReturnState, 'received'>;
  returnKind: ReturnKind;
  returnNumber: string;
  /** The order the units came from. */
  forOrder: string;
  /** The order the message links to: the exchange's new order once sent, else `forOrder`. */
  order: MessageOrder;
  lines: Array<{ name: string; options: string | null; quantity: number }>;
  /** The merchant's note (a refusal's reason), or ''. */
  note: string;
  refund?: { amount: number; method: RefundMethod };
  exchangeOrderNumber?: string;
};

export type OutboxMessage =
  | OrderReceivedMessage
  | MerchantNewOrderMessage
  | OrderStatusMessage
  | PaymentReceivedMessage
  | PaymentFailedMessage
  | RefundMadeMessage
  | LowStockMessage
  | PasswordResetMessage
  | SignUpLinkMessage
  | SignUpTakenMessage
  | StaffInviteMessage
  | ReturnUpdateMessage
  | StockAlertConfirmMessage
  | BackInStockMessage;

export type MessageKind = OutboxMessage['kind'];

/** Kinds whose payload holds a secret link: it is blanked once the message is sent. */
export const secretLinkKinds: ReadonlySet<MessageKind> = new Set(['password_reset', 'sign_up_link', 'staff_invite', 'stock_alert_confirm']);
