import { randomBytes } from 'node:crypto';
import { placeBetRoute, routePath } from '@ojo/api-contract/game/http';
import {
  GAME_SOCKET_CLOSE,
  GAME_SOCKET_PATH,
  type GameId,
  parseServerMessage,
  type ServerMessage,
} from '@ojo/api-contract/game/socket';
import { credit } from '@ojo/db/ledger';
import { createTestDatabase, type TestDatabase } from '@ojo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { buildTestApp, insertUser } from '../../../helpers';
import { saasHeaders } from '../../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** A socket client that keeps every server message it received, parsed with the contract's schema. */
function collect(socket: WebSocket) {
  const messages: ServerMessage[] = [];
  const closes: number[] = [];
  socket.on('message', (data) => {
    const message = parseServerMessage(String(data));
    if (!message) throw new Error(`unparsable server message: ${String(data).slice(0, 200)}`);
    messages.push(message);
  });
  socket.on('close', (code) => closes.push(code));
  return {
    messages,
    closes,
    of: <T extends ServerMessage['type']>(type: T) =>
      messages.filter((m): m is Extract<ServerMessage, { type: T }> => m.type === type),
  };
}

describe('the game socket (PGlite, one node, in-process bus)', () => {
  let database: TestDatabase;
  let app: TestApp;
  let nowMs = Math.floor(Date.parse('2026-11-23T00:00:00Z') / 250) * 250;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    ({ app } = await buildTestApp(database, {}, { clock: () => nowMs }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers a snapshot after auth and subscribe, then pushes rounds, prices, pools and own bets', async () => {
    await app.game.tick();
    const player = await insertUser(app.db);
    await credit(app.db, {
      userId: player.id,
      asset: 'OJO',
      amount: 5000n,
      reason: 'test',
      idempotencyKey: `test:${player.id}`,
    });
    const token = await app.issueSessionToken(player.id);
    const socket = await app.injectWS(GAME_SOCKET_PATH);
    const client = collect(socket);
    socket.send(JSON.stringify({ type: 'auth', token }));
    socket.send(JSON.stringify({ type: 'subscribe', game: 'dash' }));
    await expect.poll(() => client.of('snapshot').length).toBe(1);
    const snapshot = client.of('snapshot')[0]!;
    const round = snapshot.round ?? snapshot.next;
    expect(round?.phase).toBe('upcoming');
    const roundId = round!.terms.roundId;

    nowMs = round!.terms.timeline.opensAtMs;
    await app.game.tick();
    await expect.poll(() => client.of('round').some((m) => m.round.phase === 'betting')).toBe(true);
    await expect.poll(() => client.of('prices').length).toBeGreaterThan(0);
    expect(
      client
        .of('prices')
        .at(-1)!
        .tick.prices.map((p) => p.symbol),
    ).toEqual(round!.terms.tracks);

    const placed = await app.inject({
      method: 'POST',
      url: routePath(placeBetRoute, { id: roundId }),
      headers: { ...saasHeaders, jwt_token: token },
      payload: {
        currency: 'OJO',
        track: round!.terms.tracks[0],
        amount: '300',
        clientBetId: randomBytes(8).toString('hex'),
      },
    });
    expect(placed.statusCode).toBe(200);
    await expect.poll(() => client.of('bet').map((m) => m.bet.betId)).toEqual([placed.json().data.betId]);

    // A reconnecting client resumes from a fresh snapshot with its bets.
    const again = await app.injectWS(GAME_SOCKET_PATH);
    const second = collect(again);
    again.send(JSON.stringify({ type: 'auth', token }));
    again.send(JSON.stringify({ type: 'subscribe', game: 'dash' }));
    await expect.poll(() => second.of('snapshot').length).toBe(1);
    expect(second.of('snapshot')[0]!.myBets.map((bet) => bet.betId)).toEqual([placed.json().data.betId]);
    expect(second.of('snapshot')[0]!.round?.pools.OJO.stakes).toBe('300');

    nowMs = round!.terms.timeline.raceEndsAtMs;
    await app.game.tick();
    await expect.poll(() => client.of('result').length).toBe(1);
    const outcome = client.of('result')[0]!.outcome;
    const paid = outcome.kind === 'void' || outcome.winners.includes(round!.terms.tracks[0]!);
    await expect.poll(() => client.of('payout').length).toBe(paid ? 1 : 0);
    // Once settled, a new snapshot gives the player's own result in that round with the history.
    const later = await app.injectWS(GAME_SOCKET_PATH);
    const third = collect(later);
    later.send(JSON.stringify({ type: 'auth', token }));
    later.send(JSON.stringify({ type: 'subscribe', game: 'dash' }));
    await expect.poll(() => third.of('snapshot').length).toBe(1);
    const settledSnapshot = third.of('snapshot')[0]!;
    expect(settledSnapshot.history.map((entry) => entry.roundId)).toContain(roundId);
    const returned = client.of('payout')[0]?.amount ?? '0';
    expect(settledSnapshot.myResults).toEqual([{ roundId, currency: 'OJO', staked: '300', returned }]);
    socket.terminate();
    again.terminate();
    later.terminate();
  });

  it('closes on a bad token and on a message that is not the protocol', async () => {
    const socket = await app.injectWS(GAME_SOCKET_PATH);
    const client = collect(socket);
    socket.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    await expect.poll(() => client.closes).toEqual([GAME_SOCKET_CLOSE.unauthorized]);
    const other = await app.injectWS(GAME_SOCKET_PATH);
    const second = collect(other);
    other.send('{"type":"hello"}');
    await expect.poll(() => second.closes).toEqual([GAME_SOCKET_CLOSE.badMessage]);
  });

  it("relays a game's events to the clients in its room only, and refuses a game it does not know", async () => {
    const inRoom = await app.injectWS(GAME_SOCKET_PATH);
    const dash = collect(inRoom);
    inRoom.send(JSON.stringify({ type: 'subscribe', game: 'dash' }));
    const outside = await app.injectWS(GAME_SOCKET_PATH);
    const watcher = collect(outside);
    await expect.poll(() => dash.of('snapshot').length).toBe(1);

    // Another game's event (a game this build does not serve yet) reaches no Dash client; Dash's reaches its room.
    await app.game.bus.publish({ to: null, game: 'splash' as GameId, message: { type: 'pong', t: 1 } });
    await app.game.bus.publish({ to: null, game: 'dash', message: { type: 'pong', t: 2 } });
    await expect.poll(() => dash.of('pong').map((m) => m.t)).toEqual([2]);
    expect(watcher.messages).toEqual([]);

    const unknown = await app.injectWS(GAME_SOCKET_PATH);
    const refused = collect(unknown);
    unknown.send(JSON.stringify({ type: 'subscribe', game: 'splash' }));
    await expect.poll(() => refused.closes).toEqual([GAME_SOCKET_CLOSE.badMessage]);
    inRoom.terminate();
    outside.terminate();
  });
});
