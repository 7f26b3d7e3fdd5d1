import { MARKET_STEP_MS } from '@ojo/domain/game/market/model';
import { describe, expect, it } from 'vitest';
import { createSimulatedPrices } from '../../../src/modules/prices/simulated-prices';

const SEED = 'cd'.repeat(32);

describe('the simulated price source', () => {
  it('answers one quote per 250 ms step, the same the market gives, and a new one with the next step', () => {
    const start = Math.floor(Date.UTC(2026, 10, 24, 12) / MARKET_STEP_MS) * MARKET_STEP_MS;
    const prices = createSimulatedPrices({ seed: SEED, nowMs: start });
    const twin = createSimulatedPrices({ seed: SEED, nowMs: start });
    let changed = 0;
    for (let step = 1; step <= 40; step += 1) {
      const at = start + step * MARKET_STEP_MS;
      const first = prices.quote('ETH', at + 10);
      // Later in the same step: the same quote.
      expect(prices.quote('ETH', at + MARKET_STEP_MS - 1)).toEqual(first);
      // What a source that never quoted before says for that moment.
      expect(first).toEqual({ ...twin.market.tickerAt('ETH', at), stale: false });
      expect(first?.timestamp).toBe(at);
      if (first?.price !== prices.quote('ETH', at - MARKET_STEP_MS)?.price) changed += 1;
    }
    expect(changed).toBeGreaterThan(30);
    expect(prices.quote('NOPE', start + MARKET_STEP_MS)).toBeUndefined();
  });
});
