import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { apiClient } from '@/lib/api-client';
import { type HomeLoginActions, HomeLoginActionsProvider } from '@/lib/login-actions';
import { getJwt } from '@/lib/session-storage';
import { useUser } from '../api/get-user';
import { AuthStoreContext, sessionUserOf } from '../hooks/use-auth';
import type { LoginAccountProvider } from '../lib/login-account-provider';
import { startOldUserLogin } from '../lib/old-user-login';
import { renewWhenVisible } from '../session/token-upkeep';
import type { AuthStore } from '../stores/auth-store';
import { createAppAuthStore } from '../stores/create-app-auth-store';

/** Keeps the session as product.md 4 says: load check, renewal on visibility, logout on 401, wallet disconnects. */
function useSessionUpkeep(store: AuthStore, accountProvider: LoginAccountProvider): void {
  useEffect(() => {
    void store.initialize();
    const stopUnauthorized = apiClient.onUnauthorized(() => {
      // The API refused the session: it has ended there already.
      if (store.getState().jwt || getJwt()) void store.logout({ endSession: false });
    });
    const stopRenewal = renewWhenVisible(() => store.renewTokens());
    const stopDisconnect = accountProvider.onDisconnect(() => store.handleWalletDisconnect());
    return () => {
      stopUnauthorized();
      stopRenewal();
      stopDisconnect();
    };
  }, [store, accountProvider]);
}

/**
 * The login feature around the app: the auth store, its session upkeep and the handlers of the home page's login
 * buttons (hero and header).
 */
export function AuthProvider({
  accountProvider,
  onStore,
  children,
}: {
  accountProvider: LoginAccountProvider;
  /** Hands the store out once it exists (the landing page's light start continues a login with it). */
  onStore?: (store: AuthStore) => void;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [store] = useState(() => createAppAuthStore({ queryClient, accountProvider }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the store is handed out once, when it is created.
  useEffect(() => onStore?.(store), [store]);
  return (
    <AuthStoreProvider store={store} accountProvider={accountProvider}>
      {children}
    </AuthStoreProvider>
  );
}

/** Provides a given auth store with its upkeep and the home login handlers. */
export function AuthStoreProvider({
  store,
  accountProvider,
  children,
}: {
  store: AuthStore;
  accountProvider: LoginAccountProvider;
  children: ReactNode;
}) {
  useSessionUpkeep(store, accountProvider);
  const state = useStore(store.state);
  const userQuery = useUser({ enabled: state.status === 'loggedIn' });
  const { isFullUser, call } = sessionUserOf(state, userQuery.data);
  const isLoggingIn = state.status === 'loggingIn';
  const actions = useMemo<HomeLoginActions>(
    () => ({
      onLoginWithProvider: (referralCode, sourceType) =>
        void store.loginWithAccount({ referralCode, sourceType }),
      onOldUserLogin: (provider) => void startOldUserLogin(provider),
      isFullUser,
      isLoggingIn,
      call,
    }),
    [store, isFullUser, isLoggingIn, call],
  );
  return (
    <AuthStoreContext.Provider value={store}>
      <HomeLoginActionsProvider value={actions}>{children}</HomeLoginActionsProvider>
    </AuthStoreContext.Provider>
  );
}
