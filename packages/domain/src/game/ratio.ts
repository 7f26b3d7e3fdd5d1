/**
 * Exact rational numbers for price changes and shares: never a float where a result or a payout depends on it.
 */
export interface Ratio {
  readonly num: bigint;
  /** Always > 0. */
  readonly den: bigint;
}

/** The relative change from `start` to `end` ((end - start) / start); `start` must be > 0. */
export function changeRatio(start: bigint, end: bigint): Ratio {
  if (start <= 0n) throw new RangeError('a price change needs a start price above 0');
  return { num: end - start, den: start };
}

/** -1, 0 or 1 as a is below, equal to or above b, by cross-multiplication (exact). */
export function compareRatios(a: Ratio, b: Ratio): -1 | 0 | 1 {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * The ratio as a decimal string truncated toward zero to `decimals` places ('-0.0123' for -123/10000 at 4).
 * A value that truncates to zero has no sign.
 */
export function truncateRatio(ratio: Ratio, decimals: number): string {
  if (ratio.den <= 0n) throw new RangeError('a ratio needs a denominator above 0');
  const negative = ratio.num < 0n;
  const magnitude = ((negative ? -ratio.num : ratio.num) * 10n ** BigInt(decimals)) / ratio.den;
  const digits = magnitude.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const text = decimals > 0 ? `${whole}.${digits.slice(-decimals)}` : whole;
  return negative && magnitude !== 0n ? `-${text}` : text;
}
