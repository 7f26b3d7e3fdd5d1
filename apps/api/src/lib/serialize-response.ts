import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * Fastify's serialiser for a route's declared response schema, in every environment: the answer is parsed with the
 * zod schema (a field the declaration does not name is dropped, a wrong one refuses the answer with a 500 rather than
 * sending it) and then written as JSON. It behaves as fastify-type-provider-zod's serialiser does, but finds the zod
 * schema when the route is compiled, so a route declared without one fails at start rather than on its first answer.
 */
export const serializeResponse: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zodSchema = zodSchemaOf(schema);
  return (data) => {
    const result = safeParse(zodSchema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/** The zod schema of a response declaration: the schema itself, or the `properties` of a described response. */
function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`a response schema is not a zod schema: ${JSON.stringify(schema)}`);
}
