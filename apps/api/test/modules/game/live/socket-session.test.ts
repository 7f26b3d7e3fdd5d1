import { GAME_SOCKET_CLOSE, GAME_SOCKET_PATH } from '@ojo/api-contract/game/socket';
import { sessions } from '@ojo/db/schema/sessions';
import { eq } from '@ojo/db/sql';
import { createTestDatabase, type TestDatabase } from '@ojo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { buildTestApp, insertUser } from '../../../helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** The text frames and close code a socket received. */
function watch(socket: WebSocket) {
  const frames: string[] = [];
  let closedWith: number | null = null;
  socket.on('message', (data) => frames.push(String(data)));
  socket.on('close', (code) => {
    closedWith = code;
  });
  return {
    frames,
    closedWith: () => closedWith,
    saw: (t: number) => frames.some((text) => text.includes(`"t":${t}`)),
  };
}

/**
 * Sessions are capped and revocable on the game socket too (SECURITY.md): a socket authenticated with a session that
 * logout revoked (on any node: the check reads the database) or that reached its end is closed with 4401 within
 * GAME_SOCKET_SESSION_CHECK_MS and gets no more of the player's private events; an open session stays connected.
 */
describe('the game socket re-checks its sessions (PGlite)', () => {
  let database: TestDatabase;
  let app: TestApp;
  let limitMs: number;
  let nowMs = Math.floor(Date.parse('2026-11-23T00:00:00Z') / 1000) * 1000;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    let config: Awaited<ReturnType<typeof buildTestApp>>['config'];
    ({ app, config } = await buildTestApp(
      database,
      { GAME_SOCKET_SESSION_CHECK_MS: '250' },
      { clock: () => nowMs },
    ));
    limitMs = config.identity.maxSessionSeconds * 1000;
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** An authenticated socket of `token`, once its auth was handled (the pong after it answers). */
  async function authed(token: string, t: number) {
    const socket = await app.injectWS(GAME_SOCKET_PATH);
    const seen = watch(socket);
    socket.send(JSON.stringify({ type: 'auth', token }));
    socket.send(JSON.stringify({ type: 'ping', t }));
    await expect.poll(() => seen.saw(t)).toBe(true);
    return { socket, seen };
  }

  it('closes a socket whose session was revoked in the database, and keeps an open one', async () => {
    const revoked = await insertUser(app.db);
    const kept = await insertUser(app.db);
    const gone = await authed(await app.issueSessionToken(revoked.id), 1);
    const stays = await authed(await app.issueSessionToken(kept.id), 2);

    // Logout on another node: only the row changes.
    await app.db
      .update(sessions)
      .set({ revokedAt: new Date(nowMs) })
      .where(eq(sessions.userId, revoked.id));
    await expect.poll(() => gone.seen.closedWith(), { timeout: 5000 }).toBe(GAME_SOCKET_CLOSE.unauthorized);

    await app.game.bus.publish({ to: revoked.id, game: 'dash', message: { type: 'pong', t: 11 } });
    await app.game.bus.publish({ to: kept.id, game: 'dash', message: { type: 'pong', t: 22 } });
    await expect.poll(() => stays.seen.saw(22)).toBe(true);
    expect(gone.seen.saw(11)).toBe(false);
    // The same check read the open session too, and left it connected.
    expect(stays.seen.closedWith()).toBeNull();
    stays.socket.terminate();
  });

  it("closes a socket when its token's session reaches its end", async () => {
    const player = await insertUser(app.db);
    // A session (and token) that ends 5 s after now.
    const token = await app.signIn(player.id, { signedInAt: new Date(nowMs - limitMs + 5000) });
    const { socket, seen } = await authed(token, 3);
    nowMs += 6000;
    await expect.poll(() => seen.closedWith(), { timeout: 5000 }).toBe(GAME_SOCKET_CLOSE.unauthorized);
    await app.game.bus.publish({ to: player.id, game: 'dash', message: { type: 'pong', t: 33 } });
    // A ping on a fresh socket proves the bus delivered what it had by now.
    const probe = await app.injectWS(GAME_SOCKET_PATH);
    const probeSeen = watch(probe);
    probe.send(JSON.stringify({ type: 'ping', t: 4 }));
    await expect.poll(() => probeSeen.saw(4)).toBe(true);
    expect(seen.saw(33)).toBe(false);
    probe.terminate();
    socket.terminate();
  });
});
