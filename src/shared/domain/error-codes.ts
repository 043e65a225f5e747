/**
 * Every `error.code` the API can answer with. The client translates each one (translation
 * namespace, `apiErrors.<code>`), and a test fails when a code here has no English text.
 */
export const apiErrorCodes = [
  'validation',
  'bad_request',
  'unsupported_media_type',
  'unauthenticated',
  'bad_credentials',
  'forbidden',
  'bad_origin',
  'not_found',
  'product_not_found',
  'category_not_found',
  'order_not_found',
  'message_not_found',
  'outbox_message_not_found',
  'message_not_resendable',
  'address_not_found',
  'post_not_found',
  'out_of_stock',
  'status_conflict',
  'product_changed',
  'email_taken',
  'link_invalid',
  'sku_taken',
  'slug_taken',
  'category_in_use',
  'too_many_addresses',
  'image_required',
  'image_invalid',
  'too_large',
  'idempotency_mismatch',
  'too_many_attempts',
  'rate_limited',
  'too_many_orders',
  'payment_unavailable',
  'payment_closed',
  'too_many_payment_attempts',
  'refund_impossible',
  'refund_refused',
  'payment_conflict',
  'overloaded',
  'storage_unavailable',
  'catalogue_unavailable',
  'internal',
] as const;

export type ApiErrorCode = (typeof apiErrorCodes)[number];

/** Codes the client itself produces when no answer came (offline) or the answer made no sense. */
export const clientErrorCodes = ['network', 'server'] as const;
