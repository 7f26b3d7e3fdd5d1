import type { UserInfo } from '@ojo/api-contract/user';
import type { LoginProvider, SourceType } from '@ojo/domain/enums';
import { bindFailureMessage, isLoginComplete, loginFailure } from '@ojo/domain/session/login';
import { isNewlyCreated, shouldLogoutOnLoad } from '@ojo/domain/session/token';
import { needsMigrationBind, smartAccountAddress } from '@ojo/domain/session/user';
import type { Address } from 'viem';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SessionKey } from '@/lib/session-storage';
import { isPopupBlockedError, type LoginAccountProvider } from '../lib/login-account-provider';
import { renewExpiringTokens } from '../session/token-upkeep';

/**
 * The login state machine of product.md 4: logged out -> logging in -> logged in (jwt present). A zustand store
 * (`state`, read with zustand's useStore) because the handlers run from buttons all over the app and from session
 * upkeep outside React. Everything it talks to is passed in, so the app wires the real API client and the wallet
 * popup, and tests drive it the same way.
 *
 * It holds session status and dialogs only. Server data lives in TanStack Query: the session user is the query of
 * `features/auth/api/get-user.ts`, which the app's `api.getUser` fills (the login decides from that answer where the
 * player goes), readers take with `useSessionUser`, changes invalidate (`userKeys.all`) and logout clears.
 */

export type AuthStatus = 'loggedOut' | 'loggingIn' | 'loggedIn';

/** At most one auth dialog at a time (product.md 2 Dialogs). 'newAccountLogin' is also the warning popup of code 5115. */
export type AuthDialog = 'popupBlocked' | 'newAccountLogin' | 'migrationTips' | 'logoutConfirm';

export interface AuthNavigation {
  to: string;
  replace: boolean;
}

export interface AuthState {
  status: AuthStatus;
  jwt: string | null;
  /** product.md 4: the welcome modal after a new account is created. */
  isWelcomeOpen: boolean;
  /**
   * When a new old-type account that still has to bind was created (ms since the epoch): its login succeeds with the
   * bind, and the welcome shows then if the account is still under 30 s old (product.md 4, product.md 9). Null otherwise.
   */
  pendingWelcomeCreatedAt: number | null;
  dialog: AuthDialog | null;
  /** The old-user migration bind is running. */
  isBinding: boolean;
  /** A navigation for the router to perform (this store lives above the router). */
  navigation: AuthNavigation | null;
}

export interface UserLoginResult {
  sessionToken?: string | null;
  /** Creation time of the user, ms since the epoch. */
  created?: number | null;
}

/** The API calls the login makes (product.md 7 user calls and the identity layer), one client file each. */
export interface AuthApi {
  getSiweNonce(): Promise<string>;
  verifySiwe(body: { message: string; signature: string }): Promise<{ idToken: string }>;
  refreshIdToken(idToken: string): Promise<{ idToken: string }>;
  refreshSessionToken(): Promise<{ sessionToken: string }>;
  loginUser(body: {
    idToken: string;
    smartAccountAddress: string;
    referralCode: string;
    sourceType: SourceType;
  }): Promise<UserLoginResult>;
  loginOauth(body: {
    provider: LoginProvider;
    code: string;
    redirectUri: string;
    codeVerifier: string;
    nonce: string;
  }): Promise<UserLoginResult>;
  bindSmartAccount(body: { idToken: string; smartAccountAddress: string }): Promise<void>;
  /** Loads the session user afresh; the app loads it into the query cache, where every reader takes it. */
  getUser(): Promise<UserInfo>;
  /** Revokes the session of `jwt` and of the id token on the server (product.md 4 Logout). */
  endSession(body: { jwt: string; idToken?: string }): Promise<void>;
}

export interface SessionValues {
  get(key: SessionKey): string | undefined;
  set(key: SessionKey, value: string): void;
  clear(): void;
}

export interface AuthStoreDeps {
  api: AuthApi;
  accountProvider: LoginAccountProvider;
  session: SessionValues;
  /** The page's host and origin, which the sign-in message names. */
  location: { host: string; origin: string };
  productName: string;
  chainId: number;
  now?: () => number;
  /** Shows an error toast. */
  notifyError(message: string): void;
  /** Forgets everything else the app keeps for the user (query cache, invite selection, browser storage). */
  resetApp(): void;
  /** Where a logged-in player without a profile goes (the Create profile page). */
  createProfilePath: string;
  homePath: string;
}

export const INITIAL_AUTH_STATE: AuthState = {
  status: 'loggedOut',
  jwt: null,
  isWelcomeOpen: false,
  pendingWelcomeCreatedAt: null,
  dialog: null,
  isBinding: false,
  navigation: null,
};

/** Thrown when the login answer lacks a jwt (product.md 8: 'missing jwtKey, id token or public key' is a failure). */
export class IncompleteLoginError extends Error {
  constructor() {
    super('The login answer is missing its session token');
    this.name = 'IncompleteLoginError';
  }
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export function createAuthStore(deps: AuthStoreDeps) {
  // Read at each call, not captured: the page's clock is the one in force when the welcome is decided.
  const now = deps.now ?? (() => Date.now());
  // A stored session is logged in from the first render, so a returning player never sees a login button flash
  // before `initialize` runs; expired tokens are left to `initialize`, which logs out.
  const storedJwt = deps.session.get('jwt');
  const state: StoreApi<AuthState> = createStore<AuthState>()(() =>
    storedJwt && !shouldLogoutOnLoad(deps.session.get('idToken'), storedJwt, now())
      ? { ...INITIAL_AUTH_STATE, status: 'loggedIn', jwt: storedJwt }
      : INITIAL_AUTH_STATE,
  );
  const current = state.getState;
  /** Increments on every login attempt and logout, so a late answer of an abandoned attempt changes nothing. */
  let attempt = 0;

  function setState(patch: Partial<AuthState>): void {
    state.setState(patch);
  }

  /** Sign in to the identity layer with the account: nonce, EIP-4361 message, signature, id token. */
  async function signIn(address: Address): Promise<string> {
    // viem's SIWE code loads with the first login, not with the landing page.
    const [nonce, { buildSiweMessage }] = await Promise.all([
      deps.api.getSiweNonce(),
      import('../lib/siwe-message'),
    ]);
    const message = buildSiweMessage({
      address,
      nonce,
      location: deps.location,
      productName: deps.productName,
      chainId: deps.chainId,
      now: new Date(now()),
    });
    const signature = await deps.accountProvider.signMessage(address, message);
    const { idToken } = await deps.api.verifySiwe({ message, signature });
    return idToken;
  }

  /**
   * After a login or a bind: load the user, welcome an account created within the last 30 s (product.md 4: at login
   * success; an old account's login succeeds with its bind), then send a player without a profile to Create
   * profile.
   */
  async function finishLogin(jwt: string, created: number | null | undefined, isCurrent: () => boolean) {
    const user = await deps.api.getUser();
    if (!isCurrent()) return;
    // A bind answers no creation time: the one of the login before it still counts.
    const createdAt = typeof created === 'number' ? created : current().pendingWelcomeCreatedAt;
    const isNew = createdAt !== null && isNewlyCreated(createdAt, now());
    const needsBind = needsMigrationBind(user);
    const needsProfile = user.profile === null && !needsBind;
    setState({
      status: 'loggedIn',
      jwt,
      isWelcomeOpen: isNew && !needsBind,
      pendingWelcomeCreatedAt: isNew && needsBind ? createdAt : null,
      dialog: needsBind ? 'migrationTips' : null,
      navigation: needsProfile ? { to: deps.createProfilePath, replace: false } : current().navigation,
    });
  }

  /** product.md 4: 'On failure an error toast shows, login state is cleared and the user is logged out.' */
  function failLogin(error: unknown): void {
    deps.session.clear();
    void deps.accountProvider.disconnect().catch(() => {});
    if (isPopupBlockedError(error)) {
      setState({ ...INITIAL_AUTH_STATE, dialog: 'popupBlocked' });
      return;
    }
    const failure = loginFailure(asLoginError(error));
    if (failure.kind === 'warningPopup') {
      setState({ ...INITIAL_AUTH_STATE, dialog: 'newAccountLogin' });
      return;
    }
    setState({ ...INITIAL_AUTH_STATE });
    deps.notifyError(failure.message);
  }

  const store = {
    /** The auth state as a zustand store: `useStore(store.state)` in React. */
    state,
    getState: current,
    subscribe: (listener: () => void): (() => void) => state.subscribe(listener),

    /**
     * 'Login with <provider>' for new and returning smart-account users. Must be called from the click: the first
     * thing it does is open the account provider's popup.
     */
    loginWithAccount(invite: { referralCode: string; sourceType: SourceType }): Promise<void> {
      const current = ++attempt;
      const isCurrent = () => current === attempt;
      // Before any await: the popup opens inside the click (product.md 8 Pop-up blocked).
      const connecting = deps.accountProvider.connect();
      setState({ status: 'loggingIn', dialog: null, isWelcomeOpen: false, pendingWelcomeCreatedAt: null });
      return (async () => {
        try {
          const address = await connecting;
          const idToken = await signIn(address);
          const login = await deps.api.loginUser({ idToken, smartAccountAddress: address, ...invite });
          if (
            !isLoginComplete({ sessionToken: login.sessionToken, idToken, smartAccountAddress: address }) ||
            !login.sessionToken
          ) {
            throw new IncompleteLoginError();
          }
          if (!isCurrent()) return;
          deps.session.set('jwt', login.sessionToken);
          deps.session.set('idToken', idToken);
          setState({ jwt: login.sessionToken });
          await finishLogin(login.sessionToken, login.created, isCurrent);
        } catch (error) {
          if (isCurrent()) failLogin(error);
        }
      })();
    },

    /** Old users (product.md 1): the code from the provider's redirect, exchanged by the API for a session. */
    async loginWithOauthCode(body: {
      provider: LoginProvider;
      code: string;
      redirectUri: string;
      codeVerifier: string;
      nonce: string;
      returnTo: string;
    }): Promise<void> {
      const current = ++attempt;
      const isCurrent = () => current === attempt;
      setState({ status: 'loggingIn', dialog: null });
      try {
        const { returnTo, ...request } = body;
        const login = await deps.api.loginOauth(request);
        if (!login.sessionToken) throw new IncompleteLoginError();
        if (!isCurrent()) return;
        deps.session.set('jwt', login.sessionToken);
        setState({ jwt: login.sessionToken, navigation: { to: returnTo, replace: true } });
        await finishLogin(login.sessionToken, login.created, isCurrent);
      } catch (error) {
        if (isCurrent()) {
          failLogin(error);
          setState({ navigation: { to: deps.homePath, replace: true } });
        }
      }
    },

    /**
     * A callback that cannot be used (state mismatch, provider error): the login failed. A player who is logged in
     * already (the callback opened again from history or a bookmark) is sent home with the session kept: only
     * logout and a refused token end it (product.md 4).
     */
    failOauthLogin(reason: string): void {
      if (current().jwt || deps.session.get('jwt')) {
        setState({ navigation: { to: deps.homePath, replace: true } });
        return;
      }
      attempt += 1;
      failLogin(new Error(reason));
      setState({ navigation: { to: deps.homePath, replace: true } });
    },

    /**
     * 'Bind a <provider> account' (Account Migration Tips): connect the smart account, sign in with it and bind it
     * to the old account. Called from the click, like the login.
     */
    bindAccount(): Promise<void> {
      const connecting = deps.accountProvider.connect();
      setState({ isBinding: true });
      return (async () => {
        try {
          const address = await connecting;
          const idToken = await signIn(address);
          await deps.api.bindSmartAccount({ idToken, smartAccountAddress: address });
          deps.session.set('idToken', idToken);
          const jwt = current().jwt ?? deps.session.get('jwt');
          if (!jwt) throw new IncompleteLoginError();
          setState({ isBinding: false, dialog: null });
          await finishLogin(jwt, null, () => true);
        } catch (error) {
          void deps.accountProvider.disconnect().catch(() => {});
          if (isPopupBlockedError(error)) {
            setState({ isBinding: false, dialog: 'popupBlocked' });
            return;
          }
          setState({ isBinding: false });
          deps.notifyError(bindFailureMessage(readMsgKey(error)));
        }
      })();
    },

    /** Profile created (product.md 4 Profile creation): home with history replaced (the welcome was at the login). */
    completeProfileCreation(): void {
      setState({ navigation: { to: deps.homePath, replace: true } });
    },

    /** A navigation request the router performed. */
    consumeNavigation(): void {
      if (current().navigation) setState({ navigation: null });
    },
    navigate(to: string, replace = false): void {
      setState({ navigation: { to, replace } });
    },

    openDialog(dialog: AuthDialog): void {
      setState({ dialog });
    },
    closeDialog(): void {
      setState({ dialog: null });
    },
    closeWelcome(): void {
      setState({ isWelcomeOpen: false });
    },

    /** product.md 4: 'Disconnecting the wallet clears the logging-in and welcome states.' */
    handleWalletDisconnect(): void {
      if (current().status === 'loggingIn') attempt += 1;
      setState({
        status:
          current().status === 'loggingIn' ? (current().jwt ? 'loggedIn' : 'loggedOut') : current().status,
        isWelcomeOpen: false,
        pendingWelcomeCreatedAt: null,
      });
    },

    /**
     * product.md 4 Logout: clears the id token, jwt, platform and task id; ends the identity session and disconnects the
     * wallet; clears local and session storage; resets the cached server data (the user with it) and the invite state;
     * navigates to /. After a 401 the server has ended the session already (`endSession: false`).
     */
    async logout(options: { endSession?: boolean } = {}): Promise<void> {
      attempt += 1;
      const jwt = current().jwt ?? deps.session.get('jwt');
      const idToken = deps.session.get('idToken');
      deps.session.clear();
      setState({ ...INITIAL_AUTH_STATE, navigation: { to: deps.homePath, replace: false } });
      // The server revokes the session, so copies of the tokens stop working too. Sent after the state is cleared:
      // the person is logged out here whatever the answer, and a 401 finds no session left to log out.
      if (jwt && options.endSession !== false) {
        void deps.api.endSession({ jwt, ...(idToken ? { idToken } : {}) }).catch(() => {});
      }
      // The wallet library records its disconnection in storage: disconnect first, then clear the storage.
      await deps.accountProvider.disconnect().catch(() => {});
      deps.resetApp();
    },

    /** product.md 4: on load, stored tokens decide the state; expired ones log the user out. */
    async initialize(): Promise<void> {
      const idToken = deps.session.get('idToken');
      const jwt = deps.session.get('jwt');
      if (shouldLogoutOnLoad(idToken, jwt, now())) {
        await store.logout();
        return;
      }
      if (!jwt) return;
      const current = attempt;
      setState({ status: 'loggedIn', jwt });
      try {
        const user = await deps.api.getUser();
        if (current !== attempt) return;
        const address = smartAccountAddress(user);
        if (address) deps.accountProvider.restore(address as Address);
        if (needsMigrationBind(user)) setState({ dialog: 'migrationTips' });
      } catch {
        // A 401 logs out through the API client's unauthorized event; other failures keep the session.
      }
    },

    /** product.md 4: 'When the page becomes visible again', renew tokens that expire in under 1200 seconds. */
    renewTokens(): Promise<void> {
      return renewExpiringTokens({
        api: deps.api,
        session: deps.session,
        now: now(),
        onSessionToken: (jwt) => {
          if (current().jwt) setState({ jwt });
        },
      });
    },
  };
  return store;
}

/** The domain reads a cause code from `error.cause.code`: API errors carry the envelope code as their own `code`. */
function asLoginError(error: unknown): unknown {
  if (error && typeof error === 'object' && 'code' in error && !('cause' in error && error.cause)) {
    const message = error instanceof Error ? error.message : '';
    return new Error(message, { cause: error });
  }
  return error;
}

function readMsgKey(error: unknown): unknown {
  return error && typeof error === 'object' && 'msgKey' in error ? error.msgKey : undefined;
}
