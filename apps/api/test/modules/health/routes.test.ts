import { describeWithDatabases } from '@ojo/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

describeWithDatabases('GET /healthz', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    // helpers point CHAIN_RPC_URL and BUNDLER_URL at closed ports.
    ({ app } = await buildTestApp(database()));
    await app.ready();
  });
  afterAll(() => app.close());

  it('reports the database ok and the unreachable chain and bundler as 503 degraded', async () => {
    const startedAt = Date.now();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(Date.now() - startedAt).toBeLessThan(5000);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'degraded',
      database: { ok: true },
      chain: { ok: false, chainId: null },
      bundler: { ok: false, entryPoints: [] },
    });
  });
});
