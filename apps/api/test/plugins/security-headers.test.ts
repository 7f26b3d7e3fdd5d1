import { createTestDatabase, type TestDatabase } from '@ojo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_SAAS_ID } from '../helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** Headers do not depend on the database: one kind is enough here. */
describe('security headers on API responses', () => {
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    ({ app } = await buildTestApp(database));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const expectHardened = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    // No URL of the API (OAuth codes, tokens in queries) travels to another site as a referrer.
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-frame-options']).toBe('DENY');
  };

  it.each([
    ['a success', { method: 'GET' as const, url: '/healthz' }],
    ['a 400 envelope', { method: 'GET' as const, url: '/customer/invite/code/check?inviteCode=AB' }],
    ['a 401 envelope', { method: 'GET' as const, url: '/customer', headers: { saas_id: TEST_SAAS_ID } }],
    ['a 404', { method: 'GET' as const, url: '/no/such/route' }],
    ['the OpenAPI document', { method: 'GET' as const, url: '/docs/json' }],
    [
      'a refusal before routing (a malformed URL)',
      { method: 'GET' as const, url: '/profile/handle/%E0%A4%A' },
    ],
  ])('%s carries nosniff, a referrer policy and no framing', async (_name, request) => {
    const response = await app.inject(request);
    expectHardened(response.headers);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
