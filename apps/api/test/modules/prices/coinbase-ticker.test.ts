import { describeWithDatabases } from '@ojo/db/testing';
import { priceUnits } from '@ojo/domain/game/market/price';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoinbaseTicker,
  type CoinbaseTickerFeed,
  createCoinbaseTickerFeed,
  parseCoinbaseTicker,
} from '../../../src/modules/prices/coinbase-ticker';
import { buildTestApp } from '../../helpers';
import { type CoinbaseReplay, startCoinbaseReplay } from '../../support/coinbase-replay';
import { saasHeaders } from '../../support/identity';

const silentLog = { warn() {}, info() {} };
const subscribeOf = (products: string[]) => ({
  type: 'subscribe',
  product_ids: products,
  channels: ['ticker'],
});

describe('one Coinbase Exchange connection shared by its followers', () => {
  let replay: CoinbaseReplay;
  let feed: CoinbaseTickerFeed | undefined;
  beforeAll(async () => {
    replay = await startCoinbaseReplay();
  });
  afterEach(async () => {
    await feed?.close();
    feed = undefined;
    replay.subscriptions.length = 0;
  });
  afterAll(async () => {
    await replay.close();
  });

  it('opens at the first follower, subscribes a later one’s new products on the same connection, and hands each follower only its products', async () => {
    feed = createCoinbaseTickerFeed({ url: replay.url, log: silentLog });
    expect(replay.connections).toBe(0);
    const eth: CoinbaseTicker[] = [];
    const btc: CoinbaseTicker[] = [];
    feed.follow(['ETH-USD'], (ticker) => eth.push(ticker));
    await expect.poll(() => eth.at(-1)?.price, { timeout: 5_000 }).toBe('3411.99');
    feed.follow(['ETH-USD', 'BTC-USD'], (ticker) => btc.push(ticker));
    await expect.poll(() => replay.subscriptions.length, { timeout: 5_000 }).toBe(2);
    expect(replay.subscriptions).toEqual([subscribeOf(['ETH-USD']), subscribeOf(['BTC-USD'])]);
    expect(replay.connections).toBe(1);

    const time = new Date();
    replay.sendTicker('BTC-USD', '97000.5', time);
    await expect.poll(() => btc.at(-1)?.price, { timeout: 5_000 }).toBe('97000.5');
    expect(btc.at(-1)).toMatchObject({ productId: 'BTC-USD', timeMs: time.getTime() });
    expect(eth.some((ticker) => ticker.productId !== 'ETH-USD')).toBe(false);
  });

  it('after a drop it reconnects and subscribes what is still followed, in one message; an unfollowed listener hears nothing more', async () => {
    feed = createCoinbaseTickerFeed({ url: replay.url, log: silentLog });
    const kept: CoinbaseTicker[] = [];
    const left: CoinbaseTicker[] = [];
    feed.follow(['ETH-USD'], (ticker) => kept.push(ticker));
    const unfollow = feed.follow(['SOL-USD'], (ticker) => left.push(ticker));
    await expect.poll(() => kept.length, { timeout: 5_000 }).toBeGreaterThan(0);
    unfollow();
    replay.subscriptions.length = 0;
    replay.dropConnections();
    await expect.poll(() => replay.subscriptions, { timeout: 5_000 }).toEqual([subscribeOf(['ETH-USD'])]);
    expect(replay.connections).toBe(1);
    replay.sendTicker('SOL-USD', '150.25', new Date());
    replay.sendTicker('ETH-USD', '3500.01', new Date());
    await expect.poll(() => kept.at(-1)?.price, { timeout: 5_000 }).toBe('3500.01');
    expect(left).toEqual([]);
  });

  it('closes for good: no reconnect, and a follow after it opens nothing', async () => {
    feed = createCoinbaseTickerFeed({ url: replay.url, log: silentLog });
    feed.follow(['ETH-USD'], () => {});
    await expect.poll(() => replay.connections, { timeout: 5_000 }).toBe(1);
    await feed.close();
    await expect.poll(() => replay.connections, { timeout: 5_000 }).toBe(0);
    feed.follow(['BTC-USD'], () => {});
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(replay.connections).toBe(0);
  });

  it('reads a ticker message and nothing else', () => {
    const message = {
      type: 'ticker',
      product_id: 'ETH-USD',
      price: '3411.99',
      time: '2026-11-22T20:31:06.480263Z',
      trade_id: 626813404,
    };
    expect(parseCoinbaseTicker(message)).toEqual({
      productId: 'ETH-USD',
      price: '3411.99',
      timeMs: Date.parse('2026-11-22T20:31:06.480Z'),
      tradeId: '626813404',
    });
    expect(parseCoinbaseTicker({ ...message, trade_id: undefined })?.tradeId).toBeNull();
    expect(parseCoinbaseTicker({ ...message, price: '1e9' })).toBeNull();
    expect(parseCoinbaseTicker({ ...message, price: '-3' })).toBeNull();
    expect(parseCoinbaseTicker({ ...message, time: '20:31' })).toBeNull();
    expect(parseCoinbaseTicker({ ...message, type: 'heartbeat' })).toBeNull();
    expect(parseCoinbaseTicker(null)).toBeNull();
  });
});

describeWithDatabases('an API node on Coinbase for its prices and its race', ({ database }) => {
  let replay: CoinbaseReplay;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let closed = false;
  beforeAll(async () => {
    replay = await startCoinbaseReplay();
    ({ app } = await buildTestApp(database(), {
      PRICE_SOURCE: 'coinbase',
      PRICE_COINBASE_WS_URL: replay.url,
      GAME_MARKET_FEED: 'coinbase',
      GAME_MARKET_FEED_URL: replay.url,
      GAME_MARKET_FEED_PRODUCTS: 'BTC-USD,ETH-USD,SOL-USD,XRP-USD,DOGE-USD',
    }));
  });
  afterAll(async () => {
    if (!closed) await app?.close();
    await replay?.close();
  });

  it('opens one connection for both, and each reads its trades from it', async () => {
    app.game.feed!.start();
    const subscribed = () =>
      replay.subscriptions.flatMap((message) => (message as { product_ids: string[] }).product_ids);
    await expect.poll(() => subscribed().length, { timeout: 5_000 }).toBe(5);
    // Each product once, whoever asked first, on the one connection.
    expect(new Set(subscribed())).toEqual(new Set(['ETH-USD', 'BTC-USD', 'SOL-USD', 'XRP-USD', 'DOGE-USD']));
    expect(replay.connections).toBe(1);

    replay.sendTicker('ETH-USD', '3455.5', new Date());
    const ticker = async () =>
      (await app.inject({ method: 'GET', url: '/token/tickers/ETH', headers: saasHeaders })).json().data;
    await expect.poll(async () => (await ticker())?.price, { timeout: 5_000 }).toBe('3455.5');
    await expect
      .poll(() => app.game.feed!.latest('ETH')?.price, { timeout: 5_000 })
      .toBe(priceUnits('3455.5'));

    await app.close();
    closed = true;
    await expect.poll(() => replay.connections, { timeout: 5_000 }).toBe(0);
  });
});
