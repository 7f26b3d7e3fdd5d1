import { isCoinSymbol, type PriceSnapshot, priceUnits } from '@ojo/domain/game/market/price';
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';

/**
 * A real market feed for the coin race (DESIGN.md section 8: "a real feed by configuration"; GAME_MARKET_FEED=
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

/** A `ticker` message of the Coinbase Exchange feed as a trade, or null when it is not one. */
export function parseTicker(message: unknown): (FeedTrade & { productId: string }) | null {
  if (!message || typeof message !== 'object') return null;
  const m = message as Record<string, unknown>;
  if (m.type !== 'ticker' || typeof m.product_id !== 'string' || typeof m.price !== 'string') return null;
  const symbol = productSymbol(m.product_id);
  const timeMs = typeof m.time === 'string' ? Date.parse(m.time) : Number.NaN;
  const tradeId = typeof m.trade_id === 'number' || typeof m.trade_id === 'string' ? String(m.trade_id) : '';
  if (!symbol || !Number.isSafeInteger(timeMs) || tradeId.length === 0 || tradeId.length > 128) return null;
  let price: bigint;
  try {
    price = priceUnits(m.price);
  } catch {
    return null;
  }
  return price > 0n ? { productId: m.product_id, symbol, price, timeMs, tradeId } : null;
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
  /** The WebSocket feed, wss://ws-feed.exchange.coinbase.com (or the stand-in's ws://.../coinbase/ws). */
  url: string;
  /** Products such as BTC-USD; one coin per product. */
  products: readonly string[];
  log: FastifyBaseLogger;
}

/** The Coinbase Exchange WebSocket feed (ticker channel), reconnecting with backoff when the connection drops. */
export function createCoinbaseFeed(options: CoinbaseFeedOptions): MarketFeed {
  const { url, log } = options;
  const products = options.products.filter((id) => productSymbol(id) !== null);
  const symbols = [...new Set(products.map((id) => productSymbol(id)!))];
  const book = new TradeBook();
  let socket: WebSocket | null = null;
  let closed = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  function connect(): void {
    if (closed) return;
    const ws = new WebSocket(url, { handshakeTimeout: 10_000, maxPayload: 1024 * 1024 });
    socket = ws;
    ws.on('open', () => {
      retryMs = 500;
      ws.send(JSON.stringify({ type: 'subscribe', product_ids: products, channels: ['ticker'] }));
    });
    ws.on('message', (data) => {
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        return;
      }
      const trade = parseTicker(message);
      if (trade) {
        const { productId: _product, ...kept } = trade;
        book.add(kept);
      } else if ((message as { type?: unknown })?.type === 'error')
        log.warn({ feed: url, message }, 'market feed refused the subscription');
    });
    ws.on('error', (error) => log.warn({ err: error, feed: url }, 'market feed connection error'));
    ws.on('close', () => {
      if (socket === ws) socket = null;
      if (closed) return;
      retryTimer = setTimeout(connect, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, 10_000);
    });
  }

  return {
    source: `coinbase-exchange ${new URL(url).host}`.slice(0, 64),
    symbols,
    latest: (symbol) => book.latest(symbol),
    tradeAtOrBefore: (symbol, atMs) => book.tradeAtOrBefore(symbol, atMs),
    start: () => {
      if (!socket && !closed) connect();
    },
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const ws = socket;
      socket = null;
      if (!ws || ws.readyState === ws.CLOSED) return;
      await new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.terminate();
      });
    },
  };
}
