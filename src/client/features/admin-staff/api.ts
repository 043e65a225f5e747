import { api } from '../../app/api';
import type { StaffRole } from '../../../shared/domain/permissions';
import type { StaffInviteAnswer, StaffInviteInput, StaffList } from '../../../shared/schemas/staff';

/**
 * The shop's staff (issue 32), the owner's page: who is on it, the open invitations, roles and
 * removal. Every change reads the list again (and the activity log, which records it).
 */
const staffApi = api.enhanceEndpoints({ addTagTypes: ['AdminStaff', 'AdminActivity'] }).injectEndpoints({
  endpoints: (build) => ({
    getStaff: build.query<StaffList, void>({
      query: () => '/admin/staff',
      providesTags: ['AdminStaff'],
      keepUnusedDataFor: 30,
    }),
    /** `link` in the answer: the shop sends no e-mail, and the owner hands the link over. */
    inviteStaff: build.mutation<StaffInviteAnswer, StaffInviteInput>({
      query: (body) => ({ url: '/admin/staff/invites', method: 'POST', body }),
      invalidatesTags: ['AdminStaff', 'AdminActivity'],
    }),
    resendInvite: build.mutation<StaffInviteAnswer, number>({
      query: (id) => ({ url: `/admin/staff/invites/${id}/resend`, method: 'POST' }),
      invalidatesTags: ['AdminStaff', 'AdminActivity'],
    }),
    withdrawInvite: build.mutation<void, number>({
      query: (id) => ({ url: `/admin/staff/invites/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminStaff', 'AdminActivity'],
    }),
    /** Signs the person out everywhere: they sign in again with the new role. */
    setStaffRole: build.mutation<void, { id: number; role: StaffRole }>({
      query: ({ id, role }) => ({ url: `/admin/staff/${id}/role`, method: 'PUT', body: { role } }),
      invalidatesTags: ['AdminStaff', 'AdminActivity'],
    }),
    /** The account stays a customer's; every session of it ends. */
    removeStaff: build.mutation<void, number>({
      query: (id) => ({ url: `/admin/staff/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminStaff', 'AdminActivity'],
    }),
  }),
});

export const { useGetStaffQuery, useInviteStaffMutation, useResendInviteMutation, useWithdrawInviteMutation, useSetStaffRoleMutation, useRemoveStaffMutation } =
  staffApi;
