export { useGetAdminMessagesQuery } from './api';
