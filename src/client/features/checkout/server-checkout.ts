import { nanoid } from '@reduxjs/toolkit';
import type { ServerVisit } from '../../app/router';
import { hydrateApi } from '../../app/api';
import { loadCookieCart } from '../cart';
import { emptySubmission } from './checkout-slice';

/**
 * The server's render of `/checkout` (decision 025): the cart cookie's lines, and the form's
 * submission (a refused post's values and errors), with a fresh idempotency key when it has none.
 */
export async function loadCheckout(visit: ServerVisit): Promise<void> {
  await loadCookieCart(visit);
  const submission = visit.submission ?? emptySubmission;
  visit.dispatch(hydrateApi({ checkout: { ...submission, key: submission.key ?? nanoid() } }));
}
