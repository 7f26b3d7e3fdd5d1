import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { createCoinbasePrices } from './coinbase-prices';
import { createCoinbaseTickerFeeds } from './coinbase-ticker';
import type { PriceSource } from './price-source';
import { createSimulatedPrices } from './simulated-prices';

declare module 'fastify' {
  interface FastifyInstance {
    /** The price service (product.md 3 Token price): the seeded simulator, or a real market feed by configuration. */
    prices: PriceSource;
    /**
     * The node's Coinbase Exchange feeds, one connection per URL shared by every reader (the prices here, the race
     * with GAME_MARKET_FEED=coinbase), closed with the app.
     */
    coinbaseFeeds: ReturnType<typeof createCoinbaseTickerFeeds>;
  }
}

async function pricesPlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const settings = options.config.prices;
  const feeds = createCoinbaseTickerFeeds(app.log.child({ part: 'market-feed' }));
  app.decorate('coinbaseFeeds', feeds);
  const source =
    settings.source === 'coinbase'
      ? createCoinbasePrices(
          {
            feed: feeds.at(settings.coinbaseWsUrl),
            symbols: settings.symbols,
            staleAfterMs: settings.staleAfterMs,
          },
          app.now,
        )
      : createSimulatedPrices({ seed: settings.simulatorSeed, nowMs: app.now() });
  app.decorate('prices', source);
  app.addHook('onClose', async () => {
    await source.close();
    await feeds.close();
  });
}

export default fp(pricesPlugin, { name: 'prices' });
