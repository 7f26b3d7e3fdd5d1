import { createContext, useContext, useSyncExternalStore } from 'react';
import { type AuthState, type AuthStore, INITIAL_AUTH_STATE } from '../stores/auth-store';

/** The app's auth store; null where the auth feature is not mounted (e.g. a component rendered alone in a test). */
export const AuthStoreContext = createContext<AuthStore | null>(null);

export function useAuthStore(): AuthStore | null {
  return useContext(AuthStoreContext);
}

const noop = () => () => {};
const initial = () => INITIAL_AUTH_STATE;

/** The auth state; logged out when no store is mounted. */
export function useAuthState(): AuthState {
  const store = useAuthStore();
  return useSyncExternalStore(
    store?.subscribe ?? noop,
    store?.getState ?? initial,
    store?.getState ?? initial,
  );
}
