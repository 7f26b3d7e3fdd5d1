import { randomBytes } from 'node:crypto';
import { describeWithDatabases } from '@ojo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRateLimit } from '../../src/plugins/rate-limit';
import { buildTestApp, TEST_SAAS_ID } from '../helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const tooManyRequests = {
  success: false,
  code: 'TOO_MANY_REQUESTS',
  msgKey: 'request.rate.limited',
  message: expect.stringMatching(/^Too many requests, retry in /),
  obj: null,
  data: null,
};

describeWithDatabases('rate limits', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    let config: Awaited<ReturnType<typeof buildTestApp>>['config'];
    ({ app, config } = await buildTestApp(database(), {
      RATE_LIMIT_MAX: '5',
      RATE_LIMIT_AUTH_MAX: '2',
      RATE_LIMIT_WINDOW_MS: '60000',
    }));
    app.post('/test/login', { config: { rateLimit: authRateLimit(config) } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a 429 envelope past the global limit, per client address', async () => {
    const call = (ip: string) =>
      app.inject({ method: 'GET', url: '/customer', headers: { saas_id: TEST_SAAS_ID }, remoteAddress: ip });
    for (let index = 0; index < 5; index += 1) expect((await call('10.0.0.1')).statusCode).toBe(401);
    const limited = await call('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await call('10.0.0.2')).statusCode).toBe(401);
  });

  it('applies the tighter limit of login-type routes', async () => {
    const login = () => app.inject({ method: 'POST', url: '/test/login', remoteAddress: '10.0.0.3' });
    expect((await login()).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(tooManyRequests);
  });

  it('never limits /healthz', async () => {
    for (let index = 0; index < 8; index += 1) {
      const response = await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.0.0.4' });
      expect(response.statusCode).not.toBe(429);
    }
  });
});

describeWithDatabases('rate limits behind a proxy (TRUST_PROXY lists the proxies)', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), { RATE_LIMIT_AUTH_MAX: '3', TRUST_PROXY: '10.0.0.0/8' }));
    await app.ready();
  });
  afterAll(() => app.close());

  const nonce = (remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: 'GET',
      url: '/identity/siwe/nonce',
      headers: { saas_id: TEST_SAAS_ID, 'x-forwarded-for': forwardedFor },
      remoteAddress,
    });

  it('a client outside the proxies cannot escape the limit with a new X-Forwarded-For each time', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await nonce('203.0.113.9', `198.18.0.${index + 1}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('behind a listed proxy, clients are counted apart, and a spoofed entry before the real one changes nothing', async () => {
    for (let index = 0; index < 4; index += 1) {
      expect((await nonce('10.0.0.7', `198.51.100.${index + 10}`)).statusCode).toBe(200);
    }
    // The proxy appends the address it saw; whatever the client wrote before it is not trusted.
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      statuses.push((await nonce('10.0.0.7', `192.0.2.${index + 1}, 198.51.100.99`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('rate limits shared through Redis (REDIS_URL)', () => {
  const apps: TestApp[] = [];
  const databases: Awaited<ReturnType<typeof import('@ojo/db/testing').createTestDatabase>>[] = [];

  beforeAll(async () => {
    const { createTestDatabase } = await import('@ojo/db/testing');
    const database = await createTestDatabase('pglite');
    databases.push(database);
    // A fresh key prefix so concurrent runs never share counters.
    const env = {
      REDIS_URL: process.env.OJO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      RATE_LIMIT_REDIS_PREFIX: `ojo-test-${randomBytes(6).toString('hex')}:`,
      RATE_LIMIT_MAX: '3',
    };
    for (let index = 0; index < 2; index += 1) {
      const { app } = await buildTestApp(database, env);
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
  });

  it('counts calls to two API nodes against one limit', async () => {
    const call = (app: TestApp) =>
      app.inject({
        method: 'GET',
        url: '/customer',
        headers: { saas_id: TEST_SAAS_ID },
        remoteAddress: '10.1.0.1',
      });
    const [first, second] = apps as [TestApp, TestApp];
    expect((await call(first)).statusCode).toBe(401);
    expect((await call(second)).statusCode).toBe(401);
    expect((await call(first)).statusCode).toBe(401);
    const limited = await call(second);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(tooManyRequests);
  });
});
