import { connect } from 'node:net';
import { GAME_SOCKET_PATH, parseServerMessage } from '@ojo/api-contract/game/socket';
import { createTestDatabase, type TestDatabase } from '@ojo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildTestApp } from '../../../helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** Sends a WebSocket upgrade request for `path` over a bare TCP socket; resolves with all the server wrote back. */
function rawUpgrade(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
  });
}

describe('socket upgrades on a listening API (PGlite)', () => {
  let database: TestDatabase;
  let app: TestApp;
  let port: number;
  /** The URLs of the requests that reached the routing. */
  const routed: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    ({ app } = await buildTestApp(database));
    app.addHook('onRequest', (request, _reply, done) => {
      routed.push(request.url);
      done();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('opens the game socket at its path, query string and all', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${GAME_SOCKET_PATH}?v=1`);
    const first = await new Promise<string>((resolve, reject) => {
      socket.once('open', () => socket.send(JSON.stringify({ type: 'ping', t: Date.now() })));
      socket.once('message', (data) => resolve(String(data)));
      socket.once('error', reject);
    });
    socket.close();
    expect(parseServerMessage(first)).not.toBeNull();
  });

  it('answers 404 and closes an upgrade request to any other path, without running its route', async () => {
    const answer = await rawUpgrade(port, '/healthz');
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found');
    expect(answer).not.toContain('101 Switching Protocols');
    expect(routed).not.toContain('/healthz');
    // The same path as a plain request still reaches its route.
    await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(routed.filter((url) => url === '/healthz')).toHaveLength(1);
  });
});
