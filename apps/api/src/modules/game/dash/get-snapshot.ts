import { GAME_SOCKET_PROTOCOL_VERSION, type ServerMessage } from '@ojo/api-contract/game/socket';
import type { Database } from '@ojo/db/client';
import { myResultsIn } from './get-my-results';
import { betsOfPlayer, poolsOf, screenRounds, settledRounds, toMyBet } from './rounds';

type PriceTick = Extract<ServerMessage, { type: 'prices' }>['tick'];

/**
 * What a client joining the Dash room gets first (the socket's `snapshot`): the round on screen with its pools so
 * far, the next one, the latest prices, the last rounds and the session player's bets and results in them.
 */
export async function getDashSnapshot(
  db: Database,
  /** The latest prices and the clock, read once the rounds are (a snapshot is as fresh as it can be). */
  context: { userId: string | null; prices: () => PriceTick | null; now: () => number },
): Promise<ServerMessage> {
  const { userId } = context;
  const { current, next } = await screenRounds(db);
  let round = current?.state ?? null;
  if (round && (round.phase === 'betting' || round.phase === 'upcoming'))
    round = { ...round, pools: await poolsOf(db, round) };
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
    history: history.map((stored) => ({
      roundId: stored.id,
      timeline: stored.state.terms.timeline,
      tracks: stored.state.terms.tracks,
      commitment: stored.state.commitment,
      outcome: stored.state.outcome!,
    })),
    myBets,
    myResults: userId ? await myResultsIn(db, history, userId) : [],
  };
}
