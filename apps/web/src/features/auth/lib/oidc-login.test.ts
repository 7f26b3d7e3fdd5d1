import { beforeEach, describe, expect, it } from 'vitest';
import {
  codeChallengeFor,
  createAuthorizationUrl,
  OIDC_PENDING_KEY,
  type OidcProviderInfo,
  readOidcCallback,
} from './oidc-login';

const info: OidcProviderInfo = {
  provider: 'google',
  authorizationEndpoint: 'http://localhost:3001/oidc/google/auth',
  clientId: 'ojo-web',
  redirectUri: 'http://localhost:3000/auth/callback',
  scope: 'openid email profile',
};

beforeEach(() => sessionStorage.clear());

const start = async () =>
  new URL(await createAuthorizationUrl({ info, returnTo: '/', storage: sessionStorage }));

describe('old-user login: OpenID Connect code flow with PKCE', () => {
  it('derives the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await codeChallengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('sends the code request with state, nonce and the challenge of a remembered verifier', async () => {
    const url = await start();
    expect(url.origin + url.pathname).toBe(info.authorizationEndpoint);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('ojo-web');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/callback');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const pending = JSON.parse(sessionStorage.getItem(OIDC_PENDING_KEY) ?? '{}');
    expect(url.searchParams.get('state')).toBe(pending.state);
    expect(url.searchParams.get('nonce')).toBe(pending.nonce);
    expect(pending.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(url.searchParams.get('code_challenge')).toBe(await codeChallengeFor(pending.codeVerifier));
  });

  it('accepts the callback once, with the matching state', async () => {
    const url = await start();
    const state = url.searchParams.get('state');
    const result = readOidcCallback(`?code=abc&state=${state}`, sessionStorage);
    expect(result).toMatchObject({
      ok: true,
      provider: 'google',
      code: 'abc',
      returnTo: '/',
      nonce: url.searchParams.get('nonce'),
    });
    expect(readOidcCallback(`?code=abc&state=${state}`, sessionStorage)).toEqual({
      ok: false,
      reason: 'no-pending-login',
    });
  });

  it('refuses a forged state, a provider error and a missing code', async () => {
    await start();
    expect(readOidcCallback('?code=abc&state=forged-state-value', sessionStorage)).toMatchObject({
      ok: false,
      reason: 'state-mismatch',
    });
    const state = (await start()).searchParams.get('state');
    expect(
      readOidcCallback(`?error=access_denied&error_description=no&state=${state}`, sessionStorage),
    ).toMatchObject({ ok: false, reason: 'provider-error', detail: 'no' });
    const again = (await start()).searchParams.get('state');
    expect(readOidcCallback(`?state=${again}`, sessionStorage)).toMatchObject({
      ok: false,
      reason: 'no-code',
    });
  });
});
