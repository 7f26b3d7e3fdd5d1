import { AMOUNT_MAX_DECIMALS, USD_DECIMALS } from '../constants';
import { acceptDecimalString } from './decimal';

/**
 * Intl.NumberFormat reads a string as an exact decimal (no float on the way), cuts or rounds it as told and groups
 * by 3 digits; `signDisplay: 'negative'` keeps a value cut to zero from showing as '-0'.
 */
const amountFormats = new Map<number, Intl.NumberFormat>();

function amountFormat(maxDecimals: number): Intl.NumberFormat {
  let format = amountFormats.get(maxDecimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      maximumFractionDigits: maxDecimals,
      roundingMode: 'trunc',
      signDisplay: 'negative',
    });
    amountFormats.set(maxDecimals, format);
  }
  return format;
}

const usdFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: USD_DECIMALS,
  maximumFractionDigits: USD_DECIMALS,
  roundingMode: 'halfExpand',
  signDisplay: 'negative',
});

/**
 * product.md 5 Other: 'up to 8 decimals for amounts ... 3-digit grouping'. Extra decimals are cut (a balance is never
 * shown higher than it is), trailing zeros dropped; input that is not a plain decimal shows as 0.
 */
export function formatAmount(value: unknown, maxDecimals: number = AMOUNT_MAX_DECIMALS): string {
  return amountFormat(maxDecimals).format(asIntlDecimal(acceptDecimalString(value)));
}

/** product.md 5 Other: '2 for USD, 3-digit grouping' - always two decimals, rounded half away from zero. */
export function formatUsd(value: unknown): string {
  return usdFormat.format(asIntlDecimal(acceptDecimalString(value)));
}

/** The approximate USD text of the history and balance ('≈ $1,234.50'). */
export function formatApproxUsd(value: unknown): string {
  const usd = formatUsd(value);
  return usd.startsWith('-') ? `≈ -$${usd.slice(1)}` : `≈ $${usd}`;
}

/** A plain decimal (product.md 5 pattern) as Intl reads it exactly: Intl's string grammar has no leading '+'. */
export function asIntlDecimal(plain: string): `${number}` {
  return plain.replace(/^\+/, '') as `${number}`;
}
