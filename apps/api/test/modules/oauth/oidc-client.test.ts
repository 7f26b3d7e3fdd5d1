import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OLD_USER_TEST_IDENTITIES } from '@ojo/db/seeds/old-user-identities';
import { loadStandInsConfig } from '@ojo/stand-ins/config';
import { OidcBrowser } from '@ojo/stand-ins/oidc-browser';
import type { StandIns } from '@ojo/stand-ins/server';
import {
  type CryptoKey,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTPayload,
  SignJWT,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcRelyingParty } from '../../../src/modules/oauth/oidc-client';
import type { OidcProviderSettings } from '../../../src/modules/oauth/provider-settings';
import { WEB_ORIGIN } from '../../support/identity';
import { startOidcStandIns } from './oidc-flow';

/** A provider that accepts connections and never answers: the API must give up, not hang the login. */
describe('OidcRelyingParty against a provider that does not answer', () => {
  let server: Server;
  let issuer: string;

  beforeAll(async () => {
    server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oidc/google`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers 502 provider unavailable after its HTTP timeout', async () => {
    const settings: OidcProviderSettings = {
      provider: 'google',
      issuer,
      clientId: 'ojo-arena-web',
      clientSecret: 'secret',
    };
    const started = Date.now();
    await expect(new OidcRelyingParty(fetch).authorizationEndpoint(settings)).rejects.toMatchObject({
      statusCode: 502,
      code: 'OAUTH_PROVIDER_UNAVAILABLE',
      msgKey: 'customer.oauth.provider.unavailable',
      message: expect.stringContaining('no answer within 5 s'),
    });
    // It waited for its timeout (a timer never fires early); that it gave up at all is the test's own timeout.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
  }, 30_000);
});

/**
 * The API as relying party against the Google stand-in, with a transport that swaps the id token in the token
 * response: whatever the forger changes, the login is refused.
 */
describe('OidcRelyingParty refuses id tokens it must not trust', () => {
  let standIns: StandIns;
  let settings: OidcProviderSettings;
  const ada = OLD_USER_TEST_IDENTITIES.find((identity) => identity.email === 'ada@example.com')!;
  const redirectUri = `${WEB_ORIGIN}/auth/callback`;

  beforeAll(async () => {
    standIns = await startOidcStandIns();
    settings = {
      provider: 'google',
      issuer: standIns.oidc.issuers.google.issuer,
      ...loadStandInsConfig({}).oidc.google,
    };
  });
  afterAll(() => standIns.close());

  const attempt = async (replace: (idToken: string) => Promise<string>) => {
    const verifier = randomBytes(32).toString('base64url');
    const nonce = randomBytes(16).toString('base64url');
    const authorize = new URL(`${settings.issuer}/auth`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: settings.clientId,
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state: randomBytes(16).toString('base64url'),
      nonce,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const { callback } = await new OidcBrowser().signIn(authorize.href, { subject: ada.subject });
    const forging = new OidcRelyingParty(async (url, init) => {
      const response = await fetch(url, init);
      if (!url.endsWith('/token') || response.status !== 200) return response;
      const body = (await response.json()) as { id_token: string };
      return Response.json(
        { ...body, id_token: await replace(body.id_token) },
        { headers: response.headers },
      );
    });
    return forging.login(settings, {
      code: callback.searchParams.get('code') ?? '',
      redirectUri,
      codeVerifier: verifier,
      nonce,
    });
  };
  /** The id token with changed claims, signed again with the provider's own key (or `key`). */
  const resign = async (idToken: string, changes: JWTPayload, key?: CryptoKey) => {
    const { kid } = decodeProtectedHeader(idToken);
    const own = (await importJWK(standIns.oidc.issuers.google.signingKey as JWK, 'ES256')) as CryptoKey;
    return new SignJWT({ ...decodeJwt(idToken), ...changes })
      .setProtectedHeader({ alg: 'ES256', ...(kid ? { kid } : {}) })
      .sign(key ?? own);
  };

  it('accepts the untouched token', async () => {
    const identity = await attempt(async (idToken) => idToken);
    expect(identity.subject).toBe(ada.subject);
    expect(identity.email).toBe('ada@example.com');
  });

  it('refuses a token without the nonce of the login, or with another one', async () => {
    for (const nonce of [undefined, 'another-login']) {
      await expect(attempt((idToken) => resign(idToken, { nonce }))).rejects.toMatchObject({
        code: 'OAUTH_ID_TOKEN_INVALID',
        message: expect.stringContaining('nonce mismatch'),
      });
    }
  });

  it('refuses a tampered payload', async () => {
    const tampered = attempt(async (idToken) => {
      const [header, payload, signature] = idToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const changed = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
      return `${header}.${changed}.${signature}`;
    });
    await expect(tampered).rejects.toMatchObject({ statusCode: 401, code: 'OAUTH_ID_TOKEN_INVALID' });
  });

  it('refuses a token for another audience, from another issuer, or signed by another key', async () => {
    await expect(attempt((idToken) => resign(idToken, { aud: 'another-client' }))).rejects.toMatchObject({
      code: 'OAUTH_ID_TOKEN_INVALID',
      message: expect.stringContaining('"aud"'),
    });
    await expect(
      attempt((idToken) => resign(idToken, { iss: standIns.oidc.issuers.apple.issuer })),
    ).rejects.toMatchObject({ code: 'OAUTH_ID_TOKEN_INVALID', message: expect.stringContaining('"iss"') });
    const { privateKey: stranger } = await generateKeyPair('ES256');
    await expect(attempt((idToken) => resign(idToken, {}, stranger))).rejects.toMatchObject({
      code: 'OAUTH_ID_TOKEN_INVALID',
    });
  });

  it("refuses alg 'none', HS256 keyed with the client secret, a key the provider does not publish, and an expired token", async () => {
    const unsigned = attempt(async (idToken) => {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      return `${header}.${idToken.split('.')[1]}.`;
    });
    await expect(unsigned).rejects.toMatchObject({ code: 'OAUTH_ID_TOKEN_INVALID' });
    // The classic confusion: a token "signed" with the shared client secret instead of the provider's key.
    const symmetric = attempt(async (idToken) =>
      new SignJWT(decodeJwt(idToken))
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(settings.clientSecret)),
    );
    await expect(symmetric).rejects.toMatchObject({ code: 'OAUTH_ID_TOKEN_INVALID' });
    const { privateKey: unknown } = await generateKeyPair('ES256');
    const unknownKid = attempt(async (idToken) =>
      new SignJWT(decodeJwt(idToken))
        .setProtectedHeader({ alg: 'ES256', kid: 'not-published' })
        .sign(unknown),
    );
    await expect(unknownKid).rejects.toMatchObject({ code: 'OAUTH_ID_TOKEN_INVALID' });
    const now = Math.floor(Date.now() / 1000);
    await expect(
      attempt((idToken) => resign(idToken, { iat: now - 3600, exp: now - 600 })),
    ).rejects.toMatchObject({ code: 'OAUTH_ID_TOKEN_INVALID' });
  });
});
