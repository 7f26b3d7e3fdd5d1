import WebSocket from 'ws';
import { z } from 'zod';

/**
 * Coinbase Exchange's public WebSocket feed, `ticker` channel, as one connection per URL that every part of the API
 * shares: the price service's ETH quote and the race's coins (GAME_MARKET_FEED=coinbase) follow their products on
 * it, so an API node opens one connection to the exchange rather than one per reader. After
 * `{"type":"subscribe","product_ids":[...],"channels":["ticker"]}` the exchange answers `subscriptions`, then one
 * `ticker` message per trade with `product_id`, `price`, `time` and `trade_id`. The local stand-in
 * (apps/stand-ins/src/coinbase.ts) speaks the same protocol; the real exchange is only another URL.
 */

/** One trade of a product, as a `ticker` message states it. */
export interface CoinbaseTicker {
  /** The product, such as `ETH-USD`. */
  productId: string;
  /** The trade's price in the quote currency, the exchange's plain decimal. */
  price: string;
  /** The trade's market time, ms since the epoch. */
  timeMs: number;
  /** The exchange's trade id, or null when the message carries none. */
  tradeId: string | null;
}

const tickerMessage = z.object({
  type: z.literal('ticker'),
  product_id: z.string().min(1).max(32),
  price: z.string().regex(/^\d{1,30}(\.\d{1,30})?$/),
  time: z.iso.datetime({ offset: true }),
  trade_id: z.union([z.number(), z.string()]).optional(),
});
const errorMessage = z.object({ type: z.literal('error'), message: z.string() });

/** A `ticker` message as a `CoinbaseTicker`, or null for anything else (heartbeats, errors, junk). */
export function parseCoinbaseTicker(message: unknown): CoinbaseTicker | null {
  const ticker = tickerMessage.safeParse(message);
  if (!ticker.success) return null;
  const { product_id: productId, price, time, trade_id: id } = ticker.data;
  const tradeId = id === undefined ? null : String(id);
  return {
    productId,
    price,
    timeMs: Date.parse(time),
    tradeId: tradeId && tradeId.length > 0 && tradeId.length <= 128 ? tradeId : null,
  };
}

/** The first wait before reconnecting; it doubles after every failed attempt up to `RECONNECT_MAX_MS`. */
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

interface TickerLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface CoinbaseTickerFeed {
  /** The feed's WebSocket URL. */
  readonly url: string;
  /**
   * Calls `listener` with every ticker of `products` from now on. The first follower opens the connection; a later
   * one subscribes the products not yet subscribed on it. Returns the unfollow: the listener is called no more (its
   * products stay subscribed until the next connection, which subscribes only what is still followed).
   */
  follow(products: readonly string[], listener: (ticker: CoinbaseTicker) => void): () => void;
  /** Ends the connection and stops reconnecting; followers get no more tickers. */
  close(): Promise<void>;
}

/**
 * One connection to the feed at `url`, opened at the first `follow` and reconnected with back-off (0.5 s doubling to
 * 10 s, back to 0.5 s once the feed answers) while anyone follows it. A subscription the feed refuses is logged.
 */
export function createCoinbaseTickerFeed(options: { url: string; log: TickerLog }): CoinbaseTickerFeed {
  const { url, log } = options;
  const followers = new Set<{ products: ReadonlySet<string>; listener: (ticker: CoinbaseTicker) => void }>();
  let socket: WebSocket | undefined;
  /** Products subscribed on the open connection. */
  let subscribed = new Set<string>();
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const followed = () => new Set([...followers].flatMap((follower) => [...follower.products]));

  const subscribe = (current: WebSocket, products: string[]) => {
    if (products.length === 0 || current.readyState !== WebSocket.OPEN) return;
    for (const product of products) subscribed.add(product);
    current.send(JSON.stringify({ type: 'subscribe', product_ids: products, channels: ['ticker'] }));
  };

  const onMessage = (raw: WebSocket.RawData) => {
    let json: unknown;
    try {
      json = JSON.parse(raw.toString());
    } catch {
      return;
    }
    const ticker = parseCoinbaseTicker(json);
    if (ticker) {
      retryMs = RECONNECT_MIN_MS;
      for (const follower of followers)
        if (follower.products.has(ticker.productId)) follower.listener(ticker);
      return;
    }
    if ((json as { type?: unknown })?.type === 'subscriptions') {
      retryMs = RECONNECT_MIN_MS;
      return;
    }
    const error = errorMessage.safeParse(json);
    if (error.success) log.warn({ url, message: error.data.message }, 'market feed refused the subscription');
  };

  const connect = () => {
    if (closed || socket || followers.size === 0) return;
    const current = new WebSocket(url, { handshakeTimeout: 10_000, maxPayload: 1024 * 1024 });
    socket = current;
    subscribed = new Set();
    current.on('open', () => {
      const products = [...followed()];
      subscribe(current, products);
      log.info({ url, products }, 'market feed connected');
    });
    current.on('message', onMessage);
    current.on('error', (error) => log.warn({ err: error, url }, 'market feed connection error'));
    current.on('close', () => {
      if (socket === current) socket = undefined;
      if (closed || followers.size === 0) return;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        connect();
      }, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
    });
  };

  return {
    url,
    follow(products, listener) {
      const follower = { products: new Set(products), listener };
      followers.add(follower);
      if (socket)
        subscribe(
          socket,
          products.filter((product) => !subscribed.has(product)),
        );
      // With a reconnect pending, the new follower's products are subscribed when it connects.
      else if (!retryTimer) connect();
      return () => {
        followers.delete(follower);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = socket;
      socket = undefined;
      if (!current || current.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        current.once('close', () => resolve());
        current.terminate();
      });
    },
  };
}

/**
 * The API's Coinbase feeds, one per URL, each opened when first followed; `close` ends them all (the app's onClose).
 */
export function createCoinbaseTickerFeeds(log: TickerLog) {
  const feeds = new Map<string, CoinbaseTickerFeed>();
  return {
    at(url: string): CoinbaseTickerFeed {
      let feed = feeds.get(url);
      if (!feed) {
        feed = createCoinbaseTickerFeed({ url, log });
        feeds.set(url, feed);
      }
      return feed;
    },
    async close() {
      await Promise.all([...feeds.values()].map((feed) => feed.close()));
      feeds.clear();
    },
  };
}
