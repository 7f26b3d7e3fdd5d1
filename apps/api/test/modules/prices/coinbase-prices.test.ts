import { describeWithDatabases } from '@ojo/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCoinbasePrices } from '../../../src/modules/prices/coinbase-prices';
import {
  type CoinbaseTickerFeed,
  createCoinbaseTickerFeed,
} from '../../../src/modules/prices/coinbase-ticker';
import { buildTestApp } from '../../helpers';
import { type CoinbaseReplay, startCoinbaseReplay } from '../../support/coinbase-replay';
import { saasHeaders } from '../../support/identity';

const silentLog = { warn() {}, info() {} };

describe('Coinbase Exchange ticker adapter against a local replay of the feed', () => {
  let replay: CoinbaseReplay;
  const feeds: CoinbaseTickerFeed[] = [];
  /** A connection of this test's own, closed after it. */
  const feedAt = (url: string) => {
    const feed = createCoinbaseTickerFeed({ url, log: silentLog });
    feeds.push(feed);
    return feed;
  };
  beforeAll(async () => {
    replay = await startCoinbaseReplay();
  });
  afterEach(async () => {
    await Promise.all(feeds.splice(0).map((feed) => feed.close()));
  });
  afterAll(async () => {
    await replay.close();
  });

  it('subscribes to the ticker channel, keeps the latest trade price, and calls it stale once it is old', async () => {
    const prices = createCoinbasePrices({ feed: feedAt(replay.url), symbols: ['ETH'], staleAfterMs: 60_000 });
    try {
      await expect.poll(() => prices.quote('ETH', Date.now())?.price, { timeout: 5_000 }).toBe('3411.99');
      expect(replay.subscriptions).toContainEqual({
        type: 'subscribe',
        product_ids: ['ETH-USD'],
        channels: ['ticker'],
      });
      const quote = prices.quote('ETH', Date.now());
      expect(quote?.stale).toBe(false);
      expect(Math.abs((quote?.timestamp ?? 0) - Date.now())).toBeLessThan(5_000);
      // A minute later with no new trade: the same price, reported as stale, with its own old timestamp.
      expect(prices.quote('ETH', Date.now() + 61_000)).toMatchObject({
        price: '3411.99',
        stale: true,
        timestamp: quote?.timestamp,
      });
      expect(prices.quote('BTC', Date.now())).toBeUndefined();
    } finally {
      await prices.close();
    }
  });

  it('reconnects after the connection drops and follows new trades', async () => {
    const prices = createCoinbasePrices({ feed: feedAt(replay.url), symbols: ['ETH'], staleAfterMs: 60_000 });
    try {
      await expect.poll(() => prices.quote('ETH', Date.now())?.price, { timeout: 5_000 }).toBe('3411.99');
      const subscribed = replay.subscriptions.length;
      replay.dropConnections();
      await expect.poll(() => replay.subscriptions.length, { timeout: 5_000 }).toBeGreaterThan(subscribed);
      replay.sendTicker('ETH-USD', '3500.01', new Date());
      await expect.poll(() => prices.quote('ETH', Date.now())?.price, { timeout: 5_000 }).toBe('3500.01');
    } finally {
      await prices.close();
    }
  });

  it('reports a price whose market time is old as stale even when it just arrived', async () => {
    const old = await startCoinbaseReplay({ shiftToNow: false });
    const prices = createCoinbasePrices({ feed: feedAt(old.url), symbols: ['ETH'], staleAfterMs: 60_000 });
    try {
      await expect.poll(() => prices.quote('ETH', Date.now())?.price, { timeout: 5_000 }).toBe('3411.99');
      expect(prices.quote('ETH', Date.now())?.stale).toBe(true);
    } finally {
      await prices.close();
      await old.close();
    }
  });
});

describeWithDatabases('GET /token/tickers/{symbol} from the Coinbase feed', ({ database }) => {
  let replay: CoinbaseReplay;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let now = Date.now();
  beforeAll(async () => {
    replay = await startCoinbaseReplay();
    ({ app } = await buildTestApp(
      database(),
      { PRICE_SOURCE: 'coinbase', PRICE_COINBASE_WS_URL: replay.url, PRICE_STALE_AFTER_MS: '30000' },
      { clock: () => now },
    ));
  });
  afterAll(async () => {
    await app?.close();
    await replay?.close();
  });

  it('answers the feed price, then the same price marked stale when the feed went quiet', async () => {
    const ticker = async () =>
      (await app.inject({ method: 'GET', url: '/token/tickers/eth', headers: saasHeaders })).json().data;
    await expect.poll(async () => (await ticker())?.price, { timeout: 5_000 }).toBe('3411.99');
    expect(await ticker()).toMatchObject({ symbol: 'ETH', stale: false });
    now += 31_000;
    expect(await ticker()).toMatchObject({ symbol: 'ETH', price: '3411.99', stale: true });
  });
});
