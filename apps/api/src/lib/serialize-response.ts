import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { type $ZodError, $ZodType, safeParse } from 'zod/v4/core';

/**
 * A list that a statement wrote as JSON text (`json_agg(json_build_object(...))::text`), to be sent as it is: the
 * API neither parses it into objects nor writes it again. A list page of a hot read is most of its answer, and
 * parsing, copying and writing its items was most of the request's JavaScript (`npm run bench:api`).
 */
class JsonListText {
  constructor(readonly text: string) {}
}

/**
 * The JSON text of a list, for a field of the answer's payload (`obj.<field>` or `data.<field>`) whose declared
 * schema is an array: typed as that array so the handler's answer still checks against its declaration. The
 * statement that wrote it is what makes its items right, so a test of the read must check the items against the
 * declared schema; the API does too when NODE_ENV=test, on every answer (`compileSerializer`).
 */
export function jsonListText<Item>(text: string): Item[] {
  return new JsonListText(text) as unknown as Item[];
}

/** Where a list's text goes in the written answer: a string no answer can hold, as nobody knows it. */
const LIST_MARK = `ojo-json-list-${randomUUID()}`;

interface ListAt {
  payloadKey: string;
  fieldKey: string;
  list: JsonListText;
}

/**
 * Fastify's serialiser for a route's declared response schema: the answer is parsed with the zod schema (a field the
 * declaration does not name is dropped, a wrong one refuses the answer with a 500 rather than sending it) and then
 * written as JSON. It behaves as fastify-type-provider-zod's serialiser does, but finds the zod schema once, when the
 * route is compiled: that one looks it up again on every answer, and its `instanceof` on zod's types is not free
 * (a tenth of a secure read's JavaScript, measured by `npm run bench:api`).
 *
 * A list given by `jsonListText` is checked as an empty list and its text written in its place; with
 * `checkJsonLists` (NODE_ENV=test) its items are parsed and must be exactly what the schema makes of them.
 */
export function compileSerializer(options: { checkJsonLists: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    const refuse = (cause: $ZodError): never => {
      throw new ResponseSerializationError(method, url, { cause });
    };
    return (data) => {
      const lists = jsonListsIn(data);
      if (lists === null) {
        const result = safeParse(zodSchema, data);
        if (result.error) refuse(result.error);
        return JSON.stringify(result.data);
      }
      if (options.checkJsonLists) checkJsonLists(zodSchema, data, lists, refuse, `${method} ${url}`);
      const result = safeParse(
        zodSchema,
        withLists(data, lists, () => []),
      );
      if (result.error) refuse(result.error);
      const written = result.data as Record<string, Record<string, unknown>>;
      lists.forEach(({ payloadKey, fieldKey }, index) => {
        // A field the declaration does not name was dropped by the parse, so it is not written either.
        if (Object.hasOwn(written[payloadKey] ?? {}, fieldKey))
          written[payloadKey]![fieldKey] = `${LIST_MARK}${index}`;
      });
      let json = JSON.stringify(written);
      lists.forEach(({ list }, index) => {
        json = json.replace(`"${LIST_MARK}${index}"`, () => list.text);
      });
      return json;
    };
  };
}

/** The serialiser of production and development: lists given as JSON text are sent without parsing them. */
export const serializeResponse = compileSerializer({ checkJsonLists: false });

/**
 * The `jsonListText` lists of an answer: fields of an object directly under the envelope (`obj`, `data`), so
 * looking for them costs a few property reads. Null when there is none (nearly every answer).
 */
function jsonListsIn(data: unknown): ListAt[] | null {
  if (typeof data !== 'object' || data === null) return null;
  let lists: ListAt[] | null = null;
  const envelope = data as Record<string, unknown>;
  for (const payloadKey in envelope) {
    const payload = envelope[payloadKey];
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) continue;
    for (const fieldKey in payload) {
      const field = (payload as Record<string, unknown>)[fieldKey];
      if (!(field instanceof JsonListText)) continue;
      lists ??= [];
      lists.push({ payloadKey, fieldKey, list: field });
    }
  }
  return lists;
}

/** A copy of the answer down to the lists' payloads, each list replaced by `value(list)`. */
function withLists(data: unknown, lists: ListAt[], value: (list: JsonListText) => unknown): unknown {
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const { payloadKey, fieldKey, list } of lists) {
    copy[payloadKey] = { ...(copy[payloadKey] as Record<string, unknown>), [fieldKey]: value(list) };
  }
  return copy;
}

/**
 * NODE_ENV=test: each list's text must be JSON whose items the schema takes as they are (no field dropped, none
 * added or changed), or the answer is refused as a wrong answer would be.
 */
function checkJsonLists(
  schema: $ZodType,
  data: unknown,
  lists: ListAt[],
  refuse: (cause: $ZodError) => never,
  route: string,
): void {
  const parsed = new Map<JsonListText, unknown>();
  for (const { payloadKey, fieldKey, list } of lists) {
    try {
      parsed.set(list, JSON.parse(list.text));
    } catch (error) {
      throw new Error(`${route}: the JSON list ${payloadKey}.${fieldKey} is not JSON`, { cause: error });
    }
  }
  const result = safeParse(
    schema,
    withLists(data, lists, (list) => parsed.get(list)),
  );
  if (result.error) refuse(result.error);
  const checked = result.data as Record<string, Record<string, unknown>>;
  for (const { payloadKey, fieldKey, list } of lists) {
    const declared = checked[payloadKey]?.[fieldKey];
    if (declared !== undefined && !isDeepStrictEqual(declared, parsed.get(list))) {
      throw new Error(`${route}: the JSON list ${payloadKey}.${fieldKey} has items its declaration does not`);
    }
  }
}

/** The zod schema of a response declaration: the schema itself, or the `properties` of a described response. */
function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`a response schema is not a zod schema: ${JSON.stringify(schema)}`);
}
