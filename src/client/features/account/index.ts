export { setUser, type SessionUser } from './user-slice';
export { refreshSession } from './session';
export { useGetAddressesQuery } from './account-api';
