import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStandInsConfig } from './config';
import { OidcBrowser } from './oidc-browser';
import { type StandIns, startStandIns } from './server';

const WEB = 'http://localhost:39998';
const CALLBACK = `${WEB}/auth/callback`;
let standIns: StandIns;
const config = loadStandInsConfig({ STAND_INS_PORT: '0', WEB_ORIGIN: WEB });
const client = config.oidc.google;

beforeAll(async () => {
  standIns = await startStandIns(config);
});
afterAll(async () => standIns.close());

const issuer = (provider = 'google') => `${standIns.url}/oidc/${provider}`;

/** What the API's relying party sends the browser to: code flow, PKCE S256, state and nonce. */
function authorization(overrides: Record<string, string | undefined> = {}, provider = 'google') {
  const verifier = randomBytes(32).toString('base64url');
  const values: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: CALLBACK,
    scope: 'openid email profile',
    state: randomBytes(16).toString('base64url'),
    nonce: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...overrides,
  };
  const url = new URL(`${issuer(provider)}/auth`);
  for (const [key, value] of Object.entries(values))
    if (value !== undefined) url.searchParams.set(key, value);
  return { url: url.href, verifier, state: values.state, nonce: values.nonce };
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

function exchange(code: string, verifier: string, secret = client.clientSecret) {
  return fetch(`${issuer()}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: basic(client.clientId, secret),
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    }).toString(),
  });
}

const ada = () => standIns.oidc.issuers.google.identities.seeded.find((identity) => identity.name === 'Ada')!;

describe('Google, Twitter and Apple stand-ins (OpenID Connect)', () => {
  it('publish discovery for each provider: code flow with S256 PKCE, client_secret_basic, ES256 and the iss parameter', async () => {
    for (const provider of ['google', 'twitter', 'apple']) {
      const discovery = (await (
        await fetch(`${issuer(provider)}/.well-known/openid-configuration`)
      ).json()) as {
        token_endpoint: string;
        jwks_uri: string;
        code_challenge_methods_supported: string[];
        token_endpoint_auth_methods_supported: string[];
        id_token_signing_alg_values_supported: string[];
      };
      expect(discovery).toMatchObject({
        issuer: issuer(provider),
        authorization_endpoint: `${issuer(provider)}/auth`,
        jwks_uri: `${issuer(provider)}/jwks`,
        authorization_response_iss_parameter_supported: true,
      });
      expect(discovery.token_endpoint).toMatch(new RegExp(`^${issuer(provider)}/`));
      expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
      expect(discovery.token_endpoint_auth_methods_supported).toContain('client_secret_basic');
      expect(discovery.id_token_signing_alg_values_supported).toContain('ES256');
      const jwks = (await (await fetch(discovery.jwks_uri)).json()) as { keys: Record<string, unknown>[] };
      expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'EC', crv: 'P-256', use: 'sig' })]);
      expect(jwks.keys[0]?.d).toBeUndefined();
    }
  });

  it("shows the provider's sign-in page with its test identities, and signs Ada in with a verifiable id token", async () => {
    const login = authorization();
    const { page, callback } = await new OidcBrowser().signIn(login.url, { subject: ada().subject });
    expect(page).toContain('Sign in with Google (local test identity)');
    expect(page).toContain('Ada (Google)');
    expect(page).toContain('Dee (locked) (Google)');
    expect(page).not.toContain('Bob (');
    expect(page).toContain('Continue with this email');
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    expect(callback.searchParams.get('state')).toBe(login.state);
    expect(callback.searchParams.get('iss')).toBe(issuer());

    const answer = await exchange(callback.searchParams.get('code') ?? '', login.verifier);
    expect(answer.status).toBe(200);
    const tokens = (await answer.json()) as { id_token: string; access_token: string; token_type: string };
    expect(tokens.token_type).toBe('Bearer');
    const jwks = createRemoteJWKSet(new URL(`${issuer()}/jwks`));
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token, jwks, {
      issuer: issuer(),
      audience: client.clientId,
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ sub: ada().subject, email: 'ada@example.com', nonce: login.nonce });
    // Another provider's key does not verify it: each issuer signs with its own.
    const appleKeys = createRemoteJWKSet(new URL(`${issuer('apple')}/jwks`));
    await expect(jwtVerify(tokens.id_token, appleKeys)).rejects.toThrow();

    const userinfo = await fetch(`${issuer()}/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await userinfo.json()).toMatchObject({
      sub: ada().subject,
      email: 'ada@example.com',
      name: 'Ada',
    });
  });

  it('refuses a code twice, a wrong PKCE verifier and a wrong client secret', async () => {
    const login = authorization();
    const { callback } = await new OidcBrowser().signIn(login.url, { subject: ada().subject });
    const code = callback.searchParams.get('code') ?? '';
    const wrongSecret = await exchange(code, login.verifier, 'not-the-secret');
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    expect((await exchange(code, login.verifier)).status).toBe(200);
    const again = await exchange(code, login.verifier);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });

    const other = authorization();
    const second = await new OidcBrowser().signIn(other.url, { subject: ada().subject });
    const wrongVerifier = await exchange(second.callback.searchParams.get('code') ?? '', 'x'.repeat(43));
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('signs a new email in as the same person every time, and shows the page again on the next sign-in', async () => {
    const browser = new OidcBrowser();
    const subjects: string[] = [];
    for (const email of ['New.Person@Example.com', 'new.person@example.com']) {
      const login = authorization();
      const { page, callback } = await browser.signIn(login.url, { email });
      expect(page).toContain('Ada (Google)');
      const tokens = (await (
        await exchange(callback.searchParams.get('code') ?? '', login.verifier)
      ).json()) as {
        id_token: string;
      };
      const { payload } = await jwtVerify(tokens.id_token, createRemoteJWKSet(new URL(`${issuer()}/jwks`)));
      expect(payload.email).toBe('new.person@example.com');
      subjects.push(String(payload.sub));
    }
    expect(subjects[0]).toBe(subjects[1]);
    expect(subjects[0]).not.toBe(ada().subject);
  });

  it('answers Cancel with access_denied, asks again for an invalid email, and never redirects to an unregistered URI', async () => {
    const login = authorization();
    const cancelled = await new OidcBrowser().signIn(login.url, { cancel: '1' });
    expect(cancelled.callback.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.callback.searchParams.get('state')).toBe(login.state);

    const browser = new OidcBrowser();
    const opened = await browser.request(authorization().url);
    const pageUrl = new URL(opened.headers.get('location') ?? '', standIns.url).href;
    const invalid = await browser.request(pageUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: '<script>@x' }).toString(),
    });
    expect(invalid.status).toBe(400);
    const again = await invalid.text();
    expect(again).toContain('Enter a valid email address.');
    expect(again).not.toContain('<script>');

    const evil = await fetch(authorization({ redirect_uri: 'https://evil.example/auth/callback' }).url, {
      redirect: 'manual',
    });
    expect(evil.status).toBe(400);
    expect(evil.headers.get('location')).toBeNull();
    expect(await evil.text()).toContain('redirect_uri');

    const noPkce = await new OidcBrowser().signIn(authorization({ code_challenge: undefined }).url, {
      subject: ada().subject,
    });
    expect(noPkce.page).toBe('');
    expect(noPkce.callback.searchParams.get('error')).toBe('invalid_request');
  });
});
