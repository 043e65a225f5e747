import { makeStore } from './store';
import { setUser, type SessionUser } from './user-slice';

/**
 * For client tests: a store whose persisted state has been read back (redux-persist's rehydration
 * is asynchronous, and would otherwise land after the test's own dispatches and put back what an
 * earlier test left in the page's storage, a signed-in user among them), with `user` signed in.
 */
export async function settledStore(user: SessionUser | null = null) {
  const { store, persistor } = makeStore();
  await new Promise<void>((resolve) => {
    const unsubscribe = persistor.subscribe(() => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    });
    if (persistor.getState().bootstrapped) {
      unsubscribe();
      resolve();
    }
  });
  if (user) store.dispatch(setUser(user));
  return store;
}
