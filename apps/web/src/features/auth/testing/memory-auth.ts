import type { UserInfo } from '@ojo/api-contract/user';
import { type Address, type Hex, verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import type { ApiError } from '@/lib/api-client';
import type { SessionKey } from '@/lib/session-storage';
import type { LoginAccountProvider } from '../lib/login-account-provider';
import type { AuthApi } from '../stores/auth-store';
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
  async getUser() {
    this.calls.push('user');
    return this.user;
  }
  endedSessions: { jwt: string; idToken?: string }[] = [];
  async endSession(body: { jwt: string; idToken?: string }) {
    this.calls.push('endSession');
    this.endedSessions.push(body);
  }
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
