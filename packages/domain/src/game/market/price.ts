import type { BaseUnits } from '../amount';

/**
 * Prices are integers with a fixed number of decimals (12: enough for a coin at 0.00001 USD to move by parts per
 * million), written as BaseUnits strings in documents. A price of 3500.25 USD is 3_500_250_000_000_000n.
 */
export const PRICE_DECIMALS = 12;
const SCALE = 10n ** BigInt(PRICE_DECIMALS);

/** One coin's price in a snapshot, with the source's own time and trade id when a real feed gave it. */
export interface PriceQuote {
  readonly symbol: string;
  readonly price: BaseUnits;
  /** When the source saw this price (for the simulator: the time of its step). */
  readonly sourceTimeMs: number;
  /** The source's trade id (a real feed); null for the simulator, whose prices the seed proves instead. */
  readonly tradeId: string | null;
}

/** The prices of a round's tracks at one instant, in lane order. */
export interface PriceSnapshot {
  readonly atMs: number;
  readonly quotes: readonly PriceQuote[];
}

/** A coin symbol as the feeds and the game show it: 2 to 12 capital letters or digits. */
export function isCoinSymbol(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z0-9]{2,12}$/.test(value);
}

/** '3500.25' -> price units; throws on anything but a plain non-negative decimal with at most 12 decimals. */
export function priceUnits(decimal: string): bigint {
  const match = /^(0|[1-9][0-9]*)(?:\.([0-9]{1,12}))?$/.exec(decimal);
  if (!match) throw new TypeError(`not a price: ${JSON.stringify(decimal)}`);
  return BigInt(match[1]!) * SCALE + BigInt((match[2] ?? '').padEnd(PRICE_DECIMALS, '0'));
}

/** Price units -> decimal string without trailing zeros beyond 2 decimals ('3500.25', '0.000012', '97000.00'). */
export function formatPriceUnits(units: bigint): string {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const whole = magnitude / SCALE;
  const fraction = (magnitude % SCALE)
    .toString()
    .padStart(PRICE_DECIMALS, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}
