import { GAME_SOCKET_PATH } from '@ojo/api-contract/game/socket';
import { createTestDatabase, type TestDatabase } from '@ojo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../../helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/**
 * A socket that authenticates again with another player's token (a logout and login in the same tab, or a crafted
 * client) belongs to the new player only: the previous player's private events must stop reaching it.
 */
describe('the game socket: a second auth replaces the first player (PGlite)', () => {
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    ({ app } = await buildTestApp(database));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("stops relaying the first player's events once the socket authenticates as another", async () => {
    const first = await insertUser(app.db);
    const second = await insertUser(app.db);
    const socket = await app.injectWS(GAME_SOCKET_PATH);
    const received: string[] = [];
    socket.on('message', (data) => received.push(String(data)));
    socket.send(JSON.stringify({ type: 'auth', token: await app.issueSessionToken(first.id) }));
    socket.send(JSON.stringify({ type: 'auth', token: await app.issueSessionToken(second.id) }));
    // The pong answers after both auths (messages are handled in order).
    socket.send(JSON.stringify({ type: 'ping', t: 1 }));
    await expect.poll(() => received.some((text) => text.includes('"t":1'))).toBe(true);

    await app.game.bus.publish({ to: first.id, game: 'dash', message: { type: 'pong', t: 111 } });
    await app.game.bus.publish({ to: second.id, game: 'dash', message: { type: 'pong', t: 222 } });
    await expect.poll(() => received.some((text) => text.includes('"t":222'))).toBe(true);
    expect(received.some((text) => text.includes('"t":111'))).toBe(false);
    socket.terminate();
  });
});
