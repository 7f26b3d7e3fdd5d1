import type { UserInfo } from '@ojo/api-contract/user';
import { QueryClient } from '@tanstack/react-query';
import { type Address, type Hex, verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import type { ApiError } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';
import type { SessionKey } from '@/lib/session-storage';
import type { LoginAccountProvider } from '../lib/login-account-provider';
import {
  type AuthApi,
  type AuthStore,
  type AuthStoreDeps,
  createAuthStore,
  type SessionValues,
} from '../stores/auth-store';
import { PopupBlockedError } from '../wallet/account-provider';

/**
 * Test doubles of the login's neighbours for unit tests: an identity layer and user service in memory that
 * check what the real ones check, and a wallet that really signs with a local key. The Playwright specs in e2e/auth
 * run the real ones.
 */

export const NOW = 1_750_000_000_000;
export const account = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
);
export const LOCATION = { host: 'localhost:3000', origin: 'http://localhost:3000' };

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
export const tokenExpiringAt = (expSeconds: number, sub = 'x') =>
  `${b64url('{"alg":"ES256"}')}.${b64url(JSON.stringify({ sub, exp: expSeconds }))}.sig`;

export function user(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: '42',
    isOldType: false,
    profile: null,
    telegramId: null,
    web3authAddress: null,
    abstractAddress: { osp_aa: { address: account.address } },
    addressAll: [],
    connectAddress: {},
    linkedWallets: {},
    created: NOW,
    ...overrides,
  };
}

/**
 * An in-memory identity layer and user service that check what a real one checks: nonces are single use, the
 * message must name the page and chain, the signature must recover to the account, the login's public key must be
 * the signer.
 */
export class FakeBackend implements AuthApi {
  nonces = new Set<string>();
  calls: string[] = [];
  loginBodies: unknown[] = [];
  user: UserInfo = user();
  created = NOW;
  loginFailure: ApiError | null = null;
  bindFailure: ApiError | null = null;
  idTokenExp = NOW / 1000 + 3600;

  async getSiweNonce() {
    this.calls.push('nonce');
    const nonce = `n${this.nonces.size}abcdefgh12345`;
    this.nonces.add(nonce);
    return nonce;
  }
  async verifySiwe({ message, signature }: { message: string; signature: string }) {
    this.calls.push('verify');
    const parsed = parseSiweMessage(message);
    if (!parsed.nonce || !this.nonces.delete(parsed.nonce)) throw new Error('unknown nonce');
    if (parsed.domain !== LOCATION.host || parsed.uri !== LOCATION.origin || parsed.chainId !== 11124) {
      throw new Error('wrong message');
    }
    const valid = await verifyMessage({
      address: parsed.address as Address,
      message,
      signature: signature as Hex,
    });
    if (!valid) throw new Error('bad signature');
    return { idToken: tokenExpiringAt(this.idTokenExp, parsed.address) };
  }
  async refreshIdToken(_idToken: string) {
    this.calls.push('refreshIdToken');
    return { idToken: tokenExpiringAt(NOW / 1000 + 7200) };
  }
  async refreshSessionToken() {
    this.calls.push('refreshSessionToken');
    return { sessionToken: tokenExpiringAt(NOW / 1000 + 604_800) };
  }
  async loginUser(body: {
    idToken: string;
    smartAccountAddress: string;
    referralCode: string;
    sourceType: string;
  }) {
    this.calls.push('login');
    this.loginBodies.push(body);
    if (this.loginFailure) throw this.loginFailure;
    return { sessionToken: tokenExpiringAt(NOW / 1000 + 604_800, '42'), created: this.created };
  }
  async loginOauth(body: { provider: string; code: string }) {
    this.calls.push(`oauth:${body.provider}:${body.code}`);
    return { sessionToken: tokenExpiringAt(NOW / 1000 + 604_800, '7'), created: NOW - 86_400_000 };
  }
  async bindSmartAccount(body: { idToken: string; smartAccountAddress: string }) {
    this.calls.push('bind');
    if (this.bindFailure) throw this.bindFailure;
    this.user = {
      ...this.user,
      isOldType: false,
      abstractAddress: { osp_aa: { address: body.smartAccountAddress } },
    };
  }
  /** The query cache the app's components read the session user from; the user then loads into it, as in the app. */
  cache: QueryClient | null = null;
  async getUser() {
    const load = async () => {
      this.calls.push('user');
      return this.user;
    };
    if (!this.cache) return load();
    return this.cache.fetchQuery({ queryKey: userKeys.current(), queryFn: load, staleTime: 0 });
  }
  endedSessions: { jwt: string; idToken?: string }[] = [];
  async endSession(body: { jwt: string; idToken?: string }) {
    this.calls.push('endSession');
    this.endedSessions.push(body);
  }
}

/**
 * A query client for components under test: what the fake backend loaded stays fresh, so no hook fetches it again
 * from the network.
 */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
}

/** A wallet that really signs (EIP-191) with a local key; `blocked` acts as a pop-up blocker. */
export class LocalAccountProvider implements LoginAccountProvider {
  blocked = false;
  connects = 0;
  disconnects = 0;
  listeners = new Set<() => void>();
  connect() {
    this.connects += 1;
    if (this.blocked) return Promise.reject(new PopupBlockedError());
    return Promise.resolve(account.address);
  }
  async signMessage(address: Address, message: string) {
    if (address !== account.address) throw new Error(`asked to sign for ${address}`);
    return account.signMessage({ message });
  }
  restored: Address[] = [];
  async disconnect() {
    this.disconnects += 1;
  }
  restore(address: Address) {
    this.restored.push(address);
  }
  onDisconnect(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export class MemorySession {
  values = new Map<SessionKey, string>();
  get = (key: SessionKey) => this.values.get(key);
  set = (key: SessionKey, value: string) => void this.values.set(key, value);
  clear = () => this.values.clear();
}

/** What createTestAuthStore builds: the store, its in-memory neighbours, and what it reported. */
export interface TestAuth<S extends SessionValues = MemorySession> {
  store: AuthStore;
  backend: FakeBackend;
  accountProvider: LocalAccountProvider;
  session: S;
  /** The error toasts shown, in order. */
  toasts: string[];
  /** How many times the app was reset. */
  resets: number;
  /** Another store on the same backend, wallet, session and counters (a second page load). */
  makeStore(): AuthStore;
}

/**
 * An auth store for unit tests on an in-memory backend, a local wallet and a memory session, as the app wires it
 * (OJO Arena on chain 11124, at LOCATION, at time NOW). `cache` loads the user into a test query client, as the
 * components read it; any dependency can be overridden.
 */
export function createTestAuthStore<S extends SessionValues = MemorySession>(
  overrides: Partial<Omit<AuthStoreDeps, 'api' | 'accountProvider' | 'session'>> & {
    backend?: FakeBackend;
    accountProvider?: LocalAccountProvider;
    session?: S;
    cache?: boolean;
  } = {},
): TestAuth<S> {
  const {
    backend = new FakeBackend(),
    accountProvider = new LocalAccountProvider(),
    cache,
    session: given,
    ...deps
  } = overrides;
  if (cache) backend.cache = testQueryClient();
  const session = (given ?? new MemorySession()) as S;
  const makeStore = () =>
    createAuthStore({
      api: backend,
      accountProvider,
      location: LOCATION,
      productName: 'OJO Arena',
      chainId: 11124,
      now: () => NOW,
      notifyError: (message) => auth.toasts.push(message),
      resetApp: () => {
        auth.resets += 1;
      },
      createProfilePath: '/create-profile',
      homePath: '/',
      ...deps,
      session,
    });
  const harness = { backend, accountProvider, session, toasts: [] as string[], resets: 0, makeStore };
  const auth: TestAuth<S> = Object.assign(harness, { store: makeStore() });
  return auth;
}
