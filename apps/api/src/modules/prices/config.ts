import { z } from 'zod';

const seed = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits')
  .optional()
  .or(z.literal('').transform(() => undefined));

/**
 * The price service's variables: where prices come from (ARCHITECTURE.md (The coin race): a seeded market simulator by default, a real
 * market feed by configuration) and when a price counts as stale.
 */
export const pricesEnv = {
  PRICE_SOURCE: z
    .enum(['simulator', 'coinbase'])
    .default('simulator')
    .describe(
      "token prices: simulator (the race's seeded market) or coinbase (the Coinbase Exchange WebSocket ticker)",
    ),
  /** The simulator's seed (64 hex digits); unset: a random seed per start. */
  PRICE_SIMULATOR_SEED: seed.describe('64 hex digits seeding the simulated market; unset: random per start'),
  /** Coinbase Exchange's WebSocket feed (the `ticker` channel). */
  PRICE_COINBASE_WS_URL: z
    .url({ protocol: /^wss?$/ })
    .default('wss://ws-feed.exchange.coinbase.com')
    .describe(
      'the Coinbase Exchange WebSocket feed (one connection per node, shared with the race when it is also GAME_MARKET_FEED_URL)',
    ),
  /** Symbols the real feed follows, as `<symbol>-USD` products. */
  PRICE_SYMBOLS: z
    .string()
    .default('ETH')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim().toUpperCase())
        .filter(Boolean),
    )
    .describe('symbols followed as <symbol>-USD, comma separated'),
  /** A price older than this is reported as stale, never as current. */
  PRICE_STALE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(3_600_000)
    .default(60_000)
    .describe('a price older than this is answered stale: true and gives no USD values'),
};

export interface PricesConfig {
  source: 'simulator' | 'coinbase';
  simulatorSeed: string | undefined;
  coinbaseWsUrl: string;
  symbols: string[];
  staleAfterMs: number;
}

export function toPricesConfig(values: {
  PRICE_SOURCE: 'simulator' | 'coinbase';
  PRICE_SIMULATOR_SEED?: string | undefined;
  PRICE_COINBASE_WS_URL: string;
  PRICE_SYMBOLS: string[];
  PRICE_STALE_AFTER_MS: number;
}): PricesConfig {
  return {
    source: values.PRICE_SOURCE,
    simulatorSeed: values.PRICE_SIMULATOR_SEED,
    coinbaseWsUrl: values.PRICE_COINBASE_WS_URL,
    symbols: values.PRICE_SYMBOLS,
    staleAfterMs: values.PRICE_STALE_AFTER_MS,
  };
}
