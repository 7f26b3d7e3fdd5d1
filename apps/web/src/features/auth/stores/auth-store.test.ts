import { DIALOG_TEXT, LOGIN_TEXT } from '@ojo/domain/messages';
import type { Address } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { sessionUserOf } from '../hooks/use-auth';
import {
  account,
  createTestAuthStore,
  type FakeBackend,
  type LocalAccountProvider,
  type MemorySession,
  NOW,
  type TestAuth,
  tokenExpiringAt,
  user,
} from '../testing/memory-auth';
import type { AuthStore } from './auth-store';

let auth: TestAuth;
let backend: FakeBackend;
let accountProvider: LocalAccountProvider;
let session: MemorySession;
let toasts: string[];
let store: AuthStore;
/** The page's clock; a test moves it on. */
let clockMs: number;

beforeEach(() => {
  clockMs = NOW;
  auth = createTestAuthStore({ now: () => clockMs });
  ({ backend, accountProvider, session, toasts, store } = auth);
});

const invite = { referralCode: 'AB12CD', sourceType: 'web' as const };

describe('product.md 4 Login: logged out -> logging in -> logged in', () => {
  it('goes through logging in, signs in with the account and stores jwt and id token', async () => {
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getState().status));
    expect(store.getState().status).toBe('loggedOut');
    const done = store.loginWithAccount(invite);
    expect(accountProvider.connects).toBe(1); // the popup opens inside the click, before anything is awaited
    expect(store.getState().status).toBe('loggingIn');
    await done;
    expect(seen[0]).toBe('loggingIn');
    expect(store.getState().status).toBe('loggedIn');
    expect(backend.calls).toEqual(['nonce', 'verify', 'login', 'user']);
    expect(backend.loginBodies[0]).toMatchObject({ smartAccountAddress: account.address, ...invite });
    expect(session.get('jwt')).toBe(store.getState().jwt);
    expect(session.get('idToken')).toMatch(/^ey/);
    expect(sessionUserOf(store.getState(), backend.user).isFullUser).toBe(true);
    // Server data is the query cache's (get-user.ts): the store keeps session status and dialogs only.
    expect(Object.keys(store.getState()).sort()).toEqual([
      'dialog',
      'isBinding',
      'isWelcomeOpen',
      'jwt',
      'navigation',
      'pendingWelcomeCreatedAt',
      'status',
    ]);
  });

  it('welcomes a new account at the login, then sends it without a profile to Create profile (product.md 4)', async () => {
    await store.loginWithAccount(invite);
    expect(store.getState()).toMatchObject({
      isWelcomeOpen: true,
      navigation: { to: '/create-profile', replace: false },
    });
    store.closeWelcome();
    store.consumeNavigation();
    store.completeProfileCreation();
    expect(store.getState()).toMatchObject({ isWelcomeOpen: false, navigation: { to: '/', replace: true } });
  });

  it('does not welcome an account that was over 30 s old at its login (product.md 4, product.md 9)', async () => {
    backend.created = NOW - 31_000;
    await store.loginWithAccount(invite);
    expect(store.getState()).toMatchObject({
      isWelcomeOpen: false,
      navigation: { to: '/create-profile', replace: false },
    });
    store.completeProfileCreation();
    expect(store.getState().isWelcomeOpen).toBe(false);
  });

  it('is logged in from its creation when a session is stored, so no login button shows first', () => {
    session.set('idToken', tokenExpiringAt(NOW / 1000 + 1000));
    session.set('jwt', tokenExpiringAt(NOW / 1000 + 1000));
    expect(auth.makeStore().getState()).toMatchObject({ status: 'loggedIn', jwt: session.get('jwt') });
    session.set('jwt', tokenExpiringAt(NOW / 1000 - 1));
    expect(auth.makeStore().getState()).toMatchObject({ status: 'loggedOut', jwt: null });
  });

  it('does not welcome a profile made after a reload, which forgot the login', async () => {
    session.set('idToken', tokenExpiringAt(NOW / 1000 + 1000));
    session.set('jwt', tokenExpiringAt(NOW / 1000 + 1000));
    await store.initialize();
    store.completeProfileCreation();
    expect(store.getState().isWelcomeOpen).toBe(false);
  });

  it('shows the welcome modal only for accounts created within 30 s, and stays where it is', async () => {
    backend.user = user({ profile: { handle: 'racer', avatar: null, profileId: '1' } });
    await store.loginWithAccount(invite);
    expect(store.getState()).toMatchObject({ isWelcomeOpen: true, navigation: null });

    backend.created = NOW - 30_001;
    const later = auth.makeStore();
    await later.loginWithAccount(invite);
    expect(later.getState()).toMatchObject({ status: 'loggedIn', isWelcomeOpen: false, navigation: null });
  });

  it("fails with 'Authorization failed, please try again' and clears the login state", async () => {
    backend.loginFailure = new ApiError({ kind: 'envelope', status: 200, code: '500', message: 'nope' });
    await store.loginWithAccount(invite);
    expect(toasts).toEqual([LOGIN_TEXT.authorizationFailed]);
    expect(store.getState()).toMatchObject({ status: 'loggedOut', jwt: null });
    expect(session.values.size).toBe(0);
    expect(accountProvider.disconnects).toBe(1);
  });

  it('opens the warning popup (New account login prompt) on cause code 5115, without a toast', async () => {
    backend.loginFailure = new ApiError({
      kind: 'envelope',
      status: 200,
      code: '5115',
      message: 'old login',
    });
    await store.loginWithAccount(invite);
    expect(toasts).toEqual([]);
    expect(store.getState()).toMatchObject({ status: 'loggedOut', dialog: 'newAccountLogin' });
  });

  it("turns 'Failed to initialize request' into the pop-up permission text", async () => {
    accountProvider.connect = () => Promise.reject(new Error('Failed to initialize request'));
    await store.loginWithAccount(invite);
    expect(toasts).toEqual([LOGIN_TEXT.allowPopups]);
  });

  it('shows the popup-blocked notice when the popup cannot open', async () => {
    accountProvider.blocked = true;
    await store.loginWithAccount(invite);
    expect(store.getState()).toMatchObject({ status: 'loggedOut', dialog: 'popupBlocked' });
    expect(toasts).toEqual([]);
    expect(DIALOG_TEXT.popupBlocked).toContain('POPUP BLOCKED');
  });

  it('counts a login answer without sessionToken as a failure', async () => {
    backend.loginUser = async () => ({ sessionToken: '', created: NOW });
    await store.loginWithAccount(invite);
    expect(toasts).toEqual([LOGIN_TEXT.authorizationFailed]);
    expect(session.get('jwt')).toBeUndefined();
  });

  it('clears logging in and welcome states when the account provider disconnects, ignoring the late answer', async () => {
    let release: (address: Address) => void = () => {};
    accountProvider.connect = () => new Promise((resolve) => (release = resolve));
    const done = store.loginWithAccount(invite);
    store.handleWalletDisconnect();
    expect(store.getState().status).toBe('loggedOut');
    release(account.address);
    await done;
    expect(store.getState().status).toBe('loggedOut');
    expect(session.get('jwt')).toBeUndefined();
  });
});

describe('product.md 4 Logout', () => {
  it('clears the tokens, ends the identity session on the server, disconnects the account provider, resets and goes to /', async () => {
    await store.loginWithAccount(invite);
    const jwt = session.get('jwt');
    const idToken = session.get('idToken');
    session.set('taskId', '411010');
    session.set('platform', 'twitter');
    await store.logout();
    // The server revokes the session of the tokens the page held, so copies of them stop working too.
    expect(backend.endedSessions).toEqual([{ jwt, idToken }]);
    expect(session.values.size).toBe(0);
    expect(accountProvider.disconnects).toBe(1);
    expect(auth.resets).toBe(1);
    expect(store.getState()).toMatchObject({
      status: 'loggedOut',
      jwt: null,
      navigation: { to: '/', replace: false },
    });
  });

  it('after a 401 logs out without asking the server again', async () => {
    await store.loginWithAccount(invite);
    await store.logout({ endSession: false });
    expect(backend.endedSessions).toEqual([]);
    expect(session.values.size).toBe(0);
  });
});

describe('product.md 4 session upkeep', () => {
  it('logs out on load when both tokens are stored and one has expired', async () => {
    session.set('idToken', tokenExpiringAt(NOW / 1000 - 1));
    session.set('jwt', tokenExpiringAt(NOW / 1000 + 1000));
    await store.initialize();
    expect(session.values.size).toBe(0);
    expect(auth.resets).toBe(1);
    expect(store.getState().status).toBe('loggedOut');
  });

  it('restores a stored session and loads the user', async () => {
    const jwt = tokenExpiringAt(NOW / 1000 + 1000);
    session.set('idToken', tokenExpiringAt(NOW / 1000 + 1000));
    session.set('jwt', jwt);
    await store.initialize();
    expect(store.getState()).toMatchObject({ status: 'loggedIn', jwt });
    expect(backend.calls).toEqual(['user']);
    expect(accountProvider.restored).toEqual([account.address]);
    expect(auth.resets).toBe(0);
  });

  it('renews only tokens with under 1200 s left', async () => {
    session.set('idToken', tokenExpiringAt(NOW / 1000 + 1199));
    session.set('jwt', tokenExpiringAt(NOW / 1000 + 1200));
    await store.renewTokens();
    expect(backend.calls).toEqual(['refreshIdToken']);
    expect(session.get('idToken')).toBe(tokenExpiringAt(NOW / 1000 + 7200));
    session.set('jwt', tokenExpiringAt(NOW / 1000 + 100));
    await store.renewTokens();
    expect(backend.calls).toEqual(['refreshIdToken', 'refreshSessionToken']);
    expect(session.get('jwt')).toBe(tokenExpiringAt(NOW / 1000 + 604_800));
  });
});

describe('old users (product.md 1): OAuth login and migration bind', () => {
  const oldUser = () =>
    user({
      id: '7',
      isOldType: true,
      web3authAddress: '0x00000000000000000000000000000000000000aa',
      abstractAddress: {},
      profile: { handle: 'veteran', avatar: null, profileId: '3' },
    });

  it('logs in with the code, then shows Account Migration Tips; binding makes a full user', async () => {
    backend.user = oldUser();
    await store.loginWithOauthCode({
      provider: 'google',
      code: 'c0de',
      redirectUri: 'http://localhost:3000/auth/callback',
      codeVerifier: 'v'.repeat(43),
      nonce: 'n'.repeat(22),
      returnTo: '/',
    });
    expect(backend.calls).toEqual(['oauth:google:c0de', 'user']);
    expect(store.getState()).toMatchObject({ status: 'loggedIn', dialog: 'migrationTips' });
    expect(sessionUserOf(store.getState(), backend.user).isFullUser).toBe(false);

    await store.bindAccount();
    expect(backend.calls.slice(2)).toEqual(['nonce', 'verify', 'bind', 'user']);
    expect(store.getState().dialog).toBeNull();
    expect(sessionUserOf(store.getState(), backend.user).isFullUser).toBe(true);
    expect(session.get('idToken')).toBeDefined();
  });

  it('keeps the welcome of a just-created old account until its migration bind, the login success', async () => {
    backend.user = { ...oldUser(), profile: null };
    backend.loginOauth = async () => ({
      sessionToken: tokenExpiringAt(NOW / 1000 + 604_800, '7'),
      created: NOW,
    });
    await store.loginWithOauthCode({
      provider: 'google',
      code: 'c',
      redirectUri: 'r',
      codeVerifier: 'v',
      nonce: 'n'.repeat(22),
      returnTo: '/',
    });
    expect(store.getState()).toMatchObject({ dialog: 'migrationTips', isWelcomeOpen: false });
    clockMs = NOW + 10_000;
    await store.bindAccount();
    expect(store.getState()).toMatchObject({
      dialog: null,
      isWelcomeOpen: true,
      pendingWelcomeCreatedAt: null,
      navigation: { to: '/create-profile' },
    });
  });

  it('drops the welcome of an old account whose migration bind came over 30 s after it was made', async () => {
    backend.user = { ...oldUser(), profile: null };
    backend.loginOauth = async () => ({
      sessionToken: tokenExpiringAt(NOW / 1000 + 604_800, '7'),
      created: NOW,
    });
    await store.loginWithOauthCode({
      provider: 'google',
      code: 'c',
      redirectUri: 'r',
      codeVerifier: 'v',
      nonce: 'n'.repeat(22),
      returnTo: '/',
    });
    clockMs = NOW + 31_000;
    await store.bindAccount();
    store.completeProfileCreation();
    expect(store.getState().isWelcomeOpen).toBe(false);
  });

  it('shows the already-bound text for customer.public.key.already.binded, else Bind failed', async () => {
    backend.user = oldUser();
    await store.loginWithOauthCode({
      provider: 'google',
      code: 'c',
      redirectUri: 'r',
      codeVerifier: 'v',
      nonce: 'n'.repeat(22),
      returnTo: '/',
    });
    backend.bindFailure = new ApiError({
      kind: 'envelope',
      status: 200,
      code: '400',
      msgKey: 'customer.public.key.already.binded',
      message: 'bound',
    });
    await store.bindAccount();
    backend.bindFailure = new ApiError({ kind: 'http', status: 500, code: 'INTERNAL_ERROR', message: 'x' });
    await store.bindAccount();
    expect(toasts).toEqual([LOGIN_TEXT.publicKeyAlreadyBound, LOGIN_TEXT.bindFailed]);
    expect(store.getState()).toMatchObject({ status: 'loggedIn', isBinding: false, dialog: 'migrationTips' });
  });

  it('a failed callback logs out and goes home', () => {
    store.failOauthLogin('state-mismatch');
    expect(toasts).toEqual([LOGIN_TEXT.authorizationFailed]);
    expect(store.getState()).toMatchObject({ status: 'loggedOut', navigation: { to: '/', replace: true } });
  });

  it('a callback without a pending login, opened while logged in, goes home and keeps the session', async () => {
    await store.loginWithAccount(invite);
    const { jwt } = store.getState();
    store.failOauthLogin('no-pending-login');
    expect(toasts).toEqual([]);
    expect(store.getState()).toMatchObject({
      status: 'loggedIn',
      jwt,
      navigation: { to: '/', replace: true },
    });
    expect(session.get('jwt')).toBe(jwt);
    expect(accountProvider.disconnects).toBe(0);
  });

  it('the same on a fresh page load, before the stored session was read', () => {
    session.set('jwt', tokenExpiringAt(NOW / 1000 + 1000));
    const fresh = auth.makeStore();
    fresh.failOauthLogin('no-pending-login');
    expect(toasts).toEqual([]);
    expect(session.get('jwt')).toBe(tokenExpiringAt(NOW / 1000 + 1000));
    expect(fresh.getState().navigation).toEqual({ to: '/', replace: true });
  });
});
