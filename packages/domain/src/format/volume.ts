import { asIntlDecimal } from './amount';
import { acceptDecimalString, compareDecimals } from './decimal';

/** Intl's compact notation (K, M, B) cut, not rounded, to 2 decimals. */
const compactFormat = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  compactDisplay: 'short',
  maximumFractionDigits: 2,
  roundingMode: 'trunc',
  signDisplay: 'negative',
});

/** Past a trillion Intl would write 'T'; the spec has no unit above B, so those show in (grouped) billions. */
const billionsFormat = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 2,
  roundingMode: 'trunc',
  signDisplay: 'negative',
});

const TRILLION = '1000000000000';

/**
 * product.md 5 Other: 'Volumes use K, M, B for thousands, millions, billions.' Up to 2 decimals, cut not rounded
 * (1,999 shows 1.99K, never 2K); below 1,000 the number shows with up to 2 decimals.
 */
export function formatVolume(value: unknown): string {
  const text = asIntlDecimal(acceptDecimalString(value));
  const magnitude = text.replace(/^-/, '');
  if (compareDecimals(magnitude, TRILLION) < 0) return compactFormat.format(text);
  return `${billionsFormat.format(shiftLeft(text, 9))}B`;
}

/** Divides a plain decimal by 10^places, exactly. */
function shiftLeft(plain: string, places: number): `${number}` {
  const sign = plain.startsWith('-') ? '-' : '';
  const [whole = '0', fraction = ''] = plain.replace(/^-/, '').split('.');
  const padded = whole.padStart(places + 1, '0');
  return `${sign}${padded.slice(0, padded.length - places)}.${padded.slice(padded.length - places)}${fraction}` as `${number}`;
}
