import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bindFailureMessage, isLoginComplete, loginFailure, loginReferralFields } from './login';
import {
  decodeTokenPayload,
  isExpired,
  isNewlyCreated,
  SESSION_STORAGE_KEYS,
  secondsUntilExpiry,
  shouldLogoutOnLoad,
  shouldRenew,
  tokenCookieExpiresAtMs,
} from './token';
import {
  connectedAddresses,
  connectedWallets,
  isFullUser,
  needsMigrationBind,
  playerCall,
  smartAccountAddress,
} from './user';

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const jwtWith = (payload: unknown) => `${b64url('{"alg":"ES256"}')}.${b64url(JSON.stringify(payload))}.sig`;
const NOW_MS = 1_750_000_000_000;
const NOW_S = NOW_MS / 1000;

describe("product.md 4 Login: 'A full user has a jwt, is not old type, and has an osp_aa smart-account address.'", () => {
  const full = { jwt: 'j', isOldType: false, abstractAddress: { osp_aa: { address: '0xabc' } } };
  it('is a full user only with all three', () => {
    expect(isFullUser(full)).toBe(true);
    expect(isFullUser({ ...full, jwt: '' })).toBe(false);
    expect(isFullUser({ ...full, isOldType: true })).toBe(false);
    expect(isFullUser({ ...full, abstractAddress: {} })).toBe(false);
    expect(isFullUser({ ...full, abstractAddress: { osp_aa: { address: '' } } })).toBe(false);
    expect(isFullUser({ ...full, abstractAddress: { other: { address: '0x1' } } })).toBe(false);
    expect(isFullUser(null)).toBe(false);
    expect(smartAccountAddress(full)).toBe('0xabc');
  });
  it("binds (migration) 'when a web3auth address exists but no osp_aa address'", () => {
    expect(needsMigrationBind({ web3authAddress: '0xold' })).toBe(true);
    expect(
      needsMigrationBind({ web3authAddress: '0xold', abstractAddress: { osp_aa: { address: '0xnew' } } }),
    ).toBe(false);
    expect(needsMigrationBind({})).toBe(false);
  });
  it('offers login to the logged out and to a user not full yet, nothing while the user loads, then profile or play', () => {
    expect(playerCall('loggedOut', null)).toBe('login');
    expect(playerCall('loggingIn', null)).toBe('login');
    expect(playerCall('loggedIn', null)).toBe('loading');
    expect(playerCall('loggedIn', { ...full, isOldType: true })).toBe('login');
    expect(playerCall('loggedIn', { ...full, profile: null })).toBe('createProfile');
    expect(playerCall('loggedIn', { ...full, profile: { handle: 'ada_1' } })).toBe('play');
  });
  it('reads linked wallets by chain type (product.md 3 connectAddress)', () => {
    const user = { connectAddress: { EVM: { address: '0xe' }, SOLANA: null } };
    expect(connectedWallets(user)).toEqual({ hasEvmWallet: true, hasSolanaWallet: false });
    expect(connectedWallets(undefined)).toEqual({ hasEvmWallet: false, hasSolanaWallet: false });
    expect(connectedAddresses(user)).toEqual(['0xe']);
    expect(connectedAddresses(null)).toEqual([]);
  });
});

describe("product.md 5 Other: 'Token decoding requires a string with a valid base64 and JSON payload part.'", () => {
  it('decodes a JWT payload', () => {
    expect(decodeTokenPayload(jwtWith({ sub: 'u1', exp: 5 }))).toEqual({ sub: 'u1', exp: 5 });
    expect(decodeTokenPayload(`x.${Buffer.from('{"a":"é"}').toString('base64')}.y`)).toEqual({ a: 'é' });
    expect(decodeTokenPayload(`x.${b64url('{"a":1}')}`)).toEqual({ a: 1 });
  });
  it('gives nothing for anything else', () => {
    expect(decodeTokenPayload(42)).toBeNull();
    expect(decodeTokenPayload(null)).toBeNull();
    expect(decodeTokenPayload('no-dots')).toBeNull();
    expect(decodeTokenPayload('a..c')).toBeNull();
    expect(decodeTokenPayload('a.!!!!.c')).toBeNull();
    expect(decodeTokenPayload('a.abcde.c')).toBeNull(); // length 5: not base64
    expect(decodeTokenPayload(`a.${b64url('not json')}.c`)).toBeNull();
    expect(decodeTokenPayload(`a.${b64url('[1,2]')}.c`)).toBeNull();
    expect(decodeTokenPayload(`a.${b64url('null')}.c`)).toBeNull();
    expect(decodeTokenPayload(`a.${Buffer.from([0xff, 0xfe]).toString('base64url')}.c`)).toBeNull();
  });
  it('property: never throws on any string; decodes every object payload', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (token) => {
        const payload = decodeTokenPayload(token);
        expect(payload === null || typeof payload === 'object').toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (payload) => {
        expect(decodeTokenPayload(jwtWith(payload))).toEqual(JSON.parse(JSON.stringify(payload)));
      }),
    );
  });
});

describe("product.md 4 Login: expiry and renewal ('expires in under 1200 seconds, renew it')", () => {
  it('counts seconds to exp', () => {
    expect(secondsUntilExpiry(jwtWith({ exp: NOW_S + 60 }), NOW_MS)).toBe(60);
    expect(secondsUntilExpiry(jwtWith({ exp: 'soon' }), NOW_MS)).toBeNull();
    expect(secondsUntilExpiry('junk', NOW_MS)).toBeNull();
  });
  it('renews under 1200 s, not at 1200 s', () => {
    expect(shouldRenew(jwtWith({ exp: NOW_S + 1199 }), NOW_MS)).toBe(true);
    expect(shouldRenew(jwtWith({ exp: NOW_S + 1200 }), NOW_MS)).toBe(false);
    expect(shouldRenew(jwtWith({ exp: NOW_S - 10 }), NOW_MS)).toBe(true);
    expect(shouldRenew('junk', NOW_MS)).toBe(false);
  });
  it('is expired at or after exp, or when unreadable', () => {
    expect(isExpired(jwtWith({ exp: NOW_S }), NOW_MS)).toBe(true);
    expect(isExpired(jwtWith({ exp: NOW_S + 1 }), NOW_MS)).toBe(false);
    expect(isExpired('junk', NOW_MS)).toBe(true);
  });
  it("'On load, if both stored tokens exist and either has expired, the user is logged out.'", () => {
    const live = jwtWith({ exp: NOW_S + 100 });
    const dead = jwtWith({ exp: NOW_S - 100 });
    expect(shouldLogoutOnLoad(live, live, NOW_MS)).toBe(false);
    expect(shouldLogoutOnLoad(live, dead, NOW_MS)).toBe(true);
    expect(shouldLogoutOnLoad(dead, live, NOW_MS)).toBe(true);
    expect(shouldLogoutOnLoad(dead, null, NOW_MS)).toBe(false);
    expect(shouldLogoutOnLoad(undefined, dead, NOW_MS)).toBe(false);
  });
});

describe("product.md 4 Login: 'The welcome modal shows if the account was created within the last 30 seconds.'", () => {
  it('flags accounts created in the last 30 s', () => {
    expect(isNewlyCreated(NOW_MS - 30_000, NOW_MS)).toBe(true);
    expect(isNewlyCreated(NOW_MS - 30_001, NOW_MS)).toBe(false);
    expect(isNewlyCreated(NOW_MS, NOW_MS)).toBe(true);
    expect(isNewlyCreated(NOW_MS + 2000, NOW_MS)).toBe(true); // server clock slightly ahead
    expect(isNewlyCreated(Number.NaN, NOW_MS)).toBe(false);
  });
});

describe("product.md 9: 'Token cookies (jwt, id token, task id, platform) expire after 2 days.'", () => {
  it('expires two days later', () => {
    expect(tokenCookieExpiresAtMs(NOW_MS)).toBe(NOW_MS + 172_800_000);
    expect(Object.keys(SESSION_STORAGE_KEYS).sort()).toEqual(['idToken', 'jwt', 'platform', 'taskId']);
  });
});

describe('product.md 8 login and bind errors', () => {
  it("default: 'Authorization failed, please try again'", () => {
    expect(loginFailure(new Error('boom'))).toEqual({
      kind: 'toast',
      message: 'Authorization failed, please try again',
    });
    expect(loginFailure(undefined)).toEqual({
      kind: 'toast',
      message: 'Authorization failed, please try again',
    });
    expect(loginFailure({ cause: null })).toEqual({
      kind: 'toast',
      message: 'Authorization failed, please try again',
    });
  });
  it('cause code 5115 opens a warning popup', () => {
    expect(loginFailure(new Error('x', { cause: { code: 5115 } }))).toEqual({ kind: 'warningPopup' });
    expect(loginFailure({ cause: { code: '5115' } })).toEqual({ kind: 'warningPopup' });
  });
  it("'Failed to initialize request' asks to allow pop-ups", () => {
    expect(loginFailure(new Error('Popup: Failed to initialize request (blocked)'))).toEqual({
      kind: 'toast',
      message: "Please set your browser to 'Allow' the website to open pop-up windows.",
    });
    expect(loginFailure('Failed to initialize request')).toMatchObject({ kind: 'toast' });
  });
  it("'Login, missing sessionToken, id token or public key: Counts as a login failure'", () => {
    expect(isLoginComplete({ sessionToken: 'j', idToken: 'i', smartAccountAddress: 'p' })).toBe(true);
    expect(isLoginComplete({ sessionToken: '', idToken: 'i', smartAccountAddress: 'p' })).toBe(false);
    expect(isLoginComplete({ sessionToken: 'j', idToken: null, smartAccountAddress: 'p' })).toBe(false);
    expect(isLoginComplete({ sessionToken: 'j', idToken: 'i' })).toBe(false);
  });
  it("bind: msgKey customer.public.key.already.binded has its own text, else 'Bind failed, please try again'", () => {
    expect(bindFailureMessage('customer.public.key.already.binded')).toBe(
      'This account has already been registered with the account provider. Please use a different login account to proceed with the binding.',
    );
    expect(bindFailureMessage('other')).toBe('Bind failed, please try again');
  });
});

describe('product.md 5 Other: invite code and source type of the login body', () => {
  it('uses the selected or default code and a known source type, else web', () => {
    expect(
      loginReferralFields({
        selectedReferralCode: 'ABC',
        defaultReferralCode: 'DEF',
        sourceType: 'DOJO_DASH',
      }),
    ).toEqual({
      referralCode: 'ABC',
      sourceType: 'DOJO_DASH',
    });
    expect(loginReferralFields({ defaultReferralCode: 'DEF', sourceType: 'tiktok' })).toEqual({
      referralCode: 'DEF',
      sourceType: 'web',
    });
    expect(loginReferralFields({})).toEqual({ referralCode: '', sourceType: 'web' });
  });
});
