import { describeWithDatabases } from '@ojo/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, TEST_SAAS_ID } from '../helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const webOrigin = 'http://web.test:4100';
const gameOrigin = 'http://game.test:4102';
const consoleOrigin = 'http://console.test:4105';

describeWithDatabases('CORS', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), {
      WEB_ORIGIN: webOrigin,
      GAME_ORIGIN: gameOrigin,
      WALLET_ORIGIN: 'http://wallet.test:4103',
      CONSOLE_ORIGIN: consoleOrigin,
    }));
    await app.ready();
  });
  afterAll(() => app.close());

  const preflight = (origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/customer',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'saas_id,jwt_token',
      },
    });

  it.each([webOrigin, gameOrigin])('allows %s with credentials and the product headers', async (origin) => {
    const response = await preflight(origin);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const allowedHeaders = String(response.headers['access-control-allow-headers']).split(/,\s*/);
    expect(allowedHeaders).toEqual(expect.arrayContaining(['saas_id', 'jwt_token']));

    const actual = await app.inject({
      method: 'GET',
      url: '/customer',
      headers: { origin, saas_id: TEST_SAAS_ID },
    });
    expect(actual.headers['access-control-allow-origin']).toBe(origin);
  });

  it('allows the operator console its calls with the operator token header, and exposes the export name', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/console/audit/export',
      headers: {
        origin: consoleOrigin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(consoleOrigin);
    expect(String(response.headers['access-control-allow-headers']).split(/,\s*/)).toContain('authorization');
    const refused = await app.inject({
      method: 'GET',
      url: '/console/audit/export',
      headers: { origin: consoleOrigin },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(consoleOrigin);
    expect(String(refused.headers['access-control-expose-headers'])).toContain('content-disposition');
  });

  it('allows the account provider (wallet origin) its paymaster service only', async () => {
    const walletPreflight = await app.inject({
      method: 'OPTIONS',
      url: '/contract/gas/policy',
      headers: {
        origin: 'http://wallet.test:4103',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,saas_id,jwt_token',
      },
    });
    expect(walletPreflight.statusCode).toBe(204);
    expect(walletPreflight.headers['access-control-allow-origin']).toBe('http://wallet.test:4103');
    const evil = await app.inject({
      method: 'OPTIONS',
      url: '/contract/gas/policy',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    // The call itself (refused here for want of a session, which the browser can read since CORS allows it).
    const call = await app.inject({
      method: 'POST',
      url: '/contract/gas/policy',
      headers: { origin: 'http://wallet.test:4103', saas_id: TEST_SAAS_ID },
      payload: {},
    });
    expect(call.headers['access-control-allow-origin']).toBe('http://wallet.test:4103');
    expect(call.headers['access-control-allow-credentials']).toBe('true');
  });

  it.each(['http://evil.test', 'http://wallet.test:4103', 'http://web.test:4101'])(
    'gives %s no CORS headers',
    async (origin) => {
      const response = await preflight(origin);
      expect(response.statusCode).toBe(404);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      const actual = await app.inject({
        method: 'GET',
        url: '/customer',
        headers: { origin, saas_id: TEST_SAAS_ID },
      });
      expect(actual.headers['access-control-allow-origin']).toBeUndefined();
      expect(actual.headers['access-control-allow-credentials']).toBeUndefined();
    },
  );
});
