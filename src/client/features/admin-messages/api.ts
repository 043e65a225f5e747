import { api } from '../../app/api';
import type { MessageFilter, MessagePage } from '../../../shared/schemas/admin-dashboard';

const messagesApi = api.enhanceEndpoints({ addTagTypes: ['AdminMessages'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminMessages: build.query<MessagePage, { page: number; pageSize: number; filter: MessageFilter }>({
      query: (params) => ({ url: '/admin/messages', params }),
      keepUnusedDataFor: 30,
      providesTags: ['AdminMessages'],
    }),
  }),
});

export const { useGetAdminMessagesQuery } = messagesApi;

/** Refetches every inbox query on screen (the list and the menu's unread count) after a change. */
export const messagesChanged = () => messagesApi.util.invalidateTags(['AdminMessages']);
