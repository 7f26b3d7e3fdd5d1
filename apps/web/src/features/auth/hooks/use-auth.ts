import type { UserInfo } from '@ojo/api-contract/user';
import { isFullUser, type PlayerCall, playerCall } from '@ojo/domain/session/user';
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useUser } from '../api/get-user';
import { type AuthState, type AuthStatus, type AuthStore, INITIAL_AUTH_STATE } from '../stores/auth-store';

/** The app's auth store; null where the auth feature is not mounted (e.g. a component rendered alone in a test). */
export const AuthStoreContext = createContext<AuthStore | null>(null);

export function useAuthStore(): AuthStore | null {
  return useContext(AuthStoreContext);
}

/** What a component rendered without the auth feature reads: logged out, for good. */
const LOGGED_OUT = createStore<AuthState>()(() => INITIAL_AUTH_STATE);

/** The auth state (session status and dialogs); logged out when no store is mounted. */
export function useAuthState(): AuthState {
  return useStore(useAuthStore()?.state ?? LOGGED_OUT);
}

export interface SessionUser {
  status: AuthStatus;
  jwt: string | null;
  /** The session user; null while logged out and while it loads. */
  user: UserInfo | null;
  /** Full user of product.md 4: jwt, not old type, osp_aa smart account. */
  isFullUser: boolean;
  /** What the header and the hero offer: login, nothing yet, Create profile, or play. */
  call: PlayerCall;
}

/** The session status with the session user of the query cache. */
export function sessionUserOf(state: AuthState, data: UserInfo | undefined): SessionUser {
  const user = state.status === 'loggedIn' ? (data ?? null) : null;
  const withJwt = user ? { ...user, jwt: state.jwt } : null;
  return {
    status: state.status,
    jwt: state.jwt,
    user,
    isFullUser: isFullUser(withJwt),
    call: playerCall(state.status, withJwt),
  };
}

/** The session user (`GET /customer` through TanStack Query), loaded while logged in. */
export function useSessionUser(): SessionUser {
  const state = useAuthState();
  const query = useUser({ enabled: state.status === 'loggedIn' });
  return sessionUserOf(state, query.data);
}
