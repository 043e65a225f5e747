import { api } from '../../app/api';
import type { MessageFilter, MessagePage } from '../../../shared/schemas/admin-dashboard';

const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminMessages: build.query<MessagePage, { page: number; pageSize: number; filter: MessageFilter }>({
      query: (params) => ({ url: '/admin/messages', params }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetAdminMessagesQuery } = messagesApi;
