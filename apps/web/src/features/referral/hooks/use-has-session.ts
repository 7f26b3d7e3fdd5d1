import { useSyncExternalStore } from 'react';
import { getJwt } from '@/lib/session-storage';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('focus', onChange);
  document.addEventListener('visibilitychange', onChange);
  return () => {
    window.removeEventListener('focus', onChange);
    document.removeEventListener('visibilitychange', onChange);
  };
}

const hasJwt = () => Boolean(getJwt());

/**
 * Whether a session token is stored (spec 4: 'logged in (jwt present)'). Until the login feature exposes its
 * session state, the referral page reads the stored token directly; login and logout reload what they change.
 */
export function useHasSession(): boolean {
  return useSyncExternalStore(subscribe, hasJwt, () => false);
}
