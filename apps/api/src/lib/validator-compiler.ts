import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from '@ojo/api-contract/stored-text';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * The API's one validator compiler: every route's params, querystring and body schema is compiled here. Before the
 * route's own schema, the raw input is searched for text PostgreSQL refuses (a NUL, an unpaired surrogate), in any
 * string or key, so such a request is the usual 400 envelope on every route and never reaches a handler or the
 * database; the route's zod schema then decides as before.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const refused = unstorableTextPaths(data);
    if (refused.length === 0) return validate(data);
    return {
      error: refused.map((instancePath) => ({
        keyword: 'unstorableText',
        instancePath,
        schemaPath: '#',
        params: {},
        message: UNSTORABLE_TEXT_MESSAGE,
      })),
    };
  };
};
