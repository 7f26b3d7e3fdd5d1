import type { MarketSimulator } from '@ojo/domain/game/market/simulator';

/** product.md 3 Token price (symbol, price, timestamp), and whether it is too old to count as current. */
export interface PriceQuote {
  symbol: string;
  /** USD per unit, a decimal string. */
  price: string;
  /** When the market set this price (ms since the epoch). */
  timestamp: number;
  stale: boolean;
}

/** Where prices come from: the seeded simulator or a real market feed (see prices/plugin.ts). */
export interface PriceSource {
  readonly name: string;
  /**
   * The simulated market behind the quotes, when the source is the simulator: the game's feed adds its rounds'
   * segments to this same instance, so the wallet's ETH price and the races move together.
   */
  readonly market?: MarketSimulator;
  /** The latest quote of `symbol` at `nowMs`, or undefined when the source has none (unknown symbol, no data yet). */
  quote(symbol: string, nowMs: number): PriceQuote | undefined;
  /** Whether the source prices `symbol` at all (an unknown symbol is a 404; a known one without data a 503). */
  knows(symbol: string): boolean;
  close(): Promise<void>;
}
