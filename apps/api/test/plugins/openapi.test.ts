import SwaggerParser from '@apidevtools/swagger-parser';
import { API_ROUTES } from '@ojo/api-contract/routes';
import { describeWithDatabases } from '@ojo/db/testing';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** Every operation the document listed when the routes became declarations: none may go missing. */
const LISTED_OPERATIONS = [
  'GET /chain/config',
  'GET /customer',
  'GET /customer/invite',
  'GET /customer/invite/code/check',
  'GET /customer/login/oauth/providers',
  'GET /customer/oauth/nonce',
  'GET /customer/sign',
  'GET /healthz',
  'GET /identity/.well-known/jwks.json',
  'GET /identity/.well-known/openid-configuration',
  'GET /identity/siwe/nonce',
  'GET /profile',
  'GET /profile/handle/{handle}',
  'GET /profile/whitelist',
  'POST /contract/gas/policy',
  'POST /customer/bind',
  'POST /customer/login',
  'POST /customer/login/oauth',
  'POST /customer/logout',
  'POST /customer/token/refresh',
  'POST /identity/refresh',
  'POST /identity/siwe/verify',
  'POST /profile',
];

/** `GET /profile/handle/{handle}`: a declaration's method and path as OpenAPI writes them. */
const operationOf = (route: { method: string; path: string }) =>
  `${route.method} ${route.path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, '{$1}')}`;

function operations(document: OpenAPIV3_1.Document): string[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

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
      operatorToken: { type: 'http', scheme: 'bearer' },
      operatorSession: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
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

  it('lists every operation it listed before, and every declared route with its summary', async () => {
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as OpenAPIV3_1.Document;
    const listed = operations(document);
    expect(listed).toEqual(expect.arrayContaining(LISTED_OPERATIONS));
    for (const route of API_ROUTES) {
      expect(listed).toContain(operationOf(route));
      const [method, path] = operationOf(route).split(' ') as [string, string];
      const item = document.paths?.[path] as Record<string, OpenAPIV3_1.OperationObject> | undefined;
      const operation = item?.[method.toLowerCase()];
      expect(operation?.summary).toBe(route.summary);
      expect(operation?.security).toEqual(route.secure ? [{ saasId: [], jwtToken: [] }] : [{ saasId: [] }]);
    }
  });

  it('gives every operation an operationId and the error envelope for 429 and 500, and a secure one for 401', async () => {
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as OpenAPIV3_1.Document;
    const envelope = { $ref: '#/components/schemas/ErrorEnvelope' };
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item as Record<string, OpenAPIV3_1.OperationObject>)) {
        const responses = operation.responses as Record<string, OpenAPIV3_1.ResponseObject>;
        const name = `${method.toUpperCase()} ${path}`;
        expect(operation.operationId, name).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
        ids.add(operation.operationId!);
        expect(responses['500']?.content?.['application/json']?.schema, name).toEqual(envelope);
        // GET /healthz is outside the rate limit (load balancers poll it).
        if (path !== '/healthz')
          expect(responses['429']?.content?.['application/json']?.schema, name).toEqual(envelope);
      }
    }
    expect(ids.size).toBe(operations(document).length);
    for (const route of API_ROUTES.filter((declared) => declared.secure)) {
      const [method, path] = operationOf(route).split(' ') as [string, string];
      const item = document.paths?.[path] as Record<string, OpenAPIV3_1.OperationObject> | undefined;
      const operation = item?.[method.toLowerCase()];
      expect(Object.keys(operation?.responses ?? {}), operationOf(route)).toContain('401');
    }
  });
});
