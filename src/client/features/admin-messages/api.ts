import { api } from '../../app/api';
import type { ContactMessage, MessageFilter, MessagePage } from '../../../shared/schemas/admin-dashboard';

const messagesApi = api.enhanceEndpoints({ addTagTypes: ['AdminMessages'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminMessages: build.query<MessagePage, { page: number; pageSize: number; filter: MessageFilter }>({
      query: (params) => ({ url: '/admin/messages', params }),
      keepUnusedDataFor: 30,
      providesTags: ['AdminMessages'],
    }),
    // No invalidatesTags: the page refetches the inbox itself (messagesChanged) once it has shown the answer.
    setAdminMessageHandled: build.mutation<ContactMessage, { id: number; handled: boolean }>({
      query: ({ id, handled }) => ({ url: `/admin/messages/${id}`, method: 'PATCH', body: { handled } }),
    }),
    deleteAdminMessage: build.mutation<void, number>({ query: (id) => ({ url: `/admin/messages/${id}`, method: 'DELETE' }) }),
  }),
});

export const { useGetAdminMessagesQuery, useSetAdminMessageHandledMutation, useDeleteAdminMessageMutation } = messagesApi;

/** Refetches every inbox query on screen (the list and the menu's unread count) after a change. */
export const messagesChanged = () => messagesApi.util.invalidateTags(['AdminMessages']);
