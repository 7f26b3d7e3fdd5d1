import { acceptDecimalString, parseDecimal } from './decimal';

/**
 * product.md 5 Other: 'Percentages in race shares are truncated to 4 decimals, then shown as percent with 2 decimals.'
 * The share is a ratio (0.123456 -> '12.34%'); exact, no float rounding; unreadable input shows '0.00%'.
 */
export function formatRaceSharePercent(share: unknown): string {
  const parsed = parseDecimal(acceptDecimalString(share))!;
  // Truncate the ratio to 4 decimals: units at scale 4, cut toward zero.
  const scaled =
    parsed.scale <= 4
      ? parsed.units * 10n ** BigInt(4 - parsed.scale)
      : parsed.units / 10n ** BigInt(parsed.scale - 4);
  // A ratio at scale 4 is a percentage at scale 2.
  const digits = scaled.toString().padStart(3, '0');
  const sign = parsed.negative && scaled !== 0n ? '-' : '';
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}%`;
}
