import { isCoinSymbol, type PriceSnapshot, priceUnits } from '@ojo/domain/game/market/price';
import type { CoinbaseTicker, CoinbaseTickerFeed } from '../../prices/coinbase-ticker';

/**
 * A real market feed for the coin race (ARCHITECTURE.md (The coin race): "a real feed by configuration"; GAME_MARKET_FEED=
 * coinbase). It speaks the Coinbase Exchange WebSocket feed: it subscribes to the `ticker` channel of the configured
 * products (one message per trade, with the exchange's own `trade_id` and `time`) and keeps each product's recent
 * trades. A round's snapshot at a time T quotes, per track, the exchange's last trade at or before T, with its time
 * and trade id, so anyone can check it against the exchange's public trade history. The stand-in at
 * apps/stand-ins/src/coinbase.ts speaks the same protocol; the real exchange is only a different URL.
 *
 * The stale rule (RULES.md, "Stale feed"): when a track has no trade within `toleranceMs` before a snapshot's time,
 * the feed is stale for that round and the round is voided and every bet refunded; never a silent loss.
 */
export interface FeedTrade {
  readonly symbol: string;
  /** Price units (12 decimals). */
  readonly price: bigint;
  readonly timeMs: number;
  readonly tradeId: string;
}

export interface MarketFeed {
  /** The source as a round's terms name it (exchange and host). */
  readonly source: string;
  /** The coin symbols the feed prices (a round draws its tracks from them). */
  readonly symbols: readonly string[];
  /** The last trade of a coin, if any came in. */
  latest(symbol: string): FeedTrade | undefined;
  /** The last trade of a coin at or before `atMs` that the feed still holds. */
  tradeAtOrBefore(symbol: string, atMs: number): FeedTrade | undefined;
  start(): void;
  close(): Promise<void>;
}

/** How long a feed keeps a coin's trades (a snapshot is taken about a second after its time). */
const HISTORY_MS = 120_000;

/** 'BTC-USD' -> 'BTC' (the coin a product prices in USD), or null for a product the race cannot show. */
export function productSymbol(productId: string): string | null {
  const [base, quote] = productId.split('-');
  return base && quote && isCoinSymbol(base) ? base : null;
}

/**
 * A ticker of the Coinbase Exchange feed as a race trade, or null when the race cannot use it (no trade id, a coin
 * it cannot show, a price that is not positive).
 */
export function tradeOf(ticker: CoinbaseTicker | null): FeedTrade | null {
  if (!ticker || ticker.tradeId === null) return null;
  const symbol = productSymbol(ticker.productId);
  if (!symbol || !Number.isSafeInteger(ticker.timeMs)) return null;
  let price: bigint;
  try {
    price = priceUnits(ticker.price);
  } catch {
    return null;
  }
  return price > 0n ? { symbol, price, timeMs: ticker.timeMs, tradeId: ticker.tradeId } : null;
}

/** Keeps each coin's recent trades, oldest first; what a snapshot reads. */
export class TradeBook {
  private readonly trades = new Map<string, FeedTrade[]>();

  add(trade: FeedTrade): void {
    const list = this.trades.get(trade.symbol) ?? [];
    const last = list[list.length - 1];
    if (last && (last.tradeId === trade.tradeId || trade.timeMs < last.timeMs)) return;
    list.push(trade);
    const cutoff = trade.timeMs - HISTORY_MS;
    while (list.length > 1 && list[0]!.timeMs < cutoff) list.shift();
    this.trades.set(trade.symbol, list);
  }

  latest(symbol: string): FeedTrade | undefined {
    const list = this.trades.get(symbol);
    return list?.[list.length - 1];
  }

  tradeAtOrBefore(symbol: string, atMs: number): FeedTrade | undefined {
    const list = this.trades.get(symbol) ?? [];
    for (let i = list.length - 1; i >= 0; i -= 1) if (list[i]!.timeMs <= atMs) return list[i];
    return undefined;
  }
}

/**
 * The snapshot of `tracks` at `atMs` from a feed: each track's last trade at or before `atMs`, or the reason the
 * feed is stale (a track without a trade in [atMs - toleranceMs, atMs]).
 */
export function feedSnapshot(
  feed: Pick<MarketFeed, 'tradeAtOrBefore'>,
  tracks: readonly string[],
  atMs: number,
  toleranceMs: number,
): { snapshot: PriceSnapshot } | { stale: string } {
  const quotes = [];
  for (const symbol of tracks) {
    const trade = feed.tradeAtOrBefore(symbol, atMs);
    if (!trade || trade.timeMs < atMs - toleranceMs)
      return { stale: `no ${symbol} trade in the ${toleranceMs} ms before ${new Date(atMs).toISOString()}` };
    quotes.push({
      symbol,
      price: trade.price.toString(),
      sourceTimeMs: trade.timeMs,
      tradeId: trade.tradeId,
    });
  }
  return { snapshot: { atMs, quotes } };
}

export interface CoinbaseFeedOptions {
  /** The API's connection to the Coinbase Exchange feed (`app.coinbaseFeeds`), shared with the price service. */
  feed: CoinbaseTickerFeed;
  /** Products such as BTC-USD; one coin per product. */
  products: readonly string[];
}

/** The race's trades from the Coinbase Exchange feed (ticker channel), followed from `start` until `close`. */
export function createCoinbaseFeed(options: CoinbaseFeedOptions): MarketFeed {
  const products = options.products.filter((id) => productSymbol(id) !== null);
  const symbols = [...new Set(products.map((id) => productSymbol(id)!))];
  const book = new TradeBook();
  let unfollow: (() => void) | undefined;
  let closed = false;

  return {
    source: `coinbase-exchange ${new URL(options.feed.url).host}`.slice(0, 64),
    symbols,
    latest: (symbol) => book.latest(symbol),
    tradeAtOrBefore: (symbol, atMs) => book.tradeAtOrBefore(symbol, atMs),
    start: () => {
      if (unfollow || closed) return;
      unfollow = options.feed.follow(products, (ticker) => {
        const trade = tradeOf(ticker);
        if (trade) book.add(trade);
      });
    },
    close: async () => {
      closed = true;
      unfollow?.();
      unfollow = undefined;
    },
  };
}
