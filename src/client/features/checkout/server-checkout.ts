import { nanoid } from '@reduxjs/toolkit';
import type { ServerVisit } from '../../app/router';
import { hydrateApi } from '../../app/api';
import { emptySubmission } from './checkout-slice';

/**
 * The server's render of `/checkout` (decision 025), after the cart's (the router runs both): the
 * form's submission (a refused post's values and errors), with a fresh idempotency key when it has none.
 */
export function loadCheckout(visit: ServerVisit): void {
  const submission = visit.submission ?? emptySubmission;
  visit.dispatch(hydrateApi({ checkout: { ...submission, key: submission.key ?? nanoid() } }));
}
