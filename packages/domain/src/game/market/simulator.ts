import { isSeed } from '../fair';
import {
  advancePrices,
  DEFAULT_REVERSION_PPB,
  type PreparedCoins,
  prepareCoins,
  type SimulatedCoinParams,
  stepAt,
  stepTimeMs,
} from './model';
import { formatPriceUnits, type PriceSnapshot } from './price';

/** A stretch of the market driven by one seed: from `fromStep` until the next segment starts. */
export interface MarketSegment {
  readonly fromStep: number;
  readonly seed: string;
}

export interface MarketSimulatorOptions {
  readonly coins: readonly SimulatedCoinParams[];
  /** The step whose prices are known; the path is computed forward from it. */
  readonly anchorStep: number;
  /** Prices at the anchor step by symbol; a coin left out starts at its base price. */
  readonly anchorPrices?: Readonly<Record<string, bigint>>;
  readonly reversionPpb?: number;
}

/** product.md 3 'Token price: symbol, price, timestamp.' */
export interface Ticker {
  readonly symbol: string;
  readonly price: string;
  readonly timestamp: number;
}

/** Steps between kept checkpoints (one a minute) and how many are kept (a day). */
const CHECKPOINT_EVERY = 240;
const CHECKPOINTS_KEPT = 1440;

/**
 * The live simulated market: the price of any coin at any time at or after the anchor, from the segments' seeds.
 * The price feed adds one segment per round (its seed is the round's committed seed) before the round's prices
 * are first read, and the wallet's ticker reads the same market. Deterministic: two simulators with the same
 * coins, anchor and segments give the same prices; the caches below only save work.
 */
export class MarketSimulator {
  readonly coins: readonly SimulatedCoinParams[];
  readonly reversionPpb: number;
  private readonly prepared: PreparedCoins;
  private readonly index: ReadonlyMap<string, number>;
  private anchorStep: number;
  private readonly segments: MarketSegment[] = [];
  private latest: { step: number; prices: bigint[] };
  private readonly checkpoints = new Map<number, bigint[]>();

  constructor(options: MarketSimulatorOptions) {
    this.coins = [...options.coins];
    this.reversionPpb = options.reversionPpb ?? DEFAULT_REVERSION_PPB;
    this.prepared = prepareCoins(this.coins);
    this.index = new Map(this.coins.map((coin, i) => [coin.symbol, i]));
    if (this.index.size !== this.coins.length) throw new RangeError('coin symbols must be distinct');
    if (!Number.isSafeInteger(options.anchorStep) || options.anchorStep < 0)
      throw new RangeError('anchorStep must be a non-negative integer');
    this.anchorStep = options.anchorStep;
    const prices = this.coins.map((coin) => options.anchorPrices?.[coin.symbol] ?? BigInt(coin.basePrice));
    if (prices.some((price) => price < 1n)) throw new RangeError('anchor prices must be above 0');
    this.latest = { step: options.anchorStep, prices };
    this.checkpoints.set(options.anchorStep, prices);
  }

  /** The last step whose prices have been computed (no segment may start at or before it). */
  get computedStep(): number {
    return this.latest.step;
  }

  /**
   * Adds a segment. It must start after every computed step and after the previous segment, so a seed never
   * rewrites a price somebody has already seen.
   */
  addSegment(segment: MarketSegment): void {
    if (!isSeed(segment.seed)) throw new TypeError('a segment seed is 64 lowercase hex digits');
    if (!Number.isSafeInteger(segment.fromStep) || segment.fromStep <= this.latest.step)
      throw new RangeError(`segment must start after computed step ${this.latest.step}`);
    const last = this.segments.at(-1);
    if (last && segment.fromStep <= last.fromStep)
      throw new RangeError(`segment must start after the segment at step ${last.fromStep}`);
    this.segments.push({ ...segment });
  }

  /** The segment that drives `step`, or undefined. */
  segmentAt(step: number): MarketSegment | undefined {
    let found: MarketSegment | undefined;
    for (const segment of this.segments) {
      if (segment.fromStep > step) break;
      found = segment;
    }
    return found;
  }

  /** Prices of every coin at `step`, by symbol. */
  pricesAtStep(step: number): Record<string, bigint> {
    const prices = this.compute(step);
    return Object.fromEntries(this.coins.map((coin, i) => [coin.symbol, prices[i]!]));
  }

  /** The price of `symbol` at `timeMs`, in price units. */
  priceAt(symbol: string, timeMs: number): bigint {
    const i = this.index.get(symbol);
    if (i === undefined) throw new RangeError(`unknown coin ${symbol}`);
    return this.compute(stepAt(timeMs))[i]!;
  }

  /** product.md 3 Token price for the wallet: the price as a decimal string and the time of its step. */
  tickerAt(symbol: string, timeMs: number): Ticker {
    return {
      symbol,
      price: formatPriceUnits(this.priceAt(symbol, timeMs)),
      timestamp: stepTimeMs(stepAt(timeMs)),
    };
  }

  /** A snapshot of `symbols` (a round's tracks, in lane order) at `timeMs`, as a round records it. */
  snapshotAt(symbols: readonly string[], timeMs: number): PriceSnapshot {
    const step = stepAt(timeMs);
    const prices = this.pricesAtStep(step);
    return {
      atMs: timeMs,
      quotes: symbols.map((symbol) => {
        const price = prices[symbol];
        if (price === undefined) throw new RangeError(`unknown coin ${symbol}`);
        return { symbol, price: price.toString(), sourceTimeMs: stepTimeMs(step), tradeId: null };
      }),
    };
  }

  /**
   * Moves the anchor to `step` and forgets older segments and checkpoints, so a long-running feed keeps its memory
   * bounded. Older steps cannot be read afterwards.
   */
  rebase(step: number): void {
    const prices = this.compute(step);
    this.anchorStep = step;
    const current = this.segmentAt(step);
    const keep = this.segments.filter((segment) => segment.fromStep > step);
    this.segments.length = 0;
    if (current) this.segments.push(current);
    this.segments.push(...keep);
    for (const at of this.checkpoints.keys()) if (at < step) this.checkpoints.delete(at);
    this.checkpoints.set(step, prices);
    if (this.latest.step < step) this.latest = { step, prices };
  }

  private compute(step: number): bigint[] {
    if (!Number.isSafeInteger(step) || step < this.anchorStep)
      throw new RangeError(`step ${step} is before the anchor step ${this.anchorStep}`);
    if (step === this.latest.step) return this.latest.prices;
    let from = this.startFor(step);
    let prices = from.prices;
    while (from.step < step) {
      const segment = this.segmentAt(from.step + 1);
      if (!segment) throw new RangeError(`no seed covers step ${from.step + 1}`);
      const nextSegment = this.segments.find((candidate) => candidate.fromStep > from.step + 1);
      // Stop at the next segment start and at every checkpoint boundary.
      const boundary = Math.min(
        step,
        nextSegment ? nextSegment.fromStep - 1 : step,
        (Math.floor(from.step / CHECKPOINT_EVERY) + 1) * CHECKPOINT_EVERY,
      );
      prices = advancePrices(this.prepared, prices, segment.seed, from.step, boundary, this.reversionPpb);
      from = { step: boundary, prices };
      if (boundary % CHECKPOINT_EVERY === 0) this.keepCheckpoint(boundary, prices);
    }
    if (step > this.latest.step) this.latest = { step, prices };
    return prices;
  }

  private startFor(step: number): { step: number; prices: bigint[] } {
    if (this.latest.step <= step) return this.latest;
    let best: { step: number; prices: bigint[] } | null = null;
    for (const [at, prices] of this.checkpoints) {
      if (at <= step && (best === null || at > best.step)) best = { step: at, prices };
    }
    if (best) return best;
    throw new RangeError(
      `step ${step} is no longer kept; the simulator keeps a day of checkpoints after its anchor`,
    );
  }

  private keepCheckpoint(step: number, prices: bigint[]): void {
    this.checkpoints.set(step, prices);
    if (this.checkpoints.size > CHECKPOINTS_KEPT) {
      const oldest = Math.min(...this.checkpoints.keys());
      this.checkpoints.delete(oldest);
    }
  }
}
