// @vitest-environment node
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as contract from '@ojo/api-contract/envelope';
import { getLaddersRoute, getSeasonsRoute } from '@ojo/api-contract/game/http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type ApiClient,
  ApiError,
  createApiClient,
  INVALID_RESPONSE_CODE,
  JWT_HEADER,
  NETWORK_ERROR_CODE,
  SAAS_ID_HEADER,
} from './api-client';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server whose answers are chosen per path; it records every request it gets. */
let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
const answers = new Map<string, { status: number; body: string }>();

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const answer = answers.get(path) ?? { status: 404, body: '' };
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let jwt: string | undefined;
let client: ApiClient;

beforeEach(() => {
  seen = [];
  answers.clear();
  jwt = undefined;
  client = createApiClient({
    hosts: { customer: baseUrl, quest: baseUrl, badge: baseUrl, wallet: baseUrl, game: baseUrl },
    saasId: 'ojo-arena',
    getJwt: () => jwt,
  });
});

const answer = (path: string, status: number, body: unknown) =>
  answers.set(path, { status, body: typeof body === 'string' ? body : JSON.stringify(body) });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('names the headers exactly as the API contract does', () => {
    expect(SAAS_ID_HEADER).toBe(contract.SAAS_ID_HEADER);
    expect(JWT_HEADER).toBe(contract.JWT_HEADER);
  });

  it('reads a user-envelope answer and sends saas_id but no jwt on a public call', async () => {
    answer('/customer/invite/code/check', 200, {
      success: true,
      code: '0',
      msgKey: 'ok',
      obj: { valid: true },
    });
    jwt = 'secret-token';
    const result = await client.call({
      host: 'customer',
      path: '/customer/invite/code/check',
      query: { inviteCode: 'AB12', skipped: undefined },
      schema: z.object({ valid: z.boolean() }),
    });
    expect(result).toEqual({ success: true, code: '0', msgKey: 'ok', obj: { valid: true } });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe('/customer/invite/code/check?inviteCode=AB12');
    expect(seen[0]?.headers.saas_id).toBe('ojo-arena');
    expect(seen[0]?.headers.jwt_token).toBeUndefined();
  });

  it('sends the jwt and a JSON body on a secure call and reads a wallet-envelope answer', async () => {
    answer('/coin/orders', 200, {
      success: true,
      code: '0',
      message: 'ok',
      data: { orderId: 'o-1', quoteQty: '5' },
    });
    jwt = 'secret-token';
    const result = await client.call({
      host: 'game',
      method: 'POST',
      path: '/coin/orders',
      body: { base: 'OJO', quote: 'ETH', baseQty: '1000' },
      secure: true,
      schema: z.object({ orderId: z.string(), quoteQty: z.string() }),
    });
    expect(result.data).toEqual({ orderId: 'o-1', quoteQty: '5' });
    expect(result.message).toBe('ok');
    expect(seen[0]?.headers.jwt_token).toBe('secret-token');
    expect(seen[0]?.headers.saas_id).toBe('ojo-arena');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ base: 'OJO', quote: 'ETH', baseQty: '1000' });
  });

  it('turns success:false into an ApiError with the code and msgKey', async () => {
    answer('/v1/check/badge', 200, {
      success: false,
      code: '5115',
      msgKey: 'badge_check_or_mint_processing',
      obj: null,
    });
    const error = await failure(client.call({ host: 'badge', path: '/v1/check/badge', schema: z.unknown() }));
    expect(error.kind).toBe('envelope');
    expect(error.code).toBe('5115');
    expect(error.msgKey).toBe('badge_check_or_mint_processing');
    expect(error.message).toBe('badge_check_or_mint_processing');
  });

  it('reports a failed envelope even when its payload does not match the success schema', async () => {
    answer('/coin/withdraws', 200, { success: false, code: '100028', message: 'Not enough OJO', data: {} });
    const error = await failure(
      client.call({
        host: 'wallet',
        path: '/coin/withdraws',
        method: 'POST',
        schema: z.object({ id: z.string() }),
      }),
    );
    expect(error.kind).toBe('envelope');
    expect(error.code).toBe('100028');
    expect(error.message).toBe('Not enough OJO');
  });

  it('emits unauthorized on HTTP 401 and carries the error envelope fields', async () => {
    answer('/customer', 401, {
      success: false,
      code: '401',
      msgKey: 'unauthorized',
      message: 'Login required',
      obj: null,
      data: null,
    });
    const heard: string[] = [];
    const unsubscribe = client.onUnauthorized((event) => heard.push(`${event.host} ${event.path}`));
    const error = await failure(
      client.call({ host: 'customer', path: '/customer', secure: true, schema: z.unknown() }),
    );
    expect(error.kind).toBe('http');
    expect(error.status).toBe(401);
    expect(error.code).toBe('401');
    expect(error.msgKey).toBe('unauthorized');
    expect(error.message).toBe('Login required');
    expect(heard).toEqual(['customer /customer']);

    unsubscribe();
    await failure(client.call({ host: 'customer', path: '/customer', secure: true, schema: z.unknown() }));
    expect(heard).toHaveLength(1);
  });

  it('does not emit unauthorized for other HTTP errors, and copes with a body that is not JSON', async () => {
    answer('/boom', 500, '<html>oops</html>');
    const heard: unknown[] = [];
    client.onUnauthorized((event) => heard.push(event));
    const error = await failure(client.call({ host: 'quest', path: '/boom', schema: z.unknown() }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(500);
    expect(error.code).toBe('HTTP_500');
    expect(error.msgKey).toBeUndefined();
    expect(heard).toEqual([]);
  });

  it('rejects an answer that does not match the schema', async () => {
    answer('/v2/tasks/list', 200, { success: true, code: '0', msgKey: 'ok', obj: { tasks: 'not-a-list' } });
    const error = await failure(
      client.call({
        host: 'quest',
        path: '/v2/tasks/list',
        schema: z.object({ tasks: z.array(z.string()) }),
      }),
    );
    expect(error.kind).toBe('invalid-response');
    expect(error.code).toBe(INVALID_RESPONSE_CODE);
    expect(error.message).toContain('/v2/tasks/list');
    expect(error.message).toContain('obj.tasks');
  });

  it('accepts a null payload, drops fields outside the envelope and names each broken envelope field', async () => {
    answer('/customer/empty', 200, { success: true, code: '0', msgKey: 'ok', obj: null, extra: 'x' });
    await expect(
      client.call({ host: 'customer', path: '/customer/empty', schema: z.object({ id: z.string() }) }),
    ).resolves.toEqual({ success: true, code: '0', msgKey: 'ok', obj: null });

    answer('/customer/broken', 200, { success: 'yes', code: 0, obj: null });
    const error = await failure(
      client.call({ host: 'customer', path: '/customer/broken', schema: z.unknown() }),
    );
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('success: expected a boolean');
    expect(error.message).toContain('code: expected a string');
    expect(error.message).toContain('msgKey: expected a string');
  });

  it('refuses a malformed envelope with the same invalid-response error as the hand-written check did', async () => {
    const refused = async (
      host: 'customer' | 'wallet',
      path: `/${string}`,
      body: unknown,
      schema: z.ZodType,
    ) => {
      answer(path, 200, body);
      const error = await failure(client.call({ host, path, schema }));
      return {
        kind: error.kind,
        status: error.status,
        code: error.code,
        msgKey: error.msgKey,
        message: error.message,
      };
    };
    const invalid = (message: string) => ({
      kind: 'invalid-response',
      status: 200,
      code: INVALID_RESPONSE_CODE,
      msgKey: undefined,
      message,
    });
    expect(
      await refused('customer', '/m/fields', { success: 'yes', code: 0, obj: null }, z.unknown()),
    ).toEqual(
      invalid(
        'Unexpected answer from GET /m/fields: success: expected a boolean; code: expected a string; ' +
          'msgKey: expected a string',
      ),
    );
    expect(
      await refused(
        'wallet',
        '/m/data',
        { success: true, code: '0', message: 7, data: { n: 'x' } },
        z.object({ n: z.number() }),
      ),
    ).toEqual(
      invalid(
        'Unexpected answer from GET /m/data: message: expected a string; ' +
          'data.n: Invalid input: expected number, received string',
      ),
    );
    expect(await refused('customer', '/m/array', '[1]', z.unknown())).toEqual(
      invalid('Unexpected answer from GET /m/array: the answer is not a JSON object'),
    );
    expect(await refused('customer', '/m/text', 'not json', z.unknown())).toEqual(
      invalid('Unexpected answer from GET /m/text: the answer is not a JSON object'),
    );
    expect(
      await refused(
        'customer',
        '/m/missing',
        { success: true, code: '0', msgKey: 'ok' },
        z.object({ id: z.string() }),
      ),
    ).toEqual(
      invalid(
        'Unexpected answer from GET /m/missing: obj: Invalid input: expected object, received undefined',
      ),
    );
  });

  it('reads a numeric code of an HTTP error body as text and ignores a body whose fields have odd types', async () => {
    answer('/limited', 429, { success: false, code: 429, message: 'Slow down' });
    const limited = await failure(client.call({ host: 'wallet', path: '/limited', schema: z.unknown() }));
    expect(limited).toMatchObject({ kind: 'http', status: 429, code: '429', message: 'Slow down' });

    answer('/odd', 400, { code: '1', message: { text: 'not a string' } });
    const odd = await failure(client.call({ host: 'wallet', path: '/odd', schema: z.unknown() }));
    expect(odd).toMatchObject({
      kind: 'http',
      status: 400,
      code: 'HTTP_400',
      message: 'Request failed with HTTP 400',
    });
  });

  it('rejects a wallet-envelope answer read as a user envelope (wrong host for the call)', async () => {
    answer('/token/histories', 200, { success: true, code: '0', message: 'ok', data: { histories: [] } });
    const error = await failure(
      client.call({ host: 'customer', path: '/token/histories', schema: z.unknown() }),
    );
    expect(error.kind).toBe('invalid-response');
  });

  it('turns an unreachable server into a network ApiError', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = createApiClient({
      hosts: {
        customer: `http://127.0.0.1:${port}`,
        quest: baseUrl,
        badge: baseUrl,
        wallet: baseUrl,
        game: baseUrl,
      },
      saasId: 'ojo-arena',
      getJwt: () => undefined,
    });
    const error = await failure(offline.call({ host: 'customer', path: '/customer', schema: z.unknown() }));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(error.code).toBe(NETWORK_ERROR_CODE);
  });

  it('passes cancellation through as the abort error, not as an ApiError', async () => {
    answer('/slow', 200, { success: true, code: '0', msgKey: 'ok', obj: null });
    const controller = new AbortController();
    controller.abort();
    await expect(
      client.call({ host: 'customer', path: '/slow', schema: z.null(), signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("sends the jwt it holds to a public route that reads an optional session (the ladder's me), and only there", async () => {
    const page = { seasonId: null, tiers: [], total: 0, minBets: 5, entries: [], me: null };
    answer('/ladders', 200, { success: true, code: '0', message: 'success', data: page });
    answer('/seasons', 200, { success: true, code: '0', message: 'success', data: { seasons: [] } });
    jwt = 'secret-token';
    await client.callRoute(getLaddersRoute, { query: { businessType: 'ojo' } });
    await client.callRoute(getSeasonsRoute);
    expect(
      seen.map((request) => [new URL(request.url, 'http://x').pathname, request.headers.jwt_token]),
    ).toEqual([
      ['/ladders', 'secret-token'],
      ['/seasons', undefined],
    ]);
    // Without a session the ladder is asked for anyway, with no token.
    jwt = undefined;
    seen = [];
    await client.callRoute(getLaddersRoute, { query: { businessType: 'ojo' } });
    expect(seen[0]?.headers.jwt_token).toBeUndefined();
  });
});
