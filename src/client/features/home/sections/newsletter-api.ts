import { api } from '../../../app/api';

/**
 * Injected by the newsletter section itself, so the endpoint arrives with the home's later sections
 * (decision 027), not in the first script.
 */
const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A sign-up, with the address as typed (the server normalises it); `already` when we had it. */
    subscribeNewsletter: build.mutation<{ already: boolean }, { email: string }>({ query: (body) => ({ url: '/newsletter', method: 'POST', body }) }),
  }),
});

export const { useSubscribeNewsletterMutation } = newsletterApi;
