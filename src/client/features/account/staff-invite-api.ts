import { api } from '../../app/api';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { AcceptInviteInput, Invitation } from '../../../shared/schemas/staff';

/** An invitation to the shop's staff (issue 32): what its link shows, and joining through it. */
export const staffInviteApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Never kept: the link may be used, withdrawn or sent again meanwhile. */
    getStaffInvitation: build.query<Invitation, string>({
      query: (token) => ({ url: '/auth/staff-invite', params: { token } }),
      keepUnusedDataFor: 0,
    }),
    /** Joins the staff and signs this browser in with the invitation's role. */
    acceptStaffInvitation: build.mutation<{ user: SessionUser }, AcceptInviteInput>({
      query: (body) => ({ url: '/auth/staff-invite/accept', method: 'POST', body }),
    }),
  }),
});

export const { useGetStaffInvitationQuery, useAcceptStaffInvitationMutation } = staffInviteApi;
