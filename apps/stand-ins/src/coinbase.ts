import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { sendJson } from './http';

/**
 * A stand-in for the Coinbase Exchange public market data (never production), speaking its real protocol so the
 * API's market-feed adapter talks to it exactly as to the exchange (switching is GAME_MARKET_FEED_URL):
 * - WebSocket feed (the exchange's wss://ws-feed.exchange.coinbase.com, here ws://<stand-ins>/coinbase/ws): the
 *   client sends {"type":"subscribe","product_ids":[...],"channels":["ticker"]}, gets {"type":"subscriptions",...},
 *   the latest ticker of each product at once and then one `ticker` message per trade (price, trade_id, time, ...).
 * - REST GET /coinbase/products/{product_id}/ticker (the exchange's https://api.exchange.coinbase.com/products/
 *   {product_id}/ticker): the last trade, best bid and ask and the 24 h volume.
 * Trades come from a random walk every `tradeEveryMs` (0: only the trades a test makes with `trade`); `pause`
 * stops a product's trades (a stale feed) until `resume`.
 */
export interface CoinbaseTrade {
  productId: string;
  tradeId: number;
  /** Decimal string with at most 8 decimals, as the exchange writes it. */
  price: string;
  size: string;
  side: 'buy' | 'sell';
  timeMs: number;
  sequence: number;
}

/** The products the stand-in trades and their opening prices (USD). */
export const STAND_IN_PRODUCTS: Readonly<Record<string, number>> = {
  'BTC-USD': 97_000,
  'ETH-USD': 3500,
  'SOL-USD': 180,
  'XRP-USD': 2.4,
  'DOGE-USD': 0.32,
  'ADA-USD': 0.9,
  'AVAX-USD': 35,
  'LINK-USD': 20,
  'DOT-USD': 6.5,
  'LTC-USD': 105,
};

const formatPrice = (value: number) => value.toFixed(value >= 1 ? 2 : 6);

export class CoinbaseStandIn {
  readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly last = new Map<string, CoinbaseTrade>();
  private readonly subscribers = new Map<WebSocket, Set<string>>();
  private readonly paused = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private tradeId = 100_000_000;
  private sequence = 1_000_000;

  constructor(
    private readonly options: { tradeEveryMs: number; now?: () => number } = { tradeEveryMs: 250 },
  ) {
    const now = this.now();
    for (const [productId, price] of Object.entries(STAND_IN_PRODUCTS))
      this.record(productId, formatPrice(price), now);
    if (options.tradeEveryMs > 0) {
      this.timer = setInterval(() => this.walk(), options.tradeEveryMs);
      this.timer.unref();
    }
    this.wss.on('connection', (socket) => this.connected(socket));
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get products(): string[] {
    return [...this.last.keys()];
  }

  latest(productId: string): CoinbaseTrade | undefined {
    return this.last.get(productId);
  }

  /** Stops a product's trades (every product without an argument): its feed goes stale. */
  pause(productId?: string): void {
    for (const id of productId ? [productId] : this.products) this.paused.add(id);
  }

  resume(productId?: string): void {
    if (productId) this.paused.delete(productId);
    else this.paused.clear();
  }

  /** Makes a trade (a test's, or the random walk's) and sends its ticker to the product's subscribers. */
  trade(productId: string, price: string, timeMs = this.now()): CoinbaseTrade {
    const trade = this.record(productId, price, timeMs);
    const message = JSON.stringify(this.tickerMessage(trade));
    for (const [socket, products] of this.subscribers)
      if (products.has(productId) && socket.readyState === socket.OPEN) socket.send(message);
    return trade;
  }

  private record(productId: string, price: string, timeMs: number): CoinbaseTrade {
    this.tradeId += 1;
    this.sequence += 1;
    const trade: CoinbaseTrade = {
      productId,
      tradeId: this.tradeId,
      price,
      size: '0.01000000',
      side: this.tradeId % 2 === 0 ? 'buy' : 'sell',
      timeMs,
      sequence: this.sequence,
    };
    this.last.set(productId, trade);
    return trade;
  }

  private walk(): void {
    const now = this.now();
    for (const [productId, trade] of this.last) {
      if (this.paused.has(productId)) continue;
      const price = Number(trade.price) * (1 + (Math.random() - 0.5) * 0.002);
      this.trade(productId, formatPrice(Math.max(price, 0.000001)), now);
    }
  }

  private tickerMessage(trade: CoinbaseTrade) {
    const price = Number(trade.price);
    return {
      type: 'ticker',
      sequence: trade.sequence,
      product_id: trade.productId,
      price: trade.price,
      open_24h: trade.price,
      volume_24h: '1000.00000000',
      low_24h: formatPrice(price * 0.97),
      high_24h: formatPrice(price * 1.03),
      volume_30d: '30000.00000000',
      best_bid: formatPrice(price * 0.9999),
      best_bid_size: '1.00000000',
      best_ask: formatPrice(price * 1.0001),
      best_ask_size: '1.00000000',
      side: trade.side,
      time: new Date(trade.timeMs).toISOString().replace('Z', '000Z'),
      trade_id: trade.tradeId,
      last_size: trade.size,
    };
  }

  private connected(socket: WebSocket): void {
    this.subscribers.set(socket, new Set());
    socket.on('close', () => this.subscribers.delete(socket));
    socket.on('message', (data) => {
      let request: { type?: unknown; product_ids?: unknown; channels?: unknown };
      try {
        request = JSON.parse(String(data));
      } catch {
        socket.send(JSON.stringify({ type: 'error', message: 'Malformed JSON' }));
        return;
      }
      if (request.type !== 'subscribe' && request.type !== 'unsubscribe') {
        socket.send(JSON.stringify({ type: 'error', message: 'Failed to subscribe', reason: 'type' }));
        return;
      }
      const channels = Array.isArray(request.channels) ? request.channels : [];
      const products = new Set<string>(Array.isArray(request.product_ids) ? request.product_ids : []);
      let ticker = false;
      for (const channel of channels) {
        if (channel === 'ticker') ticker = true;
        else if (
          channel &&
          typeof channel === 'object' &&
          (channel as { name?: unknown }).name === 'ticker'
        ) {
          ticker = true;
          for (const id of ((channel as { product_ids?: unknown }).product_ids as string[] | undefined) ?? [])
            products.add(id);
        }
      }
      const unknown = [...products].filter((id) => !this.last.has(id));
      if (!ticker || unknown.length > 0 || products.size === 0) {
        socket.send(
          JSON.stringify({
            type: 'error',
            message: 'Failed to subscribe',
            reason: unknown.length > 0 ? `${unknown[0]} is not a valid product` : 'ticker channel required',
          }),
        );
        return;
      }
      const mine = this.subscribers.get(socket)!;
      for (const id of products) {
        if (request.type === 'subscribe') mine.add(id);
        else mine.delete(id);
      }
      socket.send(
        JSON.stringify({ type: 'subscriptions', channels: [{ name: 'ticker', product_ids: [...mine] }] }),
      );
      if (request.type === 'subscribe')
        for (const id of products) socket.send(JSON.stringify(this.tickerMessage(this.last.get(id)!)));
    });
  }

  /** The WebSocket feed's upgrade at /coinbase/ws. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const path = new URL(request.url ?? '/', 'http://stand-ins').pathname;
    if (path !== '/coinbase/ws') return false;
    this.wss.handleUpgrade(request, socket, head, (client) => this.wss.emit('connection', client, request));
    return true;
  }

  /** REST: GET /coinbase/products/{product_id}/ticker. */
  async handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
    const match = /^\/coinbase\/products\/([A-Za-z0-9-]{3,32})\/ticker$/.exec(url.pathname);
    if (!match || request.method !== 'GET') return false;
    const trade = this.last.get(match[1]!.toUpperCase());
    if (!trade) {
      sendJson(response, 404, { message: 'NotFound' });
      return true;
    }
    const ticker = this.tickerMessage(trade);
    sendJson(response, 200, {
      ask: ticker.best_ask,
      bid: ticker.best_bid,
      volume: ticker.volume_24h,
      trade_id: trade.tradeId,
      price: trade.price,
      size: trade.size,
      time: ticker.time,
      rfq_volume: '0',
    });
    return true;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    for (const socket of this.subscribers.keys()) socket.terminate();
    this.wss.close();
  }
}
