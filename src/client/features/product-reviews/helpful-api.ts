import { api } from '../../app/api';

/** "Was this helpful?" (`POST /reviews/:id/helpful`): the server counts one vote per device and answers the count. */
const helpfulApi = api.injectEndpoints({
  endpoints: (build) => ({
    voteHelpful: build.mutation<{ helpful: number; counted: boolean }, number>({
      query: (id) => ({ url: `/reviews/${id}/helpful`, method: 'POST' }),
    }),
  }),
});

export const { useVoteHelpfulMutation } = helpfulApi;
