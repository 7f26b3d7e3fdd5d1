import { isBaseUnits } from '../amount';
import { sha256Bytes } from '../fair';
import { isCoinSymbol } from './price';

/**
 * The seeded market model (ARCHITECTURE.md (The coin race): "a seeded market simulator by default"): every coin follows a
 * geometric random walk at 4 steps a second, made of a move common to the whole market and a move of its own, with
 * a weak pull back to its base price so that prices stay plausible over weeks. It is integer arithmetic from end to
 * end (no Math.exp, whose last bit differs between engines), so a verifier on any machine recomputes the same path.
 *
 * Randomness: each step draws a 256-bit key, SHA-256(model | seed | step). Knowing every price of a step tells
 * nothing about the key of another step, so watching the betting phase cannot reveal the race.
 */
export const MARKET_MODEL = 'ojo-market/v1';
/** The "prices (4 updates per second)". */
export const MARKET_STEP_MS = 250;
/** Default pull back to the base price per step, in parts per billion (a half-life of about a day). */
export const DEFAULT_REVERSION_PPB = 2000;

/** What decides one coin's path besides the seed; committed with every round that races the coin. */
export interface SimulatedCoinParams {
  readonly symbol: string;
  /** Price the path is pulled back to, in price units (PRICE_DECIMALS). */
  readonly basePrice: string;
  /** Standard deviation of one step's relative move, in parts per billion. */
  readonly volatilityPpb: number;
  /** Share of the common market move in the coin's move, in basis points (0 to 10000). */
  readonly marketWeightBps: number;
}

export const MAX_VOLATILITY_PPB = 50_000_000;

/** Why a coin's parameters are unusable, or null when they are fine. */
export function coinParamsProblem(coin: SimulatedCoinParams): string | null {
  if (!isCoinSymbol(coin.symbol))
    return `coin symbol ${JSON.stringify(coin.symbol)} is not 2 to 12 of A-Z, 0-9`;
  if (!isBaseUnits(coin.basePrice) || coin.basePrice === '0')
    return `${coin.symbol}: basePrice must be above 0`;
  if (
    !Number.isInteger(coin.volatilityPpb) ||
    coin.volatilityPpb < 0 ||
    coin.volatilityPpb > MAX_VOLATILITY_PPB
  )
    return `${coin.symbol}: volatilityPpb must be an integer from 0 to ${MAX_VOLATILITY_PPB}`;
  if (!Number.isInteger(coin.marketWeightBps) || coin.marketWeightBps < 0 || coin.marketWeightBps > 10_000)
    return `${coin.symbol}: marketWeightBps must be an integer from 0 to 10000`;
  return null;
}

/** The parameters of one coin prepared for fast stepping. */
interface CoinModel {
  readonly salt: number;
  readonly marketWeight: bigint;
  readonly ownWeight: bigint;
  readonly volatility: bigint;
  readonly base: bigint;
}

const MARKET_SALT = saltOf(`${MARKET_MODEL}|market`);

function saltOf(label: string): number {
  const bytes = sha256Bytes(label);
  return ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
}

function prepare(coin: SimulatedCoinParams): CoinModel {
  const problem = coinParamsProblem(coin);
  if (problem) throw new RangeError(problem);
  const weight = coin.marketWeightBps;
  return {
    salt: saltOf(`${MARKET_MODEL}|coin|${coin.symbol}`),
    marketWeight: BigInt(weight),
    // Math.sqrt is correctly rounded by IEEE 754 in every engine, so this integer is the same everywhere.
    ownWeight: BigInt(Math.floor(Math.sqrt(100_000_000 - weight * weight))),
    volatility: BigInt(coin.volatilityPpb),
    base: BigInt(coin.basePrice),
  };
}

/** The 8 key words of a step. */
export function stepKey(seed: string, step: number): Uint32Array {
  const bytes = sha256Bytes(`${MARKET_MODEL}|${seed}|${step}`);
  const words = new Uint32Array(8);
  for (let i = 0; i < 8; i += 1) {
    const at = i * 4;
    words[i] = ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
  }
  return words;
}

/** MurmurHash3's finaliser: a cheap 32-bit avalanche (its input is already a secret SHA-256 key). */
function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A normal-like integer with mean 0 and standard deviation about 65536: the centred sum of 12 uniform 16-bit
 * values (Irwin-Hall), each taken from the step key mixed with the coin's salt.
 */
export function gaussianDraw(key: Uint32Array, salt: number): number {
  let sum = 0;
  for (let j = 0; j < 6; j += 1) {
    let h = (salt ^ Math.imul(j + 1, 0x9e3779b9)) >>> 0;
    h = fmix32(h ^ key[j & 7]!);
    h = fmix32(h + key[(j + 3) & 7]!);
    h = fmix32(h ^ key[(j + 5) & 7]!);
    sum += (h & 0xffff) + (h >>> 16);
  }
  // 12 uniforms on 0..65535 have mean 12 * 32767.5 = 393210.
  return sum - 393_210;
}

const MOVE_DIVISOR = 10_000n * 65_536n * 1_000_000_000n;
const PPB = 1_000_000_000n;

/** Prepared coins: build once per coin list, reuse for every step. */
export type PreparedCoins = readonly CoinModel[];

export function prepareCoins(coins: readonly SimulatedCoinParams[]): PreparedCoins {
  return coins.map(prepare);
}

/**
 * Applies the moves of steps fromStep+1 .. toStep (all driven by `seed`) to `prices` (one per coin, in the order of
 * `coins`) and returns the new prices; `prices` is not changed. A price never falls below 1 unit.
 */
export function advancePrices(
  coins: PreparedCoins,
  prices: readonly bigint[],
  seed: string,
  fromStep: number,
  toStep: number,
  reversionPpb: number = DEFAULT_REVERSION_PPB,
): bigint[] {
  if (prices.length !== coins.length) throw new RangeError('one price per coin is needed');
  if (!Number.isSafeInteger(fromStep) || !Number.isSafeInteger(toStep) || toStep < fromStep)
    throw new RangeError(`cannot step from ${fromStep} to ${toStep}`);
  const reversion = BigInt(reversionPpb);
  const next = [...prices];
  for (let step = fromStep + 1; step <= toStep; step += 1) {
    const key = stepKey(seed, step);
    const market = BigInt(gaussianDraw(key, MARKET_SALT));
    for (let i = 0; i < coins.length; i += 1) {
      const coin = coins[i]!;
      const price = next[i]!;
      const own = BigInt(gaussianDraw(key, coin.salt));
      const move =
        (price * (coin.marketWeight * market + coin.ownWeight * own) * coin.volatility) / MOVE_DIVISOR;
      const pull = ((coin.base - price) * reversion) / PPB;
      const moved = price + move + pull;
      next[i] = moved < 1n ? 1n : moved;
    }
  }
  return next;
}

/** The step a time falls in (a step's prices hold from its start for MARKET_STEP_MS). */
export function stepAt(timeMs: number): number {
  return Math.floor(timeMs / MARKET_STEP_MS);
}

/** The time a step starts. */
export function stepTimeMs(step: number): number {
  return step * MARKET_STEP_MS;
}
