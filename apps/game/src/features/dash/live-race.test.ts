import { placeBetRoute } from '@ojo/api-contract/game/http';
import type { ServerMessage } from '@ojo/api-contract/game/socket';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type FakeGameServer, startFakeGameServer } from '../../../test/fake-game-server';
import { createGameApi } from '../../lib/api-client';
import { connectGameSocket, type SocketStatus } from '../../lib/socket-client';
import { buildLanes } from './race';
import { type DashState, dashReducer, INITIAL_DASH_STATE, returnedByCurrency } from './state';

/** The frame's socket client and state against a contract-checked stand-in server (the e2e uses the real one). */
let server: FakeGameServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function follow(url: string, token: string | null) {
  let state: DashState = INITIAL_DASH_STATE;
  const statuses: SocketStatus[] = [];
  const client = connectGameSocket({
    apiUrl: url,
    game: 'dash',
    token,
    WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
    onStatus: (status) => statuses.push(status),
    onMessage: (message: ServerMessage) => {
      state = dashReducer(state, message, Date.now());
    },
  });
  return { client, statuses, state: () => state };
}

describe('the live race in the frame', () => {
  it('authenticates, follows a round through betting, race and result, and counts the payout', async () => {
    server = await startFakeGameServer({ phaseMs: 60_000 });
    const live = follow(server.url, 'fake-token');
    await expect.poll(() => live.state().ready).toBe(true);
    const roundId = live.state().round?.terms.roundId ?? '';
    const api = createGameApi({ apiUrl: server.url, saasId: 'ojo-arena', getToken: () => 'fake-token' });
    for (const track of ['BTC', 'ETH']) {
      await api.callRoute(placeBetRoute, {
        params: { id: roundId },
        body: { currency: 'OJO', track, amount: '200', clientBetId: `client-${track}-1` },
      });
    }
    await expect.poll(() => Object.keys(live.state().myBets).length).toBe(2);
    expect(live.state().round?.pools.OJO.stakes).toBe('400');

    server.advance();
    await expect.poll(() => live.state().round?.phase).toBe('racing');
    const racing = live.state().round;
    expect(racing?.startSnapshot).not.toBeNull();
    await expect
      .poll(() => live.state().prices?.step ?? 0)
      .toBeGreaterThan((racing?.terms.feed.kind === 'simulated' ? racing.terms.feed.openStep : 0) + 1);
    if (racing) expect(buildLanes(racing, live.state().prices, Date.now())).toHaveLength(5);

    server.advance();
    await expect.poll(() => live.state().round?.outcome?.kind).toBe('settled');
    const outcome = live.state().round?.outcome;
    const winners = outcome?.kind === 'settled' ? outcome.winners : [];
    const paid = outcome?.kind === 'settled' ? BigInt(outcome.currencies.OJO.paidOut) : 0n;
    const mine = ['BTC', 'ETH'].filter((track) => winners.includes(track)).length;
    // Both bets are the whole pool: the player gets exactly what was paid out, once per winning bet.
    await expect.poll(() => live.state().payouts.length).toBe(mine);
    expect(returnedByCurrency(live.state(), roundId).OJO).toBe(paid);

    server.advance();
    await expect.poll(() => live.state().round?.terms.roundId).not.toBe(roundId);
    expect(live.state().history[0]?.roundId).toBe(roundId);
    // Its result stays on screen while the next round takes bets.
    expect(live.state().previous?.round.terms.roundId).toBe(roundId);
    expect(Object.keys(live.state().previous?.myBets ?? {})).toHaveLength(2);
    expect(live.state().myBets).toEqual({});
    live.client.close();
  });

  it('shows the race to a spectator before the page sends a token', async () => {
    server = await startFakeGameServer();
    const live = follow(server.url, null);
    await expect.poll(() => live.state().ready).toBe(true);
    expect(live.state().round?.phase).toBe('betting');
    live.client.close();
  });

  it('stops at an unknown token instead of retrying', async () => {
    server = await startFakeGameServer();
    const live = follow(server.url, 'wrong-token');
    await expect.poll(() => live.statuses.at(-1)).toBe('unauthorized');
    expect(live.state().ready).toBe(false);
  });
});
