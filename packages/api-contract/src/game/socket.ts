import { z } from 'zod';
import {
  baseUnits,
  coinSymbol,
  currencyPool,
  dashOutcome,
  dashRound,
  gameCurrency,
  myBet,
  myRoundResult,
  roundId,
  roundSummary,
  timeMs,
} from './dash';

/**
 * Every WebSocket message of the live game (issue: "round state, prices (4 updates per second), pool sizes and
 * results over WebSocket, authenticated with the session token; a client that reconnects resumes from the current
 * state"). One discriminated union per direction, on `type`; the server validates what it receives, the game frame
 * validates what it receives, and neither acts on a message that does not parse.
 *
 * The conversation: the client opens the socket and sends `auth` with its session token (a browser cannot set
 * headers on a WebSocket), then `subscribe`. The server answers `snapshot`, the whole current state, and from then
 * on pushes `round`, `prices`, `pools`, `result` and the player's own `bet` and `payout` messages. After a
 * reconnection the client subscribes again and gets a fresh `snapshot`: there is nothing to replay.
 */
export const GAME_SOCKET_PATH = '/games/socket';
export const GAME_SOCKET_PROTOCOL_VERSION = 1;

/** The games a client can watch on the socket: `subscribe` names one, and the client hears that game's room. */
export const GAME_IDS = ['dash'] as const;
export const gameId = z.enum(GAME_IDS);
export type GameId = z.infer<typeof gameId>;

/** Latest prices of the feed's coins (4 a second). Price units with 12 decimals. */
export const priceTick = z.object({
  step: z.number().int().nonnegative(),
  atMs: timeMs,
  prices: z.array(z.object({ symbol: coinSymbol, price: baseUnits })).max(64),
});

const poolsByCurrency = z.object({ OJO: currencyPool, POINT: currencyPool });

export const serverMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('snapshot'),
    protocol: z.literal(GAME_SOCKET_PROTOCOL_VERSION),
    serverTimeMs: timeMs,
    /** The round now on screen (betting, racing or showing results), if any. */
    round: dashRound.nullable(),
    /** The next round when it is already announced (its commitment is public before its betting opens). */
    next: dashRound.nullable(),
    prices: priceTick.nullable(),
    /** The latest finished rounds, newest first. */
    history: z.array(roundSummary).max(50),
    /** The session player's bets in `round`. */
    myBets: z.array(myBet).max(100),
    /** The session player's results in the rounds of `history` they played (per round and currency). */
    myResults: z.array(myRoundResult).max(100).default([]),
  }),
  /** The round changed: phase, snapshot, void or settlement. */
  z.object({ type: z.literal('round'), serverTimeMs: timeMs, round: dashRound }),
  z.object({ type: z.literal('prices'), tick: priceTick }),
  z.object({ type: z.literal('pools'), roundId, pools: poolsByCurrency }),
  z.object({ type: z.literal('result'), roundId, outcome: dashOutcome }),
  /** One of the session player's bets was placed, changed or withdrawn (from any tab or node). */
  z.object({ type: z.literal('bet'), bet: myBet }),
  /** The session player received a payout or a refund. */
  z.object({
    type: z.literal('payout'),
    roundId,
    betId: z.string().min(1).max(128),
    kind: z.enum(['payout', 'refund']),
    currency: gameCurrency,
    amount: baseUnits,
  }),
  /**
   * The session player's balance changed outside the race's own payouts (the reward of task 411004, play a game,
   * credited by a background job after settlement): the page refetches it, and the frame says what was credited.
   * Sent only for the round whose job completed the task (once a UTC day), never for a later round the same day.
   */
  z.object({
    type: z.literal('balance'),
    roundId,
    reason: z.enum(['task_reward']),
    reward: z.object({ currency: gameCurrency, amount: baseUnits }),
  }),
  z.object({ type: z.literal('error'), code: z.string().max(64), message: z.string().max(500) }),
  z.object({ type: z.literal('pong'), t: z.number().int() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

export const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({
    type: z.literal('subscribe'),
    /** The game whose room the client joins (a later `subscribe` moves it to another game's room). */
    game: gameId,
    /** The round the client last showed, to decide whether its history needs the rounds in between. */
    lastRoundId: roundId.nullable().optional(),
  }),
  z.object({ type: z.literal('ping'), t: z.number().int() }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/** Close codes of the game socket (4000-4999 are the application's). */
export const GAME_SOCKET_CLOSE = {
  unauthorized: 4401,
  badMessage: 4400,
  tooManyMessages: 4429,
  serverShutdown: 4503,
} as const;

/** Parses a text frame from the server; null for anything that is not one of its messages. */
export function parseServerMessage(text: string): ServerMessage | null {
  return parseJson(text, serverMessage, MAX_SERVER_MESSAGE_BYTES);
}

/** Parses a text frame from a client; null for anything that is not one of its messages. */
export function parseClientMessage(text: string): ClientMessage | null {
  return parseJson(text, clientMessage, MAX_CLIENT_MESSAGE_BYTES);
}

/** A client frame is small: anything longer is refused before it is parsed. */
export const MAX_CLIENT_MESSAGE_BYTES = 8192;
/** The largest server frame a client reads (a snapshot with its history). */
export const MAX_SERVER_MESSAGE_BYTES = 4 * 1024 * 1024;

function parseJson<T>(text: string, schema: z.ZodType<T>, maxLength: number): T | null {
  if (text.length > maxLength) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const result = schema.safeParse(data);
  return result.success ? result.data : null;
}
