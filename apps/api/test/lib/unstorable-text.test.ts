import type { RouteDeclaration } from '@ojo/api-contract/route';
import { DECLARED_ROUTES } from '@ojo/api-contract/routes';
import { UNSTORABLE_TEXT_MESSAGE } from '@ojo/api-contract/stored-text';
import { queryRows } from '@ojo/db/client';
import { sql } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, insertUser } from '../helpers';
import { bearer, operatorTokenOf } from '../support/console';
import { saasHeaders } from '../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];
type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
};
type Path = (string | number)[];

/** The paths of every field of a body schema that takes a string (through refs, unions, objects and arrays). */
function stringPaths(schema: JsonSchema, defs: Record<string, JsonSchema>, path: Path = []): Path[] {
  if (schema.$ref) return stringPaths(defs[schema.$ref.replace('#/$defs/', '')] ?? {}, defs, path);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const all = branches.flatMap((branch) => stringPaths(branch, defs, path));
    return [...new Map(all.map((found) => [found.join('/'), found])).values()];
  }
  if (schema.properties)
    return Object.entries(schema.properties).flatMap(([key, field]) =>
      stringPaths(field, defs, [...path, key]),
    );
  if (schema.type === 'array' && schema.items) return stringPaths(schema.items, defs, [...path, 0]);
  const isString =
    schema.type === 'string' ||
    typeof schema.const === 'string' ||
    (schema.enum ?? []).some((value) => typeof value === 'string');
  return isString ? [path] : [];
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A value holding `text` at `path` and nothing else. */
function valueAt(path: Path, text: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return text;
  if (typeof head === 'number') return [valueAt(rest, text)];
  return { [head]: valueAt(rest, text) };
}

/** Values some parameter of the route table takes, so the probe of one field is not refused for another. */
const PARAM_SAMPLES = ['1', '00000000-0000-0000-0000-000000000000', `0x${'1'.repeat(64)}`, 'sign_in', 'ojo'];

/** A value the route's parameter `param` accepts (params are checked before the query and the body). */
function paramSample(route: RouteDeclaration, param: string): string {
  const field = (route.params as z.ZodObject | undefined)?.shape[param] as z.ZodType | undefined;
  if (!field) return 'x';
  const listed = jsonSchemaOf(field).enum?.[0];
  const candidates = [...(typeof listed === 'string' ? [listed] : []), ...PARAM_SAMPLES];
  return candidates.find((candidate) => field.safeParse(candidate).success) ?? 'x';
}

/** The route's path with every parameter filled: `raw` (already URL-encoded) for `name`, an accepted value for the others. */
function urlOf(route: RouteDeclaration, name: string | null, raw: string): string {
  return route.path.replace(/:(\w+)/g, (_, param: string) =>
    param === name ? raw : paramSample(route, param),
  );
}

interface Probe {
  label: string;
  method: RouteDeclaration['method'];
  url: string;
  payload?: unknown;
  /** How the refusal names the field: `querystring.channel`. */
  field: string;
}

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';

/** One request per string field of every declared route's params, query and body, each holding refused text. */
function probesOf(route: RouteDeclaration): Probe[] {
  const probes: Probe[] = [];
  const name = `${route.method} ${route.path}`;
  // A URL carries every parameter and query value as text, whatever the schema makes of it.
  for (const param of Object.keys(route.params ? (jsonSchemaOf(route.params).properties ?? {}) : {}))
    probes.push({
      label: `${name} params.${param}`,
      method: route.method,
      url: urlOf(route, param, 'a%00b'),
      field: `params.${param}`,
    });
  for (const key of Object.keys(route.query ? (jsonSchemaOf(route.query).properties ?? {}) : {}))
    probes.push({
      label: `${name} querystring.${key}`,
      method: route.method,
      url: `${urlOf(route, null, 'x')}?${key}=a%00b`,
      field: `querystring.${key}`,
    });
  if (route.body) {
    const schema = jsonSchemaOf(route.body);
    for (const path of stringPaths(schema, schema.$defs ?? {}))
      for (const [kind, text] of [
        ['NUL', NUL],
        ['unpaired surrogate', LONE_SURROGATE],
      ] as const)
        probes.push({
          label: `${name} body.${path.join('.')} (${kind})`,
          method: route.method,
          url: urlOf(route, null, 'x'),
          payload: valueAt(path, text),
          field: `body.${path.join('.')}`,
        });
  }
  return probes;
}

/** Rows per table: what a refused request must leave as it was. */
async function rowCounts(app: TestApp): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    app.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ total: number }>(
      app.db,
      sql`select count(*)::int as total from ${sql.identifier(name)}`,
    );
    counts[name] = row?.total ?? 0;
  }
  return counts;
}

describeWithDatabases('text PostgreSQL refuses is a 400 on every declared route', ({ database }) => {
  let app: TestApp;
  /** Console calls check the operator's role before their input: the probes carry an owner's token. */
  const owner = privateKeyToAccount(generatePrivateKey());
  let consoleHeaders: Record<string, string> = {};

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), {
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_AUTH_MAX: '100000',
      OPERATOR_OWNER_ADDRESSES: owner.address,
    }));
    consoleHeaders = { ...saasHeaders, ...bearer(await operatorTokenOf(app, owner)) };
  });
  afterAll(async () => {
    await app?.close();
  });

  const expectRefused = async (probe: Probe, headers: Record<string, string> = saasHeaders) => {
    const response = await app.inject({
      method: probe.method,
      url: probe.url,
      headers,
      ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
    });
    expect({ probe: probe.label, status: response.statusCode }).toEqual({ probe: probe.label, status: 400 });
    expect(response.json(), probe.label).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      msgKey: 'request.invalid',
    });
    expect(response.json().message, probe.label).toContain(`${probe.field}: ${UNSTORABLE_TEXT_MESSAGE}`);
  };

  it('the three reported requests: the task list with a NUL channel or position, do-quests with a NUL', async () => {
    const player = await insertUser(app.db);
    const headers = { ...saasHeaders, jwt_token: await app.issueSessionToken(player.id) };
    const before = await rowCounts(app);
    for (const query of ['channel=%00', 'position=%00'])
      await expectRefused(
        {
          label: `GET /v2/tasks/list?${query}`,
          method: 'GET',
          url: `/v2/tasks/list?${query}`,
          field: `querystring.${query.split('=')[0]}`,
        },
        headers,
      );
    await expectRefused(
      {
        label: 'POST /v2/tasks/doquests?channel=%00',
        method: 'POST',
        url: '/v2/tasks/doquests?channel=%00',
        field: 'querystring.channel',
      },
      headers,
    );
    expect(await rowCounts(app)).toEqual(before);
  });

  it('refuses a NUL in every param, query field and body string, and an unpaired surrogate in every body string', async () => {
    const probes = DECLARED_ROUTES.flatMap(probesOf);
    // Every route that takes input is probed (a route table that lost its schemas would pass vacuously).
    expect(new Set(probes.map((probe) => probe.label.split(' ').slice(0, 2).join(' '))).size).toBeGreaterThan(
      50,
    );
    const before = await rowCounts(app);
    for (const probe of probes)
      await expectRefused(probe, probe.url.startsWith('/console') ? consoleHeaders : saasHeaders);
    expect(await rowCounts(app)).toEqual(before);
  });

  it('refuses a refused key and a refused string deep in a body, and names where', async () => {
    await expectRefused({
      label: 'a NUL in a key',
      method: 'POST',
      url: '/coin/withdraws',
      payload: { amount: '10', 'x\u0000': 1 },
      field: 'body.x\\u0000',
    });
    await expectRefused({
      label: 'a lone low surrogate in an array',
      method: 'POST',
      url: '/tx/sync',
      payload: { hash: `0x${'1'.repeat(64)}`, claimableIds: ['1', 'a\uDC00'] },
      field: 'body.claimableIds.1',
    });
  });

  it('still takes text PostgreSQL stores: a pair of surrogates (an emoji) reaches the route schema', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/v2/tasks/list?channel=${encodeURIComponent('pc😀')}`,
      headers: saasHeaders,
    });
    // Past the text check, the route's own rules decide (this route needs a session).
    expect(response.statusCode).toBe(401);
  });
});
