import { api } from '../../app/api';
import type { StockAlertAnswer } from '../../../shared/schemas/stock-alerts';

/**
 * Back-in-stock alerts (decision 046). Injected by the form and the pages themselves, so the
 * endpoints arrive with the product page's chunk and the link pages, never in the first script.
 */
const stockAlertApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Asks for one e-mail when a sold-out product or option is back; the address as typed (the server normalises it). */
    askStockAlert: build.mutation<{ ok: true }, { productId: number; variantId: number | null; email: string }>({
      query: (body) => ({ url: '/stock-alerts', method: 'POST', body }),
    }),
    /** The confirmation e-mail's link. */
    confirmStockAlert: build.mutation<StockAlertAnswer, { token: string }>({ query: (body) => ({ url: '/stock-alerts/confirm', method: 'POST', body }) }),
    /** The one-click unsubscribe link (its id and signature). */
    unsubscribeStockAlert: build.mutation<StockAlertAnswer, { id: string; sig: string }>({
      query: ({ id, sig }) => ({ url: `/stock-alerts/unsubscribe?id=${encodeURIComponent(id)}&sig=${encodeURIComponent(sig)}`, method: 'POST', body: {} }),
    }),
  }),
});

export const { useAskStockAlertMutation, useConfirmStockAlertMutation, useUnsubscribeStockAlertMutation } = stockAlertApi;
