import { runSeeds } from '@ojo/db/seed';
import { oldUsersSeed } from '@ojo/db/seeds/old-users';
import { describeWithDatabases } from '@ojo/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppConfig } from '../../../src/config/env';
import { localOidcClient } from '../../../src/modules/oauth/provider-settings';
import { buildTestApp, closedPortUrl, TEST_SAAS_ID } from '../../helpers';
import { callbackUri, obtainCode } from '../oidc-provider/oidc-flow';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/**
 * A configured (non-embedded) issuer: the API reaches it over real HTTP with fetch, as it would reach Google. The
 * "remote" provider is another instance of the embedded one, listening on a free port.
 */
describeWithDatabases('POST /customer/login/oauth against a provider on another origin', ({ database }) => {
  let provider: TestApp;
  let providerConfig: AppConfig;
  let api: TestApp;
  let apiConfig: AppConfig;

  beforeAll(async () => {
    await runSeeds(database().db, [oldUsersSeed]);
    const providerUrl = await closedPortUrl();
    ({ app: provider, config: providerConfig } = await buildTestApp(database(), {
      API_PUBLIC_URL: providerUrl,
    }));
    await provider.listen({ port: Number(new URL(providerUrl).port), host: '127.0.0.1' });
    const remote = localOidcClient(providerConfig, 'google');
    ({ app: api, config: apiConfig } = await buildTestApp(database(), {
      OIDC_LOCAL_PROVIDER: 'false',
      OIDC_AUTO_CREATE_OLD_USERS: 'false',
      OIDC_GOOGLE_ISSUER: `${providerUrl}/oidc/google`,
      OIDC_GOOGLE_CLIENT_ID: remote.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: remote.clientSecret,
    }));
    await api.ready();
  });
  afterAll(async () => {
    await api?.close();
    await provider?.close();
  });

  it('exchanges the code over HTTP and logs the seeded old user in', async () => {
    const flow = await obtainCode(provider, providerConfig, 'google', { email: 'ada@example.com' });
    const response = await api.inject({
      method: 'POST',
      url: '/customer/login/oauth',
      headers: { saas_id: TEST_SAAS_ID },
      payload: {
        provider: 'google',
        code: flow.code,
        redirectUri: callbackUri(apiConfig),
        codeVerifier: flow.codeVerifier,
        nonce: flow.nonce,
      },
    });
    expect(response.statusCode).toBe(200);
    const user = await api.inject({
      method: 'GET',
      url: '/customer',
      headers: { saas_id: TEST_SAAS_ID, jwt_token: response.json().obj.jwtKey },
    });
    expect(user.json().obj).toMatchObject({
      isOldType: true,
      web3authAddress: expect.stringMatching(/^0x/),
    });
  });

  it('does not create accounts for unknown identities when auto-create is off', async () => {
    const flow = await obtainCode(provider, providerConfig, 'google', { email: 'stranger@example.com' });
    const response = await api.inject({
      method: 'POST',
      url: '/customer/login/oauth',
      headers: { saas_id: TEST_SAAS_ID },
      payload: {
        provider: 'google',
        code: flow.code,
        redirectUri: callbackUri(apiConfig),
        codeVerifier: flow.codeVerifier,
        nonce: flow.nonce,
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'OAUTH_ACCOUNT_NOT_FOUND',
      msgKey: 'customer.oauth.account.not.found',
    });
  });

  it('answers 502 when the provider cannot be reached', async () => {
    const { app: offline } = await buildTestApp(database(), {
      OIDC_LOCAL_PROVIDER: 'false',
      OIDC_GOOGLE_ISSUER: `${await closedPortUrl()}/oidc/google`,
      OIDC_GOOGLE_CLIENT_SECRET: 'secret',
    });
    try {
      const response = await offline.inject({
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
      await offline.close();
    }
  });
});
