import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { env } from '@/config/env';
import { AUTH_ROUTES, ROUTES } from '@/config/routes';
import { clearReferralSelection, resetReferralSelectionCache } from '@/lib/referral-selection';
import { clearSession, getSessionValue, setSessionValue } from '@/lib/session-storage';
import { userQueryOptions } from '../api/get-user';
import type { LoginAccountProvider } from '../lib/login-account-provider';
import { type AuthApi, createAuthStore } from './auth-store';

/**
 * The API calls of the login, each loaded with its schema when first used: the landing page does not download
 * them (nor zod) before anyone clicks a login button.
 */
const api: Omit<AuthApi, 'getUser'> = {
  getSiweNonce: async () => (await import('../api/get-siwe-nonce')).getSiweNonce(),
  verifySiwe: async (body) => (await import('../api/verify-siwe')).verifySiwe(body),
  refreshIdToken: async (idToken) => (await import('../api/refresh-id-token')).refreshIdToken(idToken),
  refreshSessionToken: async () => (await import('../api/refresh-session-token')).refreshSessionToken(),
  loginUser: async (body) => (await import('../api/login-user')).loginUser(body),
  loginOauth: async (body) => (await import('../api/login-oauth')).loginOauth(body),
  bindSmartAccount: async (body) => (await import('../api/bind-smart-account')).bindSmartAccount(body),
  endSession: async (body) => (await import('../api/end-session')).endSession(body),
};

function clearBrowserStorage(): void {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    try {
      storage.clear();
    } catch {
      // Storage disabled by the browser: nothing is kept there anyway.
    }
  }
}

/** The app's auth store: the real API client, the wallet popup, the session cookies and the app's caches. */
export function createAppAuthStore(options: {
  queryClient: QueryClient;
  accountProvider: LoginAccountProvider;
}) {
  return createAuthStore({
    // The login's user answer goes into the query cache, where every reader of the session user takes it.
    api: { ...api, getUser: () => options.queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0 }) },
    accountProvider: options.accountProvider,
    session: { get: getSessionValue, set: setSessionValue, clear: clearSession },
    // Read when a login signs in: the store is also made when the landing page is prerendered, with no window.
    get location() {
      return { host: window.location.host, origin: window.location.origin };
    },
    productName: env.productName,
    chainId: env.chainId,
    notifyError: (message) => toast.error(message),
    resetApp: () => {
      // product.md 4 Logout: local and session storage, the user's cached data, the invite codes.
      clearBrowserStorage();
      clearReferralSelection();
      resetReferralSelectionCache();
      options.queryClient.clear();
    },
    createProfilePath: AUTH_ROUTES.createProfile.path,
    homePath: ROUTES.home.path,
  });
}
