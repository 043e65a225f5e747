import type { ApiFailure } from '../../app/api-failure';

/** The review form's own fields, as the server names them in `error.fields`. */
export const reviewFormFields = ['rating', 'title', 'body', 'displayName'] as const;
export type ReviewFormField = (typeof reviewFormFields)[number];

/** Codes about the photos: shown under the photo picker. */
const photoCodes = new Set(['too_large', 'too_many_photos', 'image_invalid', 'image_too_large', 'image_required']);
/** Codes saying the link or the line is no longer what the page shows: the page reads the order again. */
const staleCodes = new Set(['review_link_invalid', 'review_link_expired', 'review_not_delivered', 'review_line_unknown', 'review_pending']);

/** Where a refused review's error goes on the page. */
export interface PlacedFailure {
  /** Field codes beside the form's fields (`validation.<code>`). */
  fields: Partial<Record<ReviewFormField, string>>;
  /** A code under the photo picker (`apiErrors.<code>`), or null. */
  photos: string | null;
  /** A code above the form (`reviewForm.errors.<code>`, else `apiErrors.<code>`), or null. */
  alert: string | null;
  /** True when the page should read the order again (the link expired, a review already waits…). */
  refetch: boolean;
}

const isFormField = (key: string): key is ReviewFormField => (reviewFormFields as readonly string[]).includes(key);

/**
 * Sorts a refused submission (`uploadForm`'s ApiFailure) onto the page: the server's field codes
 * beside the fields they name, photo problems under the photos, and anything else (the order's
 * line or language refused, the link expired, too many reviews from this connection, offline)
 * above the form. A failure that names no field of the form still says something above it.
 */
export function placeFailure(failure: ApiFailure): PlacedFailure {
  const placed: PlacedFailure = { fields: {}, photos: null, alert: null, refetch: staleCodes.has(failure.code) };
  if (failure.code === 'aborted') return placed;
  if (photoCodes.has(failure.code)) return { ...placed, photos: failure.code };
  let unplaced = false;
  for (const [key, code] of Object.entries(failure.fields)) {
    const field = key.split('.')[0] ?? key;
    if (isFormField(field)) placed.fields[field] ??= code;
    else if (field === 'photos') placed.photos ??= photoCodes.has(code) ? code : 'image_invalid';
    else unplaced = true;
  }
  const somewhere = Object.keys(placed.fields).length > 0 || placed.photos !== null;
  if (!somewhere || unplaced) placed.alert = failure.code;
  return placed;
}
