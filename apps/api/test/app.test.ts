import { describeWithDatabases } from '@ojo/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, TEST_SAAS_ID } from './helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const errorEnvelopeOf = (code: string) => ({
  success: false,
  code,
  msgKey: expect.any(String),
  message: expect.any(String),
  obj: null,
  data: null,
});

describeWithDatabases('API error handling', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database()));
    // A body-taking route, to exercise JSON parsing and schema validation through the global error handler.
    app.post(
      '/test/handles',
      { schema: { body: z.object({ handle: z.string().min(4), age: z.number().int().optional() }) } },
      async (request) => ({ handle: request.body.handle }),
    );
    app.get('/test/crash', async () => {
      throw new Error('secret internals: password=hunter2');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers an unknown path with a 404 envelope', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/no/such/path?x=1',
      headers: { saas_id: TEST_SAAS_ID },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorEnvelopeOf('NOT_FOUND'));
    expect(response.json().message).toBe('Route GET /no/such/path not found');
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/handles',
      headers: { 'content-type': 'application/json' },
      payload: '{"handle": "abcd",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorEnvelopeOf('BAD_REQUEST'));
    expect(response.json().message).toBe('Request body is not valid JSON');
  });

  it('answers a schema violation with a 400 envelope naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/handles',
      payload: { handle: 'ab', age: 1.5 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toEqual(errorEnvelopeOf('BAD_REQUEST'));
    expect(body.message).toMatch(/body\.handle: /);
    expect(body.message).toMatch(/body\.age: /);

    const missing = await app.inject({ method: 'POST', url: '/test/handles', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/body\.handle: /);
  });

  it('answers an unsupported content type with a 415 envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/handles',
      headers: { 'content-type': 'application/xml' },
      payload: '<handle/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(errorEnvelopeOf('UNSUPPORTED_MEDIA_TYPE'));
  });

  it('turns a bug into a 500 envelope without internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      msgKey: 'system.error',
      message: 'Internal server error',
      obj: null,
      data: null,
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
  });

  it('requires the saas_id header on product calls', async () => {
    const missing = await app.inject({ method: 'GET', url: '/customer' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ ...errorEnvelopeOf('BAD_REQUEST'), msgKey: 'saas.id.missing' });

    const unknown = await app.inject({
      method: 'GET',
      url: '/customer',
      headers: { saas_id: 'someone-else' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ ...errorEnvelopeOf('BAD_REQUEST'), msgKey: 'saas.id.unknown' });

    // With a known saas_id the call gets as far as authentication.
    const known = await app.inject({ method: 'GET', url: '/customer', headers: { saas_id: TEST_SAAS_ID } });
    expect(known.statusCode).toBe(401);
  });

  it('does not require saas_id for /healthz and /docs', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect([200, 503]).toContain(health.statusCode);
    expect(health.json()).toHaveProperty('status');
    const docs = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(docs.statusCode).toBe(200);
  });

  it('tags every response with a request id, keeping a sane incoming one', async () => {
    const generated = await app.inject({ method: 'GET', url: '/healthz' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-1234' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234');
    const replaced = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
