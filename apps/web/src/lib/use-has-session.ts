import { useSyncExternalStore } from 'react';
import { getJwt, onSessionChange } from './session-storage';

const hasJwt = () => Boolean(getJwt());

/**
 * Whether a session token is stored (product.md 4: 'logged in (jwt present)'). The stored token is the truth (it is there
 * from the first render after a reload, before the auth store has looked); it is read again whenever a session value
 * is written (a login or logout on this very page, e.g. from the header) and when the tab comes back (another tab may
 * have logged in or out).
 */
export function useHasSession(): boolean {
  return useSyncExternalStore(subscribe, hasJwt, () => false);
}

function subscribe(onChange: () => void): () => void {
  const stopSession = onSessionChange(onChange);
  window.addEventListener('focus', onChange);
  document.addEventListener('visibilitychange', onChange);
  return () => {
    stopSession();
    window.removeEventListener('focus', onChange);
    document.removeEventListener('visibilitychange', onChange);
  };
}
