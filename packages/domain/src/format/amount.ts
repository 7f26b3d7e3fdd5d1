import { AMOUNT_MAX_DECIMALS, USD_DECIMALS } from '../constants';
import { acceptDecimalString, groupThousands, roundDecimalFixed, truncateDecimal } from './decimal';

/**
 * spec 5 Other: 'up to 8 decimals for amounts ... 3-digit grouping'. Extra decimals are cut (a balance is never
 * shown higher than it is), trailing zeros dropped; input that is not a plain decimal shows as 0.
 */
export function formatAmount(value: unknown, maxDecimals: number = AMOUNT_MAX_DECIMALS): string {
  return groupThousands(truncateDecimal(acceptDecimalString(value), maxDecimals));
}

/** spec 5 Other: '2 for USD, 3-digit grouping' - always two decimals, rounded half away from zero. */
export function formatUsd(value: unknown): string {
  return groupThousands(roundDecimalFixed(acceptDecimalString(value), USD_DECIMALS));
}

/** The approximate USD text of the history and balance ('≈ $1,234.50'). */
export function formatApproxUsd(value: unknown): string {
  const usd = formatUsd(value);
  return usd.startsWith('-') ? `≈ -$${usd.slice(1)}` : `≈ $${usd}`;
}
