import WebSocket from 'ws';
import { z } from 'zod';
import type { PriceQuote, PriceSource } from './price-source';

/**
 * Coinbase Exchange's public WebSocket feed, `ticker` channel: after `{"type":"subscribe","product_ids":[...],
 * "channels":["ticker"]}` it answers `subscriptions`, then one `ticker` message per trade with `product_id`,
 * `price` and `time`. Only those fields are read; anything else (heartbeats, errors) is ignored or logged.
 */
const tickerMessage = z.object({
  type: z.literal('ticker'),
  product_id: z.string(),
  price: z.string().regex(/^\d+(\.\d+)?$/),
  time: z.iso.datetime({ offset: true }),
});
const errorMessage = z.object({ type: z.literal('error'), message: z.string() });

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export interface CoinbaseOptions {
  url: string;
  /** Symbols followed as `<symbol>-USD` products. */
  symbols: readonly string[];
  staleAfterMs: number;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
}

/**
 * Follows the feed, reconnecting with back-off. A quote older than `staleAfterMs` (by its market time, or by when
 * it arrived, whichever is older) is answered as stale: a dropped connection never passes an old price off as
 * current.
 */
export function createCoinbasePrices(options: CoinbaseOptions, now: () => number = Date.now) {
  const latest = new Map<string, { price: string; timestamp: number; receivedAt: number }>();
  const products = options.symbols.map((symbol) => `${symbol}-USD`);
  let socket: WebSocket | undefined;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const onMessage = (raw: WebSocket.RawData) => {
    let json: unknown;
    try {
      json = JSON.parse(raw.toString());
    } catch {
      return;
    }
    const ticker = tickerMessage.safeParse(json);
    if (ticker.success) {
      const symbol = ticker.data.product_id.replace(/-USD$/, '');
      latest.set(symbol, {
        price: ticker.data.price,
        timestamp: Date.parse(ticker.data.time),
        receivedAt: now(),
      });
      retryMs = RECONNECT_MIN_MS;
      return;
    }
    const error = errorMessage.safeParse(json);
    if (error.success)
      options.log.warn({ message: error.data.message }, 'price feed refused the subscription');
  };

  const connect = () => {
    if (closed) return;
    const current = new WebSocket(options.url);
    socket = current;
    current.on('open', () => {
      current.send(JSON.stringify({ type: 'subscribe', product_ids: products, channels: ['ticker'] }));
      options.log.info({ url: options.url, products }, 'price feed connected');
    });
    current.on('message', onMessage);
    current.on('error', (error) => options.log.warn({ err: error }, 'price feed error'));
    current.on('close', () => {
      if (closed) return;
      retryTimer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
    });
  };
  connect();

  const source: PriceSource = {
    name: 'coinbase',
    quote(symbol, nowMs): PriceQuote | undefined {
      const last = latest.get(symbol);
      if (!last) return undefined;
      const age = nowMs - Math.min(last.timestamp, last.receivedAt);
      return { symbol, price: last.price, timestamp: last.timestamp, stale: age > options.staleAfterMs };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      socket?.terminate();
    },
  };
  return source;
}
