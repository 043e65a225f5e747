// Calls the API through an endpoint's hook; a local function that happens to be named fetch is not the global.
import { useSubscribeMutation } from '../../app/api';

export function useSubscribe() {
  const [subscribe] = useSubscribeMutation();
  const fetch = (email: string) => subscribe(email).unwrap();
  return (email: string) => fetch(email);
}
