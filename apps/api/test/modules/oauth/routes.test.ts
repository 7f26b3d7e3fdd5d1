import { userInfoSchema } from '@ojo/api-contract/user';
import { runSeeds } from '@ojo/db/seed';
import { OLD_USER_TEST_IDENTITIES } from '@ojo/db/seeds/old-user-identities';
import { oldUsersSeed } from '@ojo/db/seeds/old-users';
import { describeWithDatabases } from '@ojo/db/testing';
import type { StandIns } from '@ojo/stand-ins/server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../../src/config/env';
import { web3authAddressFor } from '../../../src/modules/oauth/service';
import { buildTestApp, closedPortUrl, TEST_SAAS_ID } from '../../helpers';
import { callbackUri, obtainCode, oidcEnv, startOidcStandIns } from './oidc-flow';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const identity = (email: string) => {
  const found = OLD_USER_TEST_IDENTITIES.find((candidate) => candidate.email === email);
  if (!found) throw new Error(`no test identity ${email}`);
  return found;
};

// The Google, Twitter and Apple stand-ins over real HTTP, as `npm start` runs them for the API.
let standIns: StandIns;
beforeAll(async () => {
  standIns = await startOidcStandIns();
});
afterAll(() => standIns.close());

describeWithDatabases('POST /customer/login/oauth (old users)', ({ database }) => {
  let app: TestApp;
  let config: AppConfig;

  beforeAll(async () => {
    await runSeeds(database().db, [oldUsersSeed]);
    // More logins than the default auth limit of 10 per minute happen here; the limit has its own test below.
    ({ app, config } = await buildTestApp(database(), { ...oidcEnv(standIns), RATE_LIMIT_AUTH_MAX: '100' }));
    await app.ready();
  });
  afterAll(() => app.close());

  const login = (body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/customer/login/oauth',
      headers: { saas_id: TEST_SAAS_ID },
      payload: body,
    });

  const getUser = (jwt: string) =>
    app.inject({ method: 'GET', url: '/customer', headers: { saas_id: TEST_SAAS_ID, jwt_token: jwt } });

  it('logs Ada in through the whole Google code flow as an old user with a web3auth address and no smart account', async () => {
    const ada = identity('ada@example.com');
    const flow = await obtainCode(app, 'google', { subject: ada.subject });

    const response = await login({
      provider: 'google',
      code: flow.code,
      redirectUri: callbackUri(config),
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, code: '0', msgKey: 'success' });
    expect(body.obj.jwtKey).toEqual(expect.any(String));
    expect(body.obj.created).toEqual(expect.any(Number));

    const user = await getUser(body.obj.jwtKey);
    expect(user.statusCode).toBe(200);
    const info = userInfoSchema.parse(user.json().obj);
    expect(info.isOldType).toBe(true);
    expect(info.web3authAddress).toBe(ada.web3authAddress);
    expect(info.abstractAddress.osp_aa).toBeUndefined();
    expect(info.created).toBe(body.obj.created);
  });

  it('logs Bob in with Twitter and Cy with Apple, each as their own seeded account', async () => {
    const seen = new Set<string>();
    for (const [provider, email] of [
      ['twitter', 'bob@example.com'],
      ['apple', 'cy@example.com'],
    ] as const) {
      const person = identity(email);
      const flow = await obtainCode(app, provider, { subject: person.subject });
      const response = await login({
        provider,
        code: flow.code,
        redirectUri: callbackUri(config),
        codeVerifier: flow.codeVerifier,
        nonce: flow.nonce,
      });
      expect(response.statusCode).toBe(200);
      const info = userInfoSchema.parse((await getUser(response.json().obj.jwtKey)).json().obj);
      expect(info.web3authAddress).toBe(person.web3authAddress);
      seen.add(info.id);
    }
    expect(seen.size).toBe(2);
  });

  it('creates an old-type account for a new local identity, and finds the same one next time', async () => {
    const ids: string[] = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const flow = await obtainCode(app, 'google', { email: 'New.Person@Example.com' });
      const response = await login({
        provider: 'google',
        code: flow.code,
        redirectUri: callbackUri(config),
        codeVerifier: flow.codeVerifier,
        nonce: flow.nonce,
      });
      expect(response.statusCode).toBe(200);
      const info = userInfoSchema.parse((await getUser(response.json().obj.jwtKey)).json().obj);
      expect(info.isOldType).toBe(true);
      expect(info.web3authAddress).toMatch(/^0x[0-9a-f]{40}$/);
      ids.push(info.id);
    }
    expect(ids[0]).toBe(ids[1]);
  });

  it("refuses the locked account with cause code '5115' (warning popup)", async () => {
    const dee = identity('dee@example.com');
    const flow = await obtainCode(app, 'google', { subject: dee.subject });
    const response = await login({
      provider: 'google',
      code: flow.code,
      redirectUri: callbackUri(config),
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      code: '5115',
      msgKey: 'customer.oauth.old.login.locked',
      obj: null,
    });
  });

  it('refuses a wrong PKCE verifier', async () => {
    const ada = identity('ada@example.com');
    const flow = await obtainCode(app, 'google', { subject: ada.subject });
    const body = { provider: 'google', code: flow.code, redirectUri: callbackUri(config), nonce: flow.nonce };
    const wrong = await login({ ...body, codeVerifier: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, code: 'OAUTH_CODE_REJECTED' });
    expect(wrong.json().message).toContain('invalid_grant');
  });

  it('refuses a code used twice', async () => {
    const flow = await obtainCode(app, 'google', { subject: identity('ada@example.com').subject });
    const body = {
      provider: 'google',
      code: flow.code,
      redirectUri: callbackUri(config),
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
    };
    expect((await login(body)).statusCode).toBe(200);
    const again = await login(body);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ success: false, code: 'OAUTH_CODE_REJECTED' });
    expect(again.json().message).toContain('invalid_grant');
  });

  it('refuses a code older than 60 s', async () => {
    const flow = await obtainCode(app, 'google', { subject: identity('ada@example.com').subject });
    // The person waited 61 s on the callback before the web sent the code (the stand-in runs in this process).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const response = await login({
        provider: 'google',
        code: flow.code,
        redirectUri: callbackUri(config),
        codeVerifier: flow.codeVerifier,
        nonce: flow.nonce,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'OAUTH_CODE_REJECTED' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a redirect URI that is not the web callback, and a nonce the id token does not carry', async () => {
    const flow = await obtainCode(app, 'google', { subject: identity('ada@example.com').subject });
    const wrongRedirect = await login({
      provider: 'google',
      code: flow.code,
      redirectUri: 'https://evil.example/auth/callback',
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
    });
    expect(wrongRedirect.statusCode).toBe(400);
    expect(wrongRedirect.json().msgKey).toBe('customer.oauth.redirect.uri.invalid');

    const wrongNonce = await login({
      provider: 'google',
      code: flow.code,
      redirectUri: callbackUri(config),
      codeVerifier: flow.codeVerifier,
      nonce: 'not-the-nonce-of-this-login',
    });
    expect(wrongNonce.statusCode).toBe(401);
    expect(wrongNonce.json()).toMatchObject({ code: 'OAUTH_ID_TOKEN_INVALID' });
  });

  it('requires the nonce: a login without it is a 400 that leaves the code usable for the real login', async () => {
    const ada = identity('ada@example.com');
    const flow = await obtainCode(app, 'google', { subject: ada.subject });
    const body = {
      provider: 'google',
      code: flow.code,
      redirectUri: callbackUri(config),
      codeVerifier: flow.codeVerifier,
    };
    for (const nonce of [undefined, '']) {
      const response = await login(nonce === undefined ? body : { ...body, nonce });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    }
    const real = await login({ ...body, nonce: flow.nonce });
    expect(real.statusCode).toBe(200);
  });

  it('refuses an id token without nonce (a login started without one), whatever nonce the client sends', async () => {
    const flow = await obtainCode(
      app,
      'google',
      { subject: identity('ada@example.com').subject },
      { nonce: undefined },
    );
    const response = await login({
      provider: 'google',
      code: flow.code,
      redirectUri: callbackUri(config),
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'OAUTH_ID_TOKEN_INVALID' });
    expect(response.json().message).toContain('nonce mismatch');
  });

  it('refuses bad input with 400 and an unknown provider', async () => {
    const response = await login({
      provider: 'facebook',
      code: 'x',
      redirectUri: callbackUri(config),
      codeVerifier: 'y',
      nonce: 'n'.repeat(22),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('lists the three providers with their authorization endpoint and client id for the web', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/customer/login/oauth/providers',
      headers: { saas_id: TEST_SAAS_ID },
    });
    expect(response.statusCode).toBe(200);
    const list = response.json().obj as Array<Record<string, string>>;
    expect(list.map((entry) => entry.provider)).toEqual(['google', 'twitter', 'apple']);
    expect(list[0]).toMatchObject({
      displayName: 'Google',
      issuer: standIns.oidc.issuers.google.issuer,
      authorizationEndpoint: `${standIns.oidc.issuers.google.issuer}/auth`,
      clientId: 'ojo-arena-web',
      redirectUri: callbackUri(config),
    });
  });

  it('derives the seeded web3auth addresses from provider and subject', () => {
    for (const person of OLD_USER_TEST_IDENTITIES) {
      expect(web3authAddressFor(person.provider, person.subject)).toBe(person.web3authAddress);
    }
  });
});

describeWithDatabases('POST /customer/login/oauth without a configured provider', ({ database }) => {
  it('refuses a provider that is not configured, and serves no provider of its own', async () => {
    const { app } = await buildTestApp(database());
    try {
      const notServed = await app.inject({
        method: 'GET',
        url: '/oidc/google/.well-known/openid-configuration',
      });
      expect(notServed.statusCode).toBe(404);
      const response = await app.inject({
        method: 'POST',
        url: '/customer/login/oauth',
        headers: { saas_id: TEST_SAAS_ID },
        payload: {
          provider: 'apple',
          code: 'abc',
          redirectUri: 'http://localhost:3000/auth/callback',
          codeVerifier: 'v'.repeat(43),
          nonce: 'n'.repeat(22),
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'OAUTH_PROVIDER_DISABLED' });
    } finally {
      await app.close();
    }
  });

  it('answers 502 when the provider cannot be reached', async () => {
    const { app } = await buildTestApp(database(), {
      OIDC_GOOGLE_ISSUER: `${await closedPortUrl()}/oidc/google`,
      OIDC_GOOGLE_CLIENT_SECRET: 'secret',
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/customer/login/oauth',
        headers: { saas_id: TEST_SAAS_ID },
        payload: {
          provider: 'google',
          code: 'abc',
          redirectUri: 'http://localhost:3000/auth/callback',
          codeVerifier: 'v'.repeat(43),
          nonce: 'n'.repeat(22),
        },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ success: false, code: 'OAUTH_PROVIDER_UNAVAILABLE' });
    } finally {
      await app.close();
    }
  });
});

describeWithDatabases('POST /customer/login/oauth with a real provider (auto-create off)', ({ database }) => {
  it('does not create accounts for unknown identities', async () => {
    await runSeeds(database().db, [oldUsersSeed]);
    const { app, config } = await buildTestApp(database(), {
      ...oidcEnv(standIns),
      OIDC_AUTO_CREATE_OLD_USERS: 'false',
    });
    try {
      const login = async (email: string) => {
        const flow = await obtainCode(app, 'google', { email });
        return app.inject({
          method: 'POST',
          url: '/customer/login/oauth',
          headers: { saas_id: TEST_SAAS_ID },
          payload: {
            provider: 'google',
            code: flow.code,
            redirectUri: callbackUri(config),
            codeVerifier: flow.codeVerifier,
            nonce: flow.nonce,
          },
        });
      };
      // The seeded old user still logs in; a stranger has no old account and gets none.
      expect((await login('ada@example.com')).statusCode).toBe(200);
      const stranger = await login('stranger@example.com');
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json()).toMatchObject({
        code: 'OAUTH_ACCOUNT_NOT_FOUND',
        msgKey: 'customer.oauth.account.not.found',
      });
    } finally {
      await app.close();
    }
  });
});

describeWithDatabases('POST /customer/login/oauth rate limit', ({ database }) => {
  it('answers 429 past the auth rate limit', async () => {
    const { app } = await buildTestApp(database(), { ...oidcEnv(standIns), RATE_LIMIT_AUTH_MAX: '2' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/customer/login/oauth',
          headers: { saas_id: TEST_SAAS_ID },
          payload: {
            provider: 'google',
            code: 'no-such-code',
            redirectUri: 'http://localhost:3000/auth/callback',
            codeVerifier: 'v'.repeat(43),
            nonce: 'n'.repeat(22),
          },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await app.close();
    }
  });
});
