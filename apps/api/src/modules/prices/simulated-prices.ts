import { randomBytes } from 'node:crypto';
import { DEFAULT_MARKET_COINS } from '@ojo/domain/game/market/coins';
import { stepAt } from '@ojo/domain/game/market/model';
import { MarketSimulator } from '@ojo/domain/game/market/simulator';
import type { PriceSource } from './price-source';

/**
 * Steps between rebases (a day): the simulator forgets what is older, so a long-running API stays small (it keeps
 * sparse checkpoints, not every step). A rebase forgets everything before the moment asked, so the window is wide
 * enough that moments hours apart stay readable together: a quote's age, a look hours ahead and back.
 */
const REBASE_EVERY_STEPS = 24 * 60 * 60 * 4;

/**
 * Prices from the game's seeded market simulator (packages/domain game/market): the wallet's ETH/USD ticker and the
 * game's feed read one `MarketSimulator`, so the wallet shows the ETH price the races run on. A simulated price is
 * computed for the moment asked, so it is never stale.
 */
export function createSimulatedPrices(options: { seed: string | undefined; nowMs: number }) {
  const anchorStep = stepAt(options.nowMs);
  const market = new MarketSimulator({ coins: DEFAULT_MARKET_COINS, anchorStep });
  market.addSegment({ fromStep: anchorStep + 1, seed: options.seed ?? randomBytes(32).toString('hex') });
  let lastRebase = anchorStep;

  const source: PriceSource & { market: MarketSimulator } = {
    name: 'simulator',
    market,
    quote(symbol, nowMs) {
      if (!market.coins.some((coin) => coin.symbol === symbol)) return undefined;
      const step = stepAt(nowMs);
      if (step < lastRebase) return undefined;
      if (step - lastRebase > REBASE_EVERY_STEPS) {
        market.rebase(step - 1);
        lastRebase = step - 1;
      }
      return { ...market.tickerAt(symbol, nowMs), stale: false };
    },
    knows(symbol) {
      return market.coins.some((coin) => coin.symbol === symbol);
    },
    async close() {},
  };
  return source;
}
