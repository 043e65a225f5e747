import { api } from '../../app/api';
import type { ContactInput } from '../../../shared/schemas/contact';

const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A message for the merchant's inbox (`/contact`); rate limited per address by the server. */
    sendContactMessage: build.mutation<{ id: number }, ContactInput>({ query: (body) => ({ url: '/contact', method: 'POST', body }) }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
