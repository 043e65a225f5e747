import { api } from './api';
import type { LoginInput, PasswordResetRequestInput, RegisterInput, SessionUser } from '../../shared/schemas/auth';

/**
 * Signing in and out, registering and the e-mailed links. Here rather than in a feature: the
 * storefront's account pages and the admin's sign-in both use them (decision 013: a shared piece
 * moves down). Only the pages that sign in import this file, so it stays out of the first script.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<{ user: SessionUser }, LoginInput>({ query: (body) => ({ url: '/auth/login', method: 'POST', body }) }),
    logout: build.mutation<void, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
    /** Without e-mail the account is made and signed in at once (`user`); with e-mail a link is sent first. */
    register: build.mutation<{ user?: SessionUser }, RegisterInput>({ query: (body) => ({ url: '/auth/register', method: 'POST', body }) }),
    requestPasswordReset: build.mutation<void, PasswordResetRequestInput>({ query: (body) => ({ url: '/auth/password-reset', method: 'POST', body }) }),
    confirmPasswordReset: build.mutation<{ user: SessionUser }, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/password-reset/confirm', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<{ user: SessionUser }, { token: string }>({ query: (body) => ({ url: '/auth/register/verify', method: 'POST', body }) }),
  }),
});

export const {
  useLoginMutation,
  useLogoutMutation,
  useRegisterMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useVerifyEmailMutation,
} = authApi;
