import SwaggerParser from '@apidevtools/swagger-parser';
import { describeWithDatabases } from '@ojo/db/testing';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

describeWithDatabases('OpenAPI at /docs', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database()));
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves a valid OpenAPI 3 document generated from the zod schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as OpenAPIV3_1.Document;
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('OJO Arena API');

    // Full structural validation, $refs included; throws on an invalid document.
    await SwaggerParser.validate(structuredClone(document) as never);

    expect(Object.keys(document.paths ?? {})).toEqual(expect.arrayContaining(['/customer', '/healthz']));
    expect(Object.keys(document.paths ?? {}).some((path) => path.startsWith('/docs'))).toBe(false);
    expect(document.components?.securitySchemes).toEqual({
      saasId: { type: 'apiKey', in: 'header', name: 'saas_id' },
      jwtToken: { type: 'apiKey', in: 'header', name: 'jwt_token' },
    });
  });

  it('marks GET /customer as needing saas_id and jwt_token, and /healthz as open', async () => {
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as OpenAPIV3_1.Document;
    const user = document.paths?.['/customer']?.get;
    expect(user?.security).toEqual([{ saasId: [], jwtToken: [] }]);
    expect(Object.keys(user?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401']));
    expect(document.paths?.['/healthz']?.get?.security).toEqual([]);
  });

  it('serves the Swagger UI page', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('swagger');
  });
});
