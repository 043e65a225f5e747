import { apiErrorKey, keyIn, type ApiErrorKey, type KeyIn } from './translation-keys';

/** A failed call to our API as the UI needs it: HTTP status (0 offline), stable code, field codes. */
export interface ApiFailure {
  status: number;
  code: string;
  fields: Record<string, string>;
  /** Machine-readable detail some codes carry (the lines short of stock, a product's current stock). */
  details?: unknown;
}

export const isApiFailure = (e: unknown): e is ApiFailure => typeof e === 'object' && e !== null && 'status' in e && 'code' in e;

/** The ApiFailure behind an error: one apiRequest threw, an RTK Query error (`{ status, data: { error } }`, or a page that is not JSON), or a network failure. */
export function failureOf(error: unknown): ApiFailure {
  if (isApiFailure(error)) return error;
  const e = error as { status?: unknown; originalStatus?: unknown; data?: { error?: { code?: string; fields?: Record<string, string>; details?: unknown } } };
  if (typeof e?.status === 'number')
    return { status: e.status, code: e.data?.error?.code ?? 'server', fields: e.data?.error?.fields ?? {}, details: e.data?.error?.details };
  // An answer that is not JSON (a proxy's error page): RTK Query's PARSING_ERROR keeps its status.
  if (typeof e?.originalStatus === 'number') return { status: e.originalStatus, code: 'server', fields: {} };
  return { status: 0, code: 'network', fields: {} };
}

/**
 * The translation keys for an API error code, most specific first: the screen's own text
 * (`<own>.<code>`), the shop-wide text every code has (`apiErrors.<code>`), then the screen's
 * generic failure (`<own>.server`). `own` is a family of keys: `'auth.errors'` in the shop's namespace,
 * `'admin:errors'` in another, whose screen then lists `'translation'` among its namespaces.
 * `NoInfer`, as keyIn's: else `t(errorKeys(...))` has the compiler infer `Own` from every key `t` takes.
 */
export function errorKeys<Own extends string>(code: string, own: [KeyIn<Own>] extends [never] ? never : Own): NoInfer<Array<KeyIn<Own> | ApiErrorKey<Own>>> {
  return [keyIn<Own>(own, code), apiErrorKey(own, code), keyIn<Own>(own, 'server')];
}
