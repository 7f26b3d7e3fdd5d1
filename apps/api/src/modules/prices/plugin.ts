import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { createCoinbasePrices } from './coinbase-prices';
import type { PriceSource } from './price-source';
import { createSimulatedPrices } from './simulated-prices';

declare module 'fastify' {
  interface FastifyInstance {
    /** The price service (spec 3 Token price): the seeded simulator, or a real market feed by configuration. */
    prices: PriceSource;
  }
}

async function pricesPlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const settings = options.config.prices;
  const source =
    settings.source === 'coinbase'
      ? createCoinbasePrices(
          {
            url: settings.coinbaseWsUrl,
            symbols: settings.symbols,
            staleAfterMs: settings.staleAfterMs,
            log: app.log.child({ part: 'prices' }),
          },
          app.now,
        )
      : createSimulatedPrices({ seed: settings.simulatorSeed, nowMs: app.now() });
  app.decorate('prices', source);
  app.addHook('onClose', async () => source.close());
}

export default fp(pricesPlugin, { name: 'prices' });
