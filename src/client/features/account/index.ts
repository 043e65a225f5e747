export { setUser, type SessionUser } from '../../app/user-slice';
export { refreshSession } from '../../app/session';
export { useGetAddressesQuery } from './addresses-api';
