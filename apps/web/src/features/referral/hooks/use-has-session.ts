import { useCallback, useSyncExternalStore } from 'react';
import { useAuthStore } from '@/features/auth/hooks/use-auth';
import { getJwt } from '@/lib/session-storage';

const hasJwt = () => Boolean(getJwt());

/**
 * Whether a session token is stored (spec 4: 'logged in (jwt present)'). The stored token is the truth (it is there
 * from the first render after a reload, before the auth store has looked); it is read again whenever the auth store
 * changes (a login or logout on this very page, e.g. from the header) and when the tab comes back (another tab may
 * have logged in or out).
 */
export function useHasSession(): boolean {
  const store = useAuthStore();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const stopStore = store?.subscribe(onChange);
      window.addEventListener('focus', onChange);
      document.addEventListener('visibilitychange', onChange);
      return () => {
        stopStore?.();
        window.removeEventListener('focus', onChange);
        document.removeEventListener('visibilitychange', onChange);
      };
    },
    [store],
  );
  return useSyncExternalStore(subscribe, hasJwt, () => false);
}
