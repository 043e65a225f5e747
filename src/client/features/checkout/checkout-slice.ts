import { createSlice } from '@reduxjs/toolkit';
import type { CheckoutSubmission } from '../../../shared/schemas/checkout';
import { hydrateApi } from '../../app/api';

/**
 * What the server's render of `/checkout` started from (decision 025): the idempotency key its form
 * carries, and the refused values, field codes, stock problems or failure of a form posted without
 * scripts. Not persisted; the browser's store takes it from the page so hydration matches.
 */
export const emptySubmission: CheckoutSubmission = { key: null, values: null, fields: {}, problems: [], failure: null };

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: emptySubmission,
  reducers: {
    submissionArrived: (_state, action: { payload: CheckoutSubmission }) => action.payload,
  },
  extraReducers: (builder) => {
    builder.addMatcher(hydrateApi.match, (state, action) => (action.payload as { checkout?: CheckoutSubmission }).checkout ?? state);
  },
});

export const { submissionArrived } = checkoutSlice.actions;
export default checkoutSlice.reducer;
