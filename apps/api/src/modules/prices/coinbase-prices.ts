import type { CoinbaseTickerFeed } from './coinbase-ticker';
import type { PriceQuote, PriceSource } from './price-source';

export interface CoinbaseOptions {
  /** The Coinbase Exchange feed the API shares (`app.coinbaseFeeds`). */
  feed: CoinbaseTickerFeed;
  /** Symbols followed as `<symbol>-USD` products. */
  symbols: readonly string[];
  staleAfterMs: number;
}

/**
 * The price service on Coinbase Exchange's ticker channel: each symbol's latest trade price. A quote older than
 * `staleAfterMs` (by its market time, or by when it arrived, whichever is older) is answered as stale: a dropped
 * connection never passes an old price off as current.
 */
export function createCoinbasePrices(options: CoinbaseOptions, now: () => number = Date.now): PriceSource {
  const latest = new Map<string, { price: string; timestamp: number; receivedAt: number }>();
  const symbolOf = new Map(options.symbols.map((symbol) => [`${symbol}-USD`, symbol]));
  const unfollow = options.feed.follow([...symbolOf.keys()], (ticker) => {
    const symbol = symbolOf.get(ticker.productId);
    if (symbol) latest.set(symbol, { price: ticker.price, timestamp: ticker.timeMs, receivedAt: now() });
  });

  return {
    name: 'coinbase',
    quote(symbol, nowMs): PriceQuote | undefined {
      const last = latest.get(symbol);
      if (!last) return undefined;
      const age = nowMs - Math.min(last.timestamp, last.receivedAt);
      return { symbol, price: last.price, timestamp: last.timestamp, stale: age > options.staleAfterMs };
    },
    knows(symbol) {
      return symbolOf.has(`${symbol}-USD`);
    },
    async close() {
      unfollow();
    },
  };
}
