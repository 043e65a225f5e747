import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ConfirmationAnswer, ConfirmationState } from '../../shared/domain/cod-confirmation.js';
import type { OrderStatusValue } from '../../shared/domain/order-status.js';
import type { PaymentFlag, PaymentMethod, PaymentState } from '../../shared/domain/payments.js';
import type { PromotionKind } from '../../shared/domain/promotion-codes.js';
import type { ReviewStatus } from '../../shared/domain/reviews.js';
import type { Language } from '../../shared/domain/languages.js';
import type { StaffRole, StoredRole } from '../../shared/domain/permissions.js';
import type { AuditKind } from '../../shared/domain/audit.js';
import type { RefundMethod, ReturnKind, ReturnReason, ReturnState } from '../../shared/domain/returns.js';
import type { BlockedKind, CourierReason } from '../../shared/domain/order-risk.js';
import type { ImportAction, ImportOutcome, ImportStatus } from '../../shared/schemas/product-import.js';

/**
 * Database tables. Money columns are integer piastres; flags are 0/1 integers so SQLite and
 * PostgreSQL share one code path; timestamps are ISO strings on write (PostgreSQL returns Date
 * objects on read, normalised by `toIso`).
 */
type Timestamp = ColumnType<Date | string, string, string>;
/** The language an order or account was made in (migration 012): stored with a default, so an insert may leave it out. */
type CustomerLanguage = ColumnType<string, string | undefined, string>;

export interface CategoryTable {
  id: Generated<number>;
  slug: string;
  name_en: string;
  name_ar: string;
  name_fr: string | null;
  name_de: string | null;
  image: string | null;
  sort_order: number;
  /** JSON array of colour keys its products may use, `[]` none, NULL any (migration 027). */
  option_colors: string | null;
  /** JSON array of size keys its products may use, `[]` none, NULL any (migration 027). */
  option_sizes: string | null;
  created_at: Timestamp;
}

export interface ProductTable {
  id: Generated<number>;
  slug: string;
  sku: string;
  name_en: string;
  name_ar: string;
  name_fr: string | null;
  name_de: string | null;
  short_description_en: string;
  short_description_ar: string;
  short_description_fr: string | null;
  short_description_de: string | null;
  full_description_en: string;
  full_description_ar: string;
  full_description_fr: string | null;
  full_description_de: string | null;
  price: number;
  discount: number;
  offer_end: Timestamp | null;
  is_new: number;
  rating: number;
  sale_count: number;
  stock: number;
  visible: number;
  /** Set when the merchant deletes the product: gone from the shop and the admin list, kept for orders. */
  deleted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The content version at which an admin write last changed the product (decision 019). */
  changed_version: Generated<number>;
  /** When an order last moved its stock: the stock version (SQLite) or the transaction id (PostgreSQL). */
  stock_mark: Generated<number>;
  /** Published reviews giving it one to five stars (migration 021): the count and average are read from them. */
  reviews_1: Generated<number>;
  reviews_2: Generated<number>;
  reviews_3: Generated<number>;
  reviews_4: Generated<number>;
  reviews_5: Generated<number>;
}

export interface ProductCategoryTable {
  product_id: number;
  category_id: number;
}

export interface ProductTagTable {
  product_id: number;
  tag: string;
}

export interface ProductImageTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  /** Path under /images without width and extension, e.g. `products/jasmine-1`. */
  base: string;
  /** Comma-separated widths available, e.g. `400,800`. */
  widths: string;
  width: number;
  height: number;
}

export interface ProductVariantTable {
  id: Generated<number>;
  product_id: number;
  color: string | null;
  size: string | null;
  stock: number;
  price: number | null;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface UserTable {
  id: Generated<number>;
  email: string;
  name: string;
  phone: string | null;
  password_hash: string;
  role: StoredRole;
  language: CustomerLanguage;
  created_at: Timestamp;
  updated_at: Timestamp | null;
}

export interface UserAddressTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  name: string;
  phone: string;
  governorate: string;
  city: string;
  address: string;
  is_default: number;
  created_at: Timestamp;
}

export interface SessionTable {
  /** SHA-256 of the cookie token, so a leaked database does not leak live sessions. */
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/**
 * Attempt counters (decisions 008, 016, 031), written only by rate-limiter-flexible's database
 * stores; read here by tests.
 */
export interface RateLimitTable {
  /** `<limiter>:<key>`, e.g. `attempt:a:<hash of an email>`. */
  key: string;
  points: Generated<number>;
  /** When the count (or a lock) runs out, in epoch milliseconds. PostgreSQL's bigint reads as a string. */
  expire: ColumnType<string | number | null, number | null, number | null>;
}

/** Pictures kept in the database (decision 015); the key is the URL path without its leading slash. */
export interface StoredFileTable {
  key: string;
  content_type: string;
  /** PostgreSQL `bytea` (SQLite `blob`); both drivers read it as a Buffer. */
  bytes: Buffer;
  /** Bytes. */
  size: number;
  created_at: Timestamp;
}

export type OrderStatus = OrderStatusValue;

export interface OrderTable {
  id: Generated<number>;
  number: string | null;
  access_token_hash: string;
  user_id: number | null;
  status: OrderStatus;
  customer_name: string;
  phone: string;
  email: string | null;
  governorate: string;
  city: string;
  address: string;
  notes: string | null;
  payment_method: PaymentMethod;
  currency: 'EGP';
  subtotal: number;
  shipping_fee: number;
  total: number;
  idempotency_key: string | null;
  request_hash: string | null;
  stock_restored: number;
  language: CustomerLanguage;
  /** The customer's last answer to the cash-on-delivery confirmation (migration 014); 'awaiting' by default. */
  confirmation: ColumnType<ConfirmationState, ConfirmationState | undefined, ConfirmationState>;
  /** When that answer was recorded; null while awaiting. */
  confirmation_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** How the order's payment stands (migration 019); 'cod' by default. */
  payment_state: ColumnType<PaymentState, PaymentState | undefined, PaymentState>;
  /** While unpaid online: when it is cancelled and its stock released. */
  payment_due_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Piastres refunded so far. */
  refunded: ColumnType<number, number | undefined, number>;
  payment_flag: ColumnType<PaymentFlag | null, PaymentFlag | null | undefined, PaymentFlag | null>;
  /** Piastres the order's promotions took off its subtotal (migration 020). */
  discount: ColumnType<number, number | undefined, number>;
  /** When it was delivered (migration 021): its review link runs 60 days from then. */
  delivered_at: ColumnType<Date | string | null, Date | string | null | undefined, string | null>;
  /** A hash of the normalised delivery address (migration 024): "the same address within the hour". */
  address_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the order waits for review (JSON list of risk reasons), null when it was not flagged. */
  review_reasons: ColumnType<string | null, string | null | undefined, string | null>;
  /** When and by whom a flagged order was marked reviewed; null while it waits. */
  reviewed_at: ColumnType<Date | string | null, Date | string | null | undefined, string | null>;
  reviewed_by: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A phone number or e-mail address whose checkouts are refused (migration 024). */
export interface BlockedContactTable {
  id: Generated<number>;
  kind: BlockedKind;
  /** Normalised: a mobile in local form, an e-mail lower-cased (`blockedValue`). */
  value: string;
  note: string | null;
  created_by: number | null;
  created_at: Timestamp;
}

export type PaymentAttemptState = 'created' | 'pending' | 'succeeded' | 'failed' | 'not_started';

/** One try at paying an order online (migration 019): a Paymob intention. */
export interface PaymentAttemptTable {
  id: Generated<number>;
  order_id: number;
  provider: 'paymob';
  method: PaymentMethod;
  reference: string;
  amount: number;
  state: PaymentAttemptState;
  intention_id: string | null;
  client_secret: string | null;
  provider_order_id: string | null;
  transaction_id: string | null;
  bill_reference: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A transaction outcome or refund, recorded once per (transaction_id, outcome) (migration 019). */
export interface PaymentTransactionTable {
  id: Generated<number>;
  order_id: number;
  transaction_id: string;
  kind: 'payment' | 'refund';
  outcome: 'succeeded' | 'failed' | 'pending';
  amount: number;
  source: 'callback' | 'inquiry' | 'admin';
  reason: string | null;
  actor_user_id: number | null;
  created_at: Timestamp;
}

/** Orders placed and revenue (piastres, orders neither cancelled nor returned) per UTC hour `YYYY-MM-DDTHH`; kept by triggers (migration 007). */
export interface OrderHourlyTotalTable {
  hour: string;
  /** One of the rows an hour's total is split over (migration 007): add them up. */
  shard: Generated<number>;
  orders: number;
  /** bigint: PostgreSQL answers a string. */
  revenue: number | string;
}

/** How many orders are in each status now; kept by triggers (migration 007). */
export interface OrderStatusTotalTable {
  status: OrderStatus;
  /** One of the rows a status's total is split over (migration 007): add them up. */
  shard: Generated<number>;
  orders: number;
}

/** Units and money (piastres) per product per UTC day `YYYY-MM-DD`, orders neither cancelled nor returned; kept by triggers (migration 007). */
export interface ProductDailySalesTable {
  day: string;
  product_id: number;
  quantity: number;
  revenue: number | string;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  variant_id: number | null;
  name: string;
  sku: string;
  color: string | null;
  size: string | null;
  /** Piastres before discount. */
  unit_price: number;
  discount: number;
  /** Piastres after discount. */
  unit_paid: number;
  quantity: number;
  line_total: number;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  actor_user_id: number | null;
  note: string | null;
  /** The confirmation answer this entry records (migration 014); from = to when the status did not move. */
  confirmation: ColumnType<ConfirmationAnswer | null, ConfirmationAnswer | null | undefined, ConfirmationAnswer | null>;
  /** The payment state this entry records (migration 019), with Paymob's transaction id. */
  payment_state: ColumnType<PaymentState | null, PaymentState | null | undefined, PaymentState | null>;
  transaction_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the courier brought the parcel back (migration 024), on a move to refused or returned. */
  courier_reason: ColumnType<CourierReason | null, CourierReason | null | undefined, CourierReason | null>;
  created_at: Timestamp;
}

export interface NewsletterSubscriberTable {
  id: Generated<number>;
  email: string;
  language: string;
  created_at: Timestamp;
}

export interface BlogPostTable {
  id: Generated<number>;
  slug: string;
  category: string;
  /** Comma-separated tag keys. */
  tags: string;
  /** Path under /images without width and extension, e.g. `/images/blog/candle-care`. */
  image: string | null;
  author: string;
  title_en: string;
  title_ar: string;
  excerpt_en: string;
  excerpt_ar: string;
  /** Paragraphs separated by blank lines; a line starting with `## ` is a subheading. */
  body_en: string;
  body_ar: string;
  published_at: Timestamp;
  created_at: Timestamp;
}

export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  handled: number;
  created_at: Timestamp;
}

/** Searches per Cairo day (YYYY-MM-DD), page language and normalised query (decision 018). */
export interface SearchStatTable {
  day: string;
  language: string;
  query: string;
  searches: number;
  no_results: number;
}

/** Where a message stands (migration 013, decision 021): waiting or retrying, sent, failed after its last retry, or held because no SMTP server is set (the admin shows what would have gone). */
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'held';

/** Messages to send, written in the transaction of the change that causes them (migration 013). */
export interface OutboxTable {
  id: Generated<number>;
  /** A `MessageKind` (src/server/messages/kinds.ts). */
  kind: string;
  /** An e-mail address. */
  recipient: string;
  language: string;
  /** The message's JSON payload: what the renderer needs, taken when the change was made. */
  payload: string;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  /** Until when a sender holds the message; a sender killed while sending lets it run out. */
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** Where a job stands (migration 018, decision 032): waiting or retrying, done, or failed after its last retry (kept for a person to see). */
export type JobStatus = 'pending' | 'done' | 'failed';

/** Work for the job runner (migration 018): a handler's kind and its JSON payload. */
export interface JobTable {
  id: Generated<number>;
  /** A kind of the job registry (src/server/jobs/registry.ts). */
  kind: string;
  payload: string;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  /** When the job is due (again, after a failed attempt). */
  run_at: Timestamp;
  /** Until when a runner holds the job; a runner killed while running lets it run out. */
  locked_until: Timestamp | null;
  last_error: string | null;
  /** Set for a job that must exist once (a daily job's `kind:day`); null otherwise. */
  unique_key: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** A password reset link (migration 015): single use, one hour; only the token's SHA-256 is kept. */
export interface PasswordResetTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A registration waiting for its e-mail link (migration 015): the account is made when the link is used. */
export interface SignUpTable {
  token_hash: string;
  email: string;
  name: string;
  phone: string | null;
  password_hash: string;
  language: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A merchant's offer (migration 020): a code or automatic, with what it takes off and its conditions. */
export interface PromotionTable {
  id: Generated<number>;
  name_en: string;
  name_ar: string;
  name_fr: string | null;
  name_de: string | null;
  code: string | null;
  kind: PromotionKind;
  value: number;
  min_subtotal: number;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  max_uses: number | null;
  uses: ColumnType<number, number | undefined, number>;
  per_customer: number | null;
  first_order_only: number;
  with_product_discounts: number;
  combines: number;
  paused: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A buyer's review of one order line (migration 021, decision 038). */
export interface ReviewTable {
  id: Generated<number>;
  product_id: number;
  order_id: number;
  order_line_id: number;
  user_id: number | null;
  rating: number;
  title: string;
  body: string;
  display_name: string;
  language: Language;
  status: ReviewStatus;
  reject_reason: string | null;
  reply: string | null;
  replied_at: Timestamp | null;
  helpful: ColumnType<number, number | undefined, number>;
  has_photos: number;
  replaces_id: number | null;
  created_at: Timestamp;
  published_at: Timestamp | null;
  moderated_at: Timestamp | null;
}

/** A review's picture (migration 021): its address without the width, as product pictures'. */
export interface ReviewPhotoTable {
  id: Generated<number>;
  review_id: number;
  position: number;
  base: string;
  width: number;
  height: number;
}

/** One device's "helpful" on one review (migration 021). */
export interface ReviewVoteTable {
  review_id: number;
  device: string;
  created_at: Timestamp;
}

/** A product or category an offer covers (migration 020). */
export interface PromotionTargetTable {
  promotion_id: number;
  kind: 'product' | 'category';
  target_id: number;
}

/** What an order got from an offer and who used it (migration 020); released once when the order is cancelled. */
export interface OrderPromotionTable {
  id: Generated<number>;
  order_id: number;
  promotion_id: number;
  code: string | null;
  name: string;
  kind: PromotionKind;
  amount: number;
  user_id: number | null;
  phone: string;
  released_at: Timestamp | null;
  created_at: Timestamp;
}

/** An owner's invitation of a person to the staff (migration 022); only the token's hash is kept. */
export interface StaffInviteTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: StaffRole;
  token_hash: string;
  invited_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** What a back-in-stock alert is waiting for (migration 026). */
export type StockAlertStatus = 'pending' | 'confirmed' | 'notified' | 'unsubscribed';

/** A shopper waiting for a sold-out product or variant (migration 026, decision 046). */
export interface StockAlertTable {
  id: Generated<number>;
  product_id: number;
  variant_id: number | null;
  /** `variant_id`, or 0 for the whole product: the unique key's part. */
  variant_key: number;
  email: string;
  language: string;
  status: StockAlertStatus;
  /** SHA-256 of the confirmation link's token. */
  token_hash: string;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
  notified_at: Timestamp | null;
}

/** One admin change (migration 022): who, from where, when, what, and the changed values as JSON. */
export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  actor_id: number | null;
  actor_email: string | null;
  actor_role: string;
  address: string | null;
  kind: AuditKind;
  action: string;
  subject_id: string | null;
  label: ColumnType<string, string | undefined, never>;
  before: string | null;
  after: string | null;
}

/** One upload of a products CSV (migration 023, decision 040): its preview's counts, its progress and its report. */
export interface CatalogueImportTable {
  id: Generated<number>;
  file_name: string;
  status: ImportStatus;
  created_by: number | null;
  created_at: Timestamp;
  /** Who applied it: the job writes its products in their name. */
  applied_by: number | null;
  applied_email: string | null;
  applied_role: string | null;
  applied_address: string | null;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  file_rows: number;
  to_create: number;
  to_update: number;
  unchanged: number;
  errors: number;
  processed: ColumnType<number, number | undefined, number>;
  created: ColumnType<number, number | undefined, number>;
  updated: ColumnType<number, number | undefined, number>;
  failed: ColumnType<number, number | undefined, number>;
  pictures_failed: ColumnType<number, number | undefined, number>;
}

/** One product of an import's file (migration 023): what the preview decided and, once applied, what happened. */
export interface CatalogueImportRowTable {
  id: Generated<number>;
  import_id: number;
  line: number;
  sku: string;
  name: string;
  action: ImportAction;
  product_id: number | null;
  /** JSON: the product to write (use-cases/catalogue-import.ts, `StoredProduct`). */
  data: string | null;
  /** JSON: the changed fields of an update. */
  changes: string | null;
  /** JSON: the refusals of an error. */
  issues: string | null;
  outcome: ImportOutcome | null;
  failure: string | null;
  /** JSON: pictures given by URL that were not fetched. */
  pictures: string | null;
  applied_at: Timestamp | null;
}

/** A picture URL an import fetched and the picture base it became (migration 023). */
export interface CatalogueImportPictureTable {
  /** SHA-256 of the URL. */
  url_hash: string;
  url: string;
  base: string;
  created_at: Timestamp;
}

/** A shopper's return or exchange of a delivered order's lines (migration 025, decision 043). */
export interface ReturnTable {
  id: Generated<number>;
  order_id: number;
  number: string;
  kind: ReturnKind;
  state: ReturnState;
  reason: ReturnReason;
  note: string;
  decision_note: string | null;
  decided_by: number | null;
  /** Piastres given back, once refunded. */
  refund_amount: number | null;
  refund_method: RefundMethod | null;
  refund_claimed_at: Timestamp | null;
  exchange_order_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One order line of a return; `received_at` set once, with the units put back on the shelf. */
export interface ReturnLineTable {
  id: Generated<number>;
  return_id: number;
  order_line_id: number;
  quantity: number;
  restocked: ColumnType<number, number | undefined, number>;
  received_at: Timestamp | null;
}

/** A return's picture, stored as reviews' are. */
export interface ReturnPhotoTable {
  id: Generated<number>;
  return_id: number;
  position: number;
  base: string;
  width: number;
  height: number;
}

export interface Database {
  categories: CategoryTable;
  products: ProductTable;
  product_categories: ProductCategoryTable;
  product_tags: ProductTagTable;
  product_images: ProductImageTable;
  product_variants: ProductVariantTable;
  settings: SettingTable;
  users: UserTable;
  user_addresses: UserAddressTable;
  sessions: SessionTable;
  rate_limits: RateLimitTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_status_history: OrderStatusHistoryTable;
  blocked_contacts: BlockedContactTable;
  payment_attempts: PaymentAttemptTable;
  payment_transactions: PaymentTransactionTable;
  promotions: PromotionTable;
  promotion_targets: PromotionTargetTable;
  order_promotions: OrderPromotionTable;
  reviews: ReviewTable;
  review_photos: ReviewPhotoTable;
  review_votes: ReviewVoteTable;
  order_hourly_totals: OrderHourlyTotalTable;
  order_status_totals: OrderStatusTotalTable;
  product_daily_sales: ProductDailySalesTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  blog_posts: BlogPostTable;
  contact_messages: ContactMessageTable;
  stored_files: StoredFileTable;
  search_stats: SearchStatTable;
  outbox: OutboxTable;
  jobs: JobTable;
  password_resets: PasswordResetTable;
  sign_ups: SignUpTable;
  staff_invites: StaffInviteTable;
  audit_log: AuditLogTable;
  stock_alerts: StockAlertTable;
  catalogue_imports: CatalogueImportTable;
  catalogue_import_rows: CatalogueImportRowTable;
  catalogue_import_pictures: CatalogueImportPictureTable;
  returns: ReturnTable;
  return_lines: ReturnLineTable;
  return_photos: ReturnPhotoTable;
}

export type ProductRow = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;
export type CategoryRow = Selectable<CategoryTable>;
