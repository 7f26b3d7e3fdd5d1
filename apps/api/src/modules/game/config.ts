import { DEFAULT_DASH_CONFIG } from '@ojo/domain/game/dash/rules';
import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const phaseMs = (max: number, fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1000)
    .max(max)
    .refine((value) => value % 250 === 0, 'must be whole 250 ms steps')
    .default(fallback);

/**
 * The coin race's variables (docs/configuration.md). Phases default to the rules (30 s, 20 s,
 * 10 s); tests and demos shorten them. The scheduler runs on the node holding the `game-dash` lease.
 */
export const gameEnv = {
  /** Whether this node competes for the round scheduler's lease (every node serves bets and the socket). */
  GAME_SCHEDULER: flag
    .default(true)
    .describe(
      "whether this node competes for the round scheduler's and the seasons' leases (every node serves bets and the socket)",
    ),
  GAME_BETTING_MS: phaseMs(30_000, 30_000).describe(
    "the betting phase (whole 250 ms steps, at least 1 s, at most the rules' length)",
  ),
  GAME_RACE_MS: phaseMs(20_000, 20_000).describe('the race phase (same steps and bounds)'),
  GAME_RESULTS_MS: phaseMs(10_000, 10_000).describe('the results phase (same steps and bounds)'),
  /** Share of each currency's stakes that feeds its prize pool, in basis points. */
  GAME_FEE_BPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(2000)
    .default(500)
    .describe("share of each currency's stakes that feeds its prize pool, in basis points"),
  /** The rules' minimums by default (DEFAULT_DASH_CONFIG: 200 OJO, 10 FishXP), as RULES.md states them. */
  GAME_MIN_STAKE_OJO: z.coerce
    .bigint()
    .min(1n)
    .default(DEFAULT_DASH_CONFIG.minStake.OJO)
    .describe('the smallest OJO bet'),
  GAME_MIN_STAKE_POINT: z.coerce
    .bigint()
    .min(1n)
    .default(DEFAULT_DASH_CONFIG.minStake.POINT)
    .describe('the smallest FishXP bet (a new player can race after the first check-in)'),
  /** A snapshot later than this after its time voids the round (stale feed: every bet refunded). */
  GAME_SNAPSHOT_DEADLINE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(120_000)
    .default(15_000)
    .describe('a snapshot later than this after its time voids the round (every bet refunded)'),
  /** The scheduler lease: another node takes over at most this long after the driving node died. */
  GAME_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(60_000)
    .default(3000)
    .describe("the scheduler's lease: another node takes over at most this long after the driving node died"),
  /**
   * How often the node holding the `game-seasons` lease opens the week's season (when the week turned) and looks
   * for a season whose end has passed, to settle it.
   */
  GAME_SEASON_CHECK_MS: z.coerce
    .number()
    .int()
    .min(250)
    .max(3_600_000)
    .default(10_000)
    .describe(
      "how often the seasons' lease holder opens the week's season and settles any season whose end has passed",
    ),
  /** Live fan-out across nodes without Redis: PostgreSQL notifications (on PGlite everything is in process). */
  GAME_BUS: z
    .enum(['auto', 'redis', 'postgres', 'memory'])
    .default('auto')
    .describe(
      'live fan-out across nodes: auto is Redis with REDIS_URL, else PostgreSQL notifications on PostgreSQL, else in process',
    ),
  /** The Redis channel or PostgreSQL notification channel of the live events (one per deployment sharing a Redis). */
  GAME_BUS_CHANNEL: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a plain lowercase identifier')
    .default('ojo_game_dash')
    .describe('Redis or PostgreSQL channel of the live events (one per deployment sharing a Redis)'),
  /** Socket clients per node; more are refused with close code 4503. */
  GAME_SOCKET_MAX_CLIENTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(200_000)
    .default(20_000)
    .describe('game sockets per node; more are closed with 4503'),
  /**
   * How often a node checks, in one query, that the sessions of its authenticated sockets are still open (logout on
   * any node, session cap); a socket whose session ended is closed with 4401. Each socket also closes at its
   * token's expiry.
   */
  GAME_SOCKET_SESSION_CHECK_MS: z.coerce
    .number()
    .int()
    .min(250)
    .max(3_600_000)
    .default(30_000)
    .describe(
      "how often a node checks in one query that its authenticated sockets' sessions are still open; an ended one is closed with 4401",
    ),
  /**
   * Where prices come from: the seeded simulator (the default: provably fair from the revealed seed) or the Coinbase
   * Exchange WebSocket feed (snapshots carry the exchange's trade times and ids; market-feed.ts).
   */
  GAME_MARKET_FEED: z
    .enum(['simulated', 'coinbase'])
    .default('simulated')
    .describe(
      "the race's prices: simulated (the seeded simulator, seed revealed after settlement) or coinbase (the exchange's trades, with their times and ids)",
    ),
  /** The Coinbase Exchange WebSocket feed; the local stand-in's is ws://127.0.0.1:3004/coinbase/ws. */
  GAME_MARKET_FEED_URL: z
    .string()
    .url()
    .refine((value) => /^wss?:\/\//.test(value), 'a ws:// or wss:// URL')
    .default('wss://ws-feed.exchange.coinbase.com')
    .describe('the Coinbase Exchange WebSocket feed; npm start points it at the stand-in'),
  /** The products a real feed races (comma separated, at least 5 coins quoted in USD). */
  GAME_MARKET_FEED_PRODUCTS: z
    .string()
    .default('BTC-USD,ETH-USD,SOL-USD,XRP-USD,DOGE-USD,ADA-USD,AVAX-USD,LINK-USD,DOT-USD,LTC-USD')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim().toUpperCase())
        .filter(Boolean),
    )
    .refine(
      (list) => new Set(list).size >= 5 && list.every((id) => /^[A-Z0-9]{2,12}-[A-Z]{2,6}$/.test(id)),
      'at least 5 distinct products such as BTC-USD',
    )
    .describe('products a real feed races, comma separated, at least 5 quoted in USD'),
  /**
   * The stale window of a real feed: a snapshot quotes each track's last trade at most this long before its time;
   * a track without one makes the feed stale and voids the round (every bet refunded).
   */
  GAME_MARKET_FEED_TOLERANCE_MS: z.coerce
    .number()
    .int()
    .min(250)
    .max(60_000)
    .default(5000)
    .describe(
      "a track without a trade this long before a snapshot's time makes the feed stale: the round is voided and refunded",
    ),
};

export interface GameConfig {
  scheduler: boolean;
  phasesMs: { bettingMs: number; raceMs: number; resultsMs: number };
  feeBps: number;
  minStake: { OJO: bigint; POINT: bigint };
  snapshotDeadlineMs: number;
  leaseMs: number;
  seasonCheckMs: number;
  bus: 'auto' | 'redis' | 'postgres' | 'memory';
  busChannel: string;
  socketMaxClients: number;
  socketSessionCheckMs: number;
  marketFeed: {
    kind: 'simulated' | 'coinbase';
    url: string;
    products: string[];
    toleranceMs: number;
  };
}

export function toGameConfig(values: {
  GAME_SCHEDULER: boolean;
  GAME_BETTING_MS: number;
  GAME_RACE_MS: number;
  GAME_RESULTS_MS: number;
  GAME_FEE_BPS: number;
  GAME_MIN_STAKE_OJO: bigint;
  GAME_MIN_STAKE_POINT: bigint;
  GAME_SNAPSHOT_DEADLINE_MS: number;
  GAME_LEASE_MS: number;
  GAME_SEASON_CHECK_MS: number;
  GAME_BUS: GameConfig['bus'];
  GAME_BUS_CHANNEL: string;
  GAME_SOCKET_MAX_CLIENTS: number;
  GAME_SOCKET_SESSION_CHECK_MS: number;
  GAME_MARKET_FEED: 'simulated' | 'coinbase';
  GAME_MARKET_FEED_URL: string;
  GAME_MARKET_FEED_PRODUCTS: string[];
  GAME_MARKET_FEED_TOLERANCE_MS: number;
}): GameConfig {
  return {
    scheduler: values.GAME_SCHEDULER,
    phasesMs: {
      bettingMs: values.GAME_BETTING_MS,
      raceMs: values.GAME_RACE_MS,
      resultsMs: values.GAME_RESULTS_MS,
    },
    feeBps: values.GAME_FEE_BPS,
    minStake: { OJO: values.GAME_MIN_STAKE_OJO, POINT: values.GAME_MIN_STAKE_POINT },
    snapshotDeadlineMs: values.GAME_SNAPSHOT_DEADLINE_MS,
    leaseMs: values.GAME_LEASE_MS,
    seasonCheckMs: values.GAME_SEASON_CHECK_MS,
    bus: values.GAME_BUS,
    busChannel: values.GAME_BUS_CHANNEL,
    socketMaxClients: values.GAME_SOCKET_MAX_CLIENTS,
    socketSessionCheckMs: values.GAME_SOCKET_SESSION_CHECK_MS,
    marketFeed: {
      kind: values.GAME_MARKET_FEED,
      url: values.GAME_MARKET_FEED_URL,
      products: values.GAME_MARKET_FEED_PRODUCTS,
      toleranceMs: values.GAME_MARKET_FEED_TOLERANCE_MS,
    },
  };
}
