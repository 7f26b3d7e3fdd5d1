import {
  acceptDecimalString,
  compareDecimals,
  groupThousands,
  parseDecimal,
  truncateDecimal,
} from './decimal';

const UNITS = [
  { suffix: 'B', exponent: 9 },
  { suffix: 'M', exponent: 6 },
  { suffix: 'K', exponent: 3 },
] as const;

/**
 * spec 5 Other: 'Volumes use K, M, B for thousands, millions, billions.' Up to 2 decimals, cut not rounded
 * (1,999 shows 1.99K, never 2K); below 1,000 the number shows with up to 2 decimals.
 */
export function formatVolume(value: unknown): string {
  const text = acceptDecimalString(value);
  const negative = parseDecimal(text)!.negative;
  const magnitude = negative ? text.slice(1) : text.replace(/^\+/, '');
  const sign = negative ? '-' : '';
  for (const unit of UNITS) {
    if (compareDecimals(magnitude, `1${'0'.repeat(unit.exponent)}`) >= 0) {
      return `${sign}${groupThousands(truncateDecimal(shiftLeft(magnitude, unit.exponent), 2))}${unit.suffix}`;
    }
  }
  const small = truncateDecimal(magnitude, 2);
  return small === '0' ? '0' : `${sign}${small}`;
}

/** Divides a non-negative plain decimal by 10^places, exactly. */
function shiftLeft(plain: string, places: number): string {
  const [whole = '0', fraction = ''] = plain.split('.');
  const padded = whole.padStart(places + 1, '0');
  return `${padded.slice(0, padded.length - places)}.${padded.slice(padded.length - places)}${fraction}`;
}
