import { GAME_SOCKET_PROTOCOL_VERSION, type ServerMessage } from '@ojo/api-contract/game/socket';
import type { Database } from '@ojo/db/client';
import type { SnapshotContext } from '../live/socket';
import { myResultsIn } from './get-my-results';
import { roundSummaryOf, withLivePools } from './get-round-views';
import { betsOfPlayer, screenRounds, settledRounds, toMyBet } from './rounds';

/**
 * What a client joining the Dash room gets first (the socket's `snapshot`): the round on screen with its pools so
 * far, the next one, the latest prices, the last rounds and the session player's bets and results in them.
 */
export async function getDashSnapshot(db: Database, context: SnapshotContext): Promise<ServerMessage> {
  const { userId } = context;
  const { current, next } = await screenRounds(db);
  const round = current ? await withLivePools(db, current.state) : null;
  const history = await settledRounds(db, { limit: 20 });
  const myBets =
    userId && current
      ? (await betsOfPlayer(db, current.id, userId)).map((bet) => toMyBet(bet, current.state))
      : [];
  return {
    type: 'snapshot',
    protocol: GAME_SOCKET_PROTOCOL_VERSION,
    serverTimeMs: context.now(),
    round,
    next: next?.state ?? null,
    prices: context.prices(),
    history: history.map(roundSummaryOf),
    myBets,
    myResults: userId ? await myResultsIn(db, history, userId) : [],
  };
}
