import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coinParams, DEFAULT_MARKET_COINS } from './coins';
import {
  advancePrices,
  coinParamsProblem,
  gaussianDraw,
  MARKET_STEP_MS,
  prepareCoins,
  stepAt,
  stepKey,
  stepTimeMs,
} from './model';
import { formatPriceUnits, isCoinSymbol, PRICE_DECIMALS, priceUnits } from './price';
import { MarketSimulator } from './simulator';

const SEED_A = 'a1'.repeat(32);
const SEED_B = 'b2'.repeat(32);
const SYMBOLS = DEFAULT_MARKET_COINS.map((coin) => coin.symbol);

function market(anchorStep = 1000): MarketSimulator {
  const sim = new MarketSimulator({ coins: DEFAULT_MARKET_COINS, anchorStep });
  sim.addSegment({ fromStep: anchorStep + 1, seed: SEED_A });
  return sim;
}

describe("issue: 'prices (4 updates per second)' from a seeded simulator", () => {
  it('steps every 250 ms', () => {
    expect(MARKET_STEP_MS * 4).toBe(1000);
    expect(stepAt(1_000_999)).toBe(4003);
    expect(stepTimeMs(4003)).toBe(1_000_750);
  });

  it('is deterministic: the same seed, anchor and segments give the same prices, another seed others', () => {
    const one = market().pricesAtStep(1400);
    expect(market().pricesAtStep(1400)).toEqual(one);
    const other = new MarketSimulator({ coins: DEFAULT_MARKET_COINS, anchorStep: 1000 });
    other.addSegment({ fromStep: 1001, seed: SEED_B });
    expect(other.pricesAtStep(1400)).not.toEqual(one);
  });

  it('the simulator and the bare model agree (what the verifier recomputes is what players saw)', () => {
    const sim = market();
    const coins = prepareCoins(DEFAULT_MARKET_COINS);
    const start = DEFAULT_MARKET_COINS.map((coin) => BigInt(coin.basePrice));
    const expected = advancePrices(coins, start, SEED_A, 1000, 1321);
    expect(SYMBOLS.map((symbol) => sim.pricesAtStep(1321)[symbol])).toEqual(expected);
    // Stepping a subset of coins gives the same prices for them: a round recomputes only its 5 tracks.
    const subset = [DEFAULT_MARKET_COINS[3]!, DEFAULT_MARKET_COINS[9]!];
    const alone = advancePrices(
      prepareCoins(subset),
      subset.map((coin) => BigInt(coin.basePrice)),
      SEED_A,
      1000,
      1321,
    );
    expect(alone).toEqual([expected[3], expected[9]]);
  });

  it('a later segment never changes an earlier price; a segment cannot rewrite what was computed', () => {
    const sim = market();
    const before = sim.pricesAtStep(1200);
    sim.addSegment({ fromStep: 1300, seed: SEED_B });
    expect(sim.pricesAtStep(1200)).toEqual(before);
    expect(sim.segmentAt(1299)?.seed).toBe(SEED_A);
    expect(sim.segmentAt(1300)?.seed).toBe(SEED_B);
    expect(sim.segmentAt(1000)).toBeUndefined();
    sim.pricesAtStep(1400);
    expect(sim.computedStep).toBe(1400);
    expect(() => sim.addSegment({ fromStep: 1400, seed: SEED_A })).toThrow('after computed step 1400');
    expect(() => sim.addSegment({ fromStep: 1500, seed: 'nope' })).toThrow('64 lowercase hex');
    const sim2 = market();
    sim2.addSegment({ fromStep: 1600, seed: SEED_B });
    expect(() => sim2.addSegment({ fromStep: 1500, seed: SEED_B })).toThrow('after the segment at step 1600');
  });

  it('answers earlier steps from its checkpoints, exactly as a fresh computation', () => {
    const sim = market();
    sim.pricesAtStep(3000);
    for (const step of [1000, 1001, 1239, 1240, 1241, 2999])
      expect(sim.pricesAtStep(step)).toEqual(market().pricesAtStep(step));
  });

  it('refuses steps before the anchor or without a seed, and forgets what a rebase drops', () => {
    const sim = market();
    expect(() => sim.pricesAtStep(999)).toThrow('before the anchor');
    const unseeded = new MarketSimulator({ coins: DEFAULT_MARKET_COINS, anchorStep: 10 });
    expect(() => unseeded.pricesAtStep(11)).toThrow('no seed covers step 11');
    expect(unseeded.pricesAtStep(10).ETH).toBe(BigInt(DEFAULT_MARKET_COINS[1]!.basePrice));
    const at2000 = sim.pricesAtStep(2000);
    sim.addSegment({ fromStep: 2500, seed: SEED_B });
    sim.rebase(1800);
    expect(() => sim.pricesAtStep(1700)).toThrow('before the anchor');
    expect(sim.pricesAtStep(2000)).toEqual(at2000);
    expect(sim.segmentAt(1900)?.seed).toBe(SEED_A);
    const fresh = market();
    fresh.addSegment({ fromStep: 2500, seed: SEED_B });
    expect(sim.pricesAtStep(2600)).toEqual(fresh.pricesAtStep(2600));
    sim.rebase(2600);
    expect(sim.segmentAt(2600)?.seed).toBe(SEED_B);
  });

  it('keeps anchor prices given for some coins and base prices for the others', () => {
    const sim = new MarketSimulator({
      coins: DEFAULT_MARKET_COINS,
      anchorStep: 5,
      anchorPrices: { BTC: 123n },
    });
    expect(sim.pricesAtStep(5).BTC).toBe(123n);
    expect(sim.pricesAtStep(5).ETH).toBe(BigInt(DEFAULT_MARKET_COINS[1]!.basePrice));
    expect(
      () => new MarketSimulator({ coins: DEFAULT_MARKET_COINS, anchorStep: 5, anchorPrices: { BTC: 0n } }),
    ).toThrow('above 0');
    expect(() => new MarketSimulator({ coins: DEFAULT_MARKET_COINS, anchorStep: -1 })).toThrow('anchorStep');
    expect(
      () =>
        new MarketSimulator({ coins: [...DEFAULT_MARKET_COINS, DEFAULT_MARKET_COINS[0]!], anchorStep: 0 }),
    ).toThrow('distinct');
  });
});

describe('a realistic-looking market (geometric random walk, per-coin volatility, a common market move)', () => {
  it('draws centred noise with the intended spread', () => {
    let sum = 0;
    let squares = 0;
    const n = 20_000;
    for (let step = 0; step < n; step += 1) {
      const value = gaussianDraw(stepKey(SEED_A, step), 12345);
      sum += value;
      squares += value * value;
    }
    expect(Math.abs(sum / n)).toBeLessThan(2000);
    expect(Math.sqrt(squares / n)).toBeGreaterThan(62_000);
    expect(Math.sqrt(squares / n)).toBeLessThan(69_000);
  });

  it('moves Bitcoin about 0.27 % over a 20 s race, meme coins more, and moves coins together', () => {
    const sim = market(0);
    const moves: Record<string, number[]> = { BTC: [], ETH: [], PEPE: [] };
    for (let race = 0; race < 300; race += 1) {
      const a = sim.pricesAtStep(race * 240 + 120);
      const b = sim.pricesAtStep(race * 240 + 200);
      for (const symbol of Object.keys(moves))
        moves[symbol]!.push(Number(((b[symbol]! - a[symbol]!) * 10n ** 9n) / a[symbol]!) / 1e9);
    }
    const sd = (values: number[]) => Math.sqrt(values.reduce((s, v) => s + v * v, 0) / values.length);
    expect(sd(moves.BTC!)).toBeGreaterThan(0.0021);
    expect(sd(moves.BTC!)).toBeLessThan(0.0033);
    expect(sd(moves.PEPE!)).toBeGreaterThan(2 * sd(moves.BTC!));
    const correlation =
      moves.BTC!.reduce((s, v, i) => s + v * moves.ETH![i]!, 0) /
      (moves.BTC!.length * sd(moves.BTC!) * sd(moves.ETH!));
    expect(correlation).toBeGreaterThan(0.2);
  });

  it('property: prices stay integers above 0 whatever the seed, even for a wild coin near 1 unit', () => {
    const wild = [{ symbol: 'WILD', basePrice: '3', volatilityPpb: 50_000_000, marketWeightBps: 0 }];
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{64}$/), (seed) => {
        const [price] = advancePrices(prepareCoins(wild), [1n], seed, 0, 200, 0);
        expect(price! >= 1n).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  it('pulls a price back toward its base', () => {
    const still = [{ symbol: 'FLAT', basePrice: '1000000', volatilityPpb: 0, marketWeightBps: 5000 }];
    const [price] = advancePrices(prepareCoins(still), [2_000_000n], SEED_A, 0, 1000, 1_000_000);
    expect(price).toBeLessThan(2_000_000n);
    expect(price).toBeGreaterThan(1_000_000n);
  });

  it('refuses bad calls', () => {
    const coins = prepareCoins(DEFAULT_MARKET_COINS.slice(0, 2));
    expect(() => advancePrices(coins, [1n], SEED_A, 0, 1)).toThrow('one price per coin');
    expect(() => advancePrices(coins, [1n, 1n], SEED_A, 5, 4)).toThrow('cannot step');
  });
});

describe('coin parameters and prices', () => {
  it('names what is wrong with a coin', () => {
    const ok = coinParams(DEFAULT_MARKET_COINS[0]!);
    expect(coinParamsProblem(ok)).toBeNull();
    expect(coinParamsProblem({ ...ok, symbol: 'btc' })).toContain('symbol');
    expect(coinParamsProblem({ ...ok, basePrice: '0' })).toContain('basePrice');
    expect(coinParamsProblem({ ...ok, volatilityPpb: 1.5 })).toContain('volatilityPpb');
    expect(coinParamsProblem({ ...ok, marketWeightBps: 10_001 })).toContain('marketWeightBps');
    expect(() => prepareCoins([{ ...ok, volatilityPpb: -1 }])).toThrow(RangeError);
    expect(DEFAULT_MARKET_COINS.every((coin) => coinParamsProblem(coin) === null)).toBe(true);
    expect(Object.keys(coinParams(DEFAULT_MARKET_COINS[0]!)).sort()).toEqual([
      'basePrice',
      'marketWeightBps',
      'symbol',
      'volatilityPpb',
    ]);
  });

  it(`writes prices with ${PRICE_DECIMALS} decimals as integers, and back`, () => {
    expect(priceUnits('3500.25')).toBe(3_500_250_000_000_000n);
    expect(priceUnits('0.000012')).toBe(12_000_000n);
    expect(formatPriceUnits(3_500_250_000_000_000n)).toBe('3500.25');
    expect(formatPriceUnits(97_000n * 10n ** 12n)).toBe('97000.00');
    expect(formatPriceUnits(12_000_000n)).toBe('0.000012');
    expect(formatPriceUnits(-5n * 10n ** 11n)).toBe('-0.50');
    for (const bad of ['', '-1', '1.', '1.0000000000001', 'abc'])
      expect(() => priceUnits(bad)).toThrow('not a price');
    expect(isCoinSymbol('BTC')).toBe(true);
    expect(isCoinSymbol('B')).toBe(false);
  });

  it("product.md 3 'Token price: symbol, price, timestamp.' for the wallet's ETH/USD ticker", () => {
    const sim = market();
    const time = stepTimeMs(1100) + 130;
    const ticker = sim.tickerAt('ETH', time);
    expect(ticker).toEqual({
      symbol: 'ETH',
      price: formatPriceUnits(sim.priceAt('ETH', time)),
      timestamp: stepTimeMs(1100),
    });
    expect(Number(ticker.price)).toBeGreaterThan(3000);
    expect(() => sim.priceAt('NOPE', time)).toThrow('unknown coin');
    expect(() => sim.snapshotAt(['BTC', 'NOPE'], time)).toThrow('unknown coin');
  });

  it('snapshots a round’s tracks in lane order with the step time and no trade id', () => {
    const sim = market();
    const snapshot = sim.snapshotAt(['SOL', 'BTC'], stepTimeMs(1200));
    expect(snapshot).toEqual({
      atMs: stepTimeMs(1200),
      quotes: [
        {
          symbol: 'SOL',
          price: sim.pricesAtStep(1200).SOL!.toString(),
          sourceTimeMs: stepTimeMs(1200),
          tradeId: null,
        },
        {
          symbol: 'BTC',
          price: sim.pricesAtStep(1200).BTC!.toString(),
          sourceTimeMs: stepTimeMs(1200),
          tradeId: null,
        },
      ],
    });
  });
});
