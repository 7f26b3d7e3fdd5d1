import { statSync } from 'node:fs';
import path from 'node:path';
import { runSeeds } from '@ojo/db/seed';
import { OLD_USER_TEST_IDENTITIES, oldUsersSeed } from '@ojo/db/seeds/old-users';
import { describeWithDatabases } from '@ojo/db/testing';
import {
  type CryptoKey,
  createLocalJWKSet,
  decodeJwt,
  generateKeyPair,
  type JSONWebKeySet,
  jwtVerify,
  SignJWT,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../src/config/env';
import { fetchFor, OidcRelyingParty } from '../../../src/modules/oauth/oidc-client';
import { localOidcClient, resolveOidcProviders } from '../../../src/modules/oauth/provider-settings';
import { escapeHtml } from '../../../src/modules/oidc-provider/authorize-page';
import { loadSigningKey } from '../../../src/modules/oidc-provider/signing-keys';
import { buildTestApp } from '../../helpers';
import { authorizeQuery, callbackUri, newPkce, obtainCode, openSignInPage, submitSignIn } from './oidc-flow';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const ada = OLD_USER_TEST_IDENTITIES.find((identity) => identity.email === 'ada@example.com')!;

describe('escapeHtml', () => {
  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describeWithDatabases('embedded OpenID Connect provider', ({ database }) => {
  let app: TestApp;
  let config: AppConfig;

  beforeAll(async () => {
    await runSeeds(database().db, [oldUsersSeed]);
    ({ app, config } = await buildTestApp(database()));
    await app.ready();
  });
  afterAll(() => app.close());

  const issuer = () => `${config.publicUrl}/oidc/google`;
  const client = () => localOidcClient(config, 'google');
  const basic = (id: string, secret: string) =>
    `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
  const token = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/oidc/google/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });

  it('publishes discovery and a P-256 key kept under DATA_DIR with mode 0600', async () => {
    for (const provider of ['google', 'twitter', 'apple']) {
      const response = await app.inject({
        method: 'GET',
        url: `/oidc/${provider}/.well-known/openid-configuration`,
      });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document).toMatchObject({
        issuer: `${config.publicUrl}/oidc/${provider}`,
        authorization_endpoint: `${config.publicUrl}/oidc/${provider}/authorize`,
        token_endpoint: `${config.publicUrl}/oidc/${provider}/token`,
        jwks_uri: `${config.publicUrl}/oidc/${provider}/jwks`,
        code_challenge_methods_supported: ['S256'],
        response_types_supported: ['code'],
      });
    }
    const jwks = (await app.inject({ method: 'GET', url: '/oidc/google/jwks' })).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
    const keyFile = path.join(config.dataDir, 'oidc-provider', 'google-signing-key.jwk');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    // The same key after a restart.
    expect((await loadSigningKey(config.dataDir, 'google')).kid).toBe(jwks.keys[0].kid);
  });

  it('shows the Google sign-in page with the test identities and a form for a new email', async () => {
    const page = await openSignInPage(app, 'google', authorizeQuery(config, 'google', newPkce()));
    expect(page.html).toContain('Sign in with Google (local test identity)');
    expect(page.html).toContain('Ada (Google)');
    expect(page.html).toContain('name="email"');
    expect(page.html).not.toContain('Bob (');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).toContain(config.origins.web);
    expect(page.cookie).toMatch(/^ojo_oidc_csrf=.+/);
    const twitter = await openSignInPage(app, 'twitter', authorizeQuery(config, 'twitter', newPkce()));
    expect(twitter.html).toContain('Bob (Twitter)');
  });

  it('escapes whatever the request puts on the page', async () => {
    const script = '<script>alert(1)</script>';
    const unknownClient = await app.inject({
      method: 'GET',
      url: `/oidc/google/authorize?${authorizeQuery(config, 'google', newPkce(), { client_id: script })}`,
    });
    expect(unknownClient.statusCode).toBe(400);
    expect(unknownClient.body).not.toContain(script);
    expect(unknownClient.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

    const page = await openSignInPage(
      app,
      'google',
      authorizeQuery(config, 'google', newPkce(), { state: `"><img src=x onerror=alert(1)>`, nonce: script }),
    );
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).not.toContain(script);
    // The state still comes back intact in the redirect.
    const response = await submitSignIn(app, 'google', page, { subject: ada.subject });
    expect(new URL(String(response.headers.location)).searchParams.get('state')).toBe(
      `"><img src=x onerror=alert(1)>`,
    );
  });

  it('never redirects to an unregistered redirect_uri, and sends other request errors back to the client', async () => {
    const evil = await app.inject({
      method: 'GET',
      url: `/oidc/google/authorize?${authorizeQuery(config, 'google', newPkce(), { redirect_uri: 'https://evil.example/cb' })}`,
    });
    expect(evil.statusCode).toBe(400);
    expect(evil.headers.location).toBeUndefined();

    const pkce = newPkce();
    const noPkce = await app.inject({
      method: 'GET',
      url: `/oidc/google/authorize?${authorizeQuery(config, 'google', pkce, { code_challenge: undefined })}`,
    });
    expect(noPkce.statusCode).toBe(303);
    const location = new URL(String(noPkce.headers.location));
    expect(location.origin + location.pathname).toBe(callbackUri(config));
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe(pkce.state);

    const plain = await app.inject({
      method: 'GET',
      url: `/oidc/google/authorize?${authorizeQuery(config, 'google', newPkce(), { code_challenge_method: 'plain' })}`,
    });
    expect(new URL(String(plain.headers.location)).searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a choice posted without the CSRF cookie or with an altered interaction', async () => {
    const page = await openSignInPage(app, 'google', authorizeQuery(config, 'google', newPkce()));
    const noCookie = await submitSignIn(app, 'google', page, { subject: ada.subject }, { cookie: 'other=1' });
    expect(noCookie.statusCode).toBe(403);
    expect(noCookie.headers.location).toBeUndefined();
    const otherPage = await openSignInPage(app, 'google', authorizeQuery(config, 'google', newPkce()));
    const crossed = await submitSignIn(
      app,
      'google',
      page,
      { subject: ada.subject },
      { cookie: otherPage.cookie },
    );
    expect(crossed.statusCode).toBe(403);
    const altered = await submitSignIn(
      app,
      'google',
      { ...page, interaction: `${page.interaction.slice(0, -4)}AAAA` },
      { subject: ada.subject },
    );
    expect(altered.statusCode).toBe(400);
    const cancel = await submitSignIn(app, 'google', page, { cancel: '1' });
    expect(cancel.statusCode).toBe(303);
    expect(new URL(String(cancel.headers.location)).searchParams.get('error')).toBe('access_denied');
  });

  it('exchanges a code with client_secret_basic for an id token carrying iss, aud, sub, email, nonce, iat, exp', async () => {
    const flow = await obtainCode(app, config, 'google', { subject: ada.subject });
    const response = await token(
      {
        grant_type: 'authorization_code',
        code: flow.code,
        redirect_uri: callbackUri(config),
        code_verifier: flow.codeVerifier,
      },
      { authorization: basic(client().clientId, client().clientSecret) },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.token_type).toBe('Bearer');
    const jwks = (await app.inject({ method: 'GET', url: '/oidc/google/jwks' })).json() as JSONWebKeySet;
    const { payload } = await jwtVerify(body.id_token, createLocalJWKSet(jwks), {
      issuer: issuer(),
      audience: client().clientId,
    });
    expect(payload).toMatchObject({ sub: ada.subject, email: 'ada@example.com', nonce: flow.nonce });
    expect(payload.exp! - payload.iat!).toBe(600);

    const userinfo = await app.inject({
      method: 'GET',
      url: '/oidc/google/userinfo',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(userinfo.json()).toMatchObject({ sub: ada.subject, email: 'ada@example.com' });
    const noToken = await app.inject({ method: 'GET', url: '/oidc/google/userinfo' });
    expect(noToken.statusCode).toBe(401);
  });

  it('accepts client_secret_post, and refuses a wrong secret, a wrong redirect_uri and a missing verifier', async () => {
    const post = await obtainCode(app, config, 'google', { subject: ada.subject });
    const base = { grant_type: 'authorization_code', redirect_uri: callbackUri(config) };
    const ok = await token({
      ...base,
      code: post.code,
      code_verifier: post.codeVerifier,
      client_id: client().clientId,
      client_secret: client().clientSecret,
    });
    expect(ok.statusCode).toBe(200);

    const flow = await obtainCode(app, config, 'google', { subject: ada.subject });
    const wrongSecret = await token(
      { ...base, code: flow.code, code_verifier: flow.codeVerifier },
      { authorization: basic(client().clientId, 'not-the-secret') },
    );
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json().error).toBe('invalid_client');
    expect(wrongSecret.headers['www-authenticate']).toContain('Basic');
    const noAuth = await token({ ...base, code: flow.code, code_verifier: flow.codeVerifier });
    expect(noAuth.statusCode).toBe(401);

    // The failed authentications did not use the code up; a wrong redirect_uri does.
    const wrongRedirect = await token(
      {
        ...base,
        redirect_uri: `${config.origins.web}/other`,
        code: flow.code,
        code_verifier: flow.codeVerifier,
      },
      { authorization: basic(client().clientId, client().clientSecret) },
    );
    expect(wrongRedirect.statusCode).toBe(400);
    expect(wrongRedirect.json()).toMatchObject({ error: 'invalid_grant' });
    expect(wrongRedirect.json().error_description).toContain('redirect_uri');

    const third = await obtainCode(app, config, 'google', { subject: ada.subject });
    const noVerifier = await token(
      { ...base, code: third.code },
      { authorization: basic(client().clientId, client().clientSecret) },
    );
    expect(noVerifier.json().error).toBe('invalid_request');
  });

  describe('the API as relying party refuses id tokens it must not trust', () => {
    /** The real provider behind a transport that swaps the id token in the token response (a forged answer). */
    const relyingPartyReplacing = (replace: (idToken: string) => Promise<string>) => {
      const real = fetchFor(app, config.publicUrl);
      return new OidcRelyingParty(async (url, init) => {
        const response = await real(url, init);
        if (!url.endsWith('/token') || response.status !== 200) return response;
        const body = (await response.json()) as { id_token: string };
        return Response.json(
          { ...body, id_token: await replace(body.id_token) },
          { headers: response.headers },
        );
      });
    };
    const settings = () => resolveOidcProviders(config).google!;
    const attempt = async (replace: (idToken: string) => Promise<string>) => {
      const flow = await obtainCode(app, config, 'google', { subject: ada.subject });
      return relyingPartyReplacing(replace).login(settings(), {
        code: flow.code,
        redirectUri: callbackUri(config),
        codeVerifier: flow.codeVerifier,
        nonce: flow.nonce,
      });
    };
    const resign = async (idToken: string, changes: Record<string, unknown>, key?: CryptoKey) => {
      const signing = await loadSigningKey(config.dataDir, 'google');
      return new SignJWT({ ...decodeJwt(idToken), ...changes })
        .setProtectedHeader({ alg: 'ES256', kid: signing.kid })
        .sign(key ?? signing.privateKey);
    };

    it('accepts the untouched token', async () => {
      const identity = await attempt(async (idToken) => idToken);
      expect(identity.subject).toBe(ada.subject);
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
        attempt((idToken) => resign(idToken, { iss: `${config.publicUrl}/oidc/apple` })),
      ).rejects.toMatchObject({ code: 'OAUTH_ID_TOKEN_INVALID', message: expect.stringContaining('"iss"') });
      const { privateKey: stranger } = await generateKeyPair('ES256');
      await expect(attempt((idToken) => resign(idToken, {}, stranger as CryptoKey))).rejects.toMatchObject({
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
          .sign(new TextEncoder().encode(client().clientSecret)),
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
});
