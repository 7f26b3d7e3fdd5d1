import { connect } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@ojo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** Sends raw bytes to the listening API and answers the status code and the parsed body (null if none). */
function sendRaw(port: number, request: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const status = Number(head.split(' ')[1]);
      if (!status) reject(new Error(`no HTTP answer: ${JSON.stringify(answer.slice(0, 200))}`));
      resolve({ status, body: body ? JSON.parse(body) : null });
    });
  });
}

const refusal = (code: string) => ({
  success: false,
  code,
  msgKey: 'request.invalid',
  message: expect.any(String),
  obj: null,
  data: null,
});

describe('transport-level refusals answer with the error envelope', () => {
  let database: TestDatabase;
  let app: TestApp;
  let port: number;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    ({ app } = await buildTestApp(database));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    port = address.port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (target: string, headers = '') =>
    sendRaw(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`);

  it('a path parameter over the length limit is a 414 envelope', async () => {
    const answer = await get(`/profile/handle/${'a'.repeat(300)}`);
    expect(answer).toEqual({ status: 414, body: refusal('URI_TOO_LONG') });
    // The caller's URL is not repeated back.
    expect(JSON.stringify(answer.body)).not.toContain('aaaaaaaaaa');
  });

  it('a URL over the HTTP parser limit is a 414 envelope', async () => {
    expect(await get(`/customer?q=${'a'.repeat(20_000)}`)).toEqual({
      status: 414,
      body: refusal('URI_TOO_LONG'),
    });
  });

  it('headers over the HTTP parser limit are a 431 envelope', async () => {
    expect(await get('/healthz', `X-Padding: ${'a'.repeat(20_000)}\r\n`)).toEqual({
      status: 431,
      body: refusal('HEADERS_TOO_LARGE'),
    });
  });

  it('a URL that does not decode is a 400 envelope', async () => {
    expect(await get('/profile/handle/%E0%A4%A')).toEqual({ status: 400, body: refusal('BAD_REQUEST') });
  });

  it('bytes that are not HTTP are a 400 envelope', async () => {
    expect(await sendRaw(port, 'HELLO\r\n\r\n')).toEqual({ status: 400, body: refusal('BAD_REQUEST') });
  });
});
