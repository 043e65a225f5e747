export { setUser, type SessionUser } from './user-slice';
export { apiRequest, isApiFailure, refreshSession, type ApiFailure } from './session';
export { useGetAddressesQuery } from './account-api';
