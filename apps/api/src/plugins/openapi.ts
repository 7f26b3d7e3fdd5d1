import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { JWT_HEADER, SAAS_ID_HEADER } from '@ojo/api-contract/envelope';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { AppConfig } from '../config/env';
import { finishDocument, OPENAPI_TAGS, operationKey } from './openapi-document';

export const DOCS_PREFIX = '/docs';

/** `schema.security` of a public product call: only the saas_id header. */
export const publicSecurity = [{ saasId: [] }];
/** `schema.security` of a secure product call (product.md 6): saas_id and jwt_token. */
export const secureSecurity = [{ saasId: [], jwtToken: [] }];

/** OpenAPI 3 generated from the routes' zod schemas, served at /docs (UI) and /docs/json. */
async function openapiPlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const unlimited = new Set<string>();
  const transformRoute = createJsonSchemaTransform({
    skipList: [
      DOCS_PREFIX,
      `${DOCS_PREFIX}/`,
      `${DOCS_PREFIX}/json`,
      `${DOCS_PREFIX}/yaml`,
      `${DOCS_PREFIX}/*`,
    ],
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.config.productName} API`,
        description: 'Every call of the product; the schemas are those of packages/api-contract.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          saasId: { type: 'apiKey', in: 'header', name: SAAS_ID_HEADER },
          jwtToken: { type: 'apiKey', in: 'header', name: JWT_HEADER },
          operatorToken: { type: 'http', scheme: 'bearer' },
          operatorSession: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The operator token of POST /console/session: a JWT (HS256 only, issuer, audience and expiry checked, ' +
              'RFC8725 best practices), refused once its console session ends.',
          },
        },
      },
      security: publicSecurity,
      tags: OPENAPI_TAGS,
    },
    transform: (input) => {
      if (input.route.config?.rateLimit === false) {
        for (const method of [input.route.method].flat()) unlimited.add(operationKey(method, input.url));
      }
      return transformRoute(input);
    },
    transformObject: (input) =>
      finishDocument(jsonSchemaTransformObject(input) as OpenAPIV3_1.Document, unlimited),
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}

export default fp(openapiPlugin, { name: 'openapi' });
