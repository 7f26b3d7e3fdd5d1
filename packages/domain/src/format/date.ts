/**
 * product.md 2 Wallet History: 'a date as MM/DD HH:mm'. With `offsetMinutes` the time is shown at that offset from UTC
 * (e.g. 480 for UTC+8); without it, in the runtime's local time zone.
 */
export function formatMonthDayTime(timestampMs: number, offsetMinutes?: number): string {
  if (!Number.isFinite(timestampMs)) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  if (offsetMinutes === undefined) {
    const local = new Date(timestampMs);
    return `${pad(local.getMonth() + 1)}/${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
  }
  const shifted = new Date(timestampMs + offsetMinutes * 60_000);
  return `${pad(shifted.getUTCMonth() + 1)}/${pad(shifted.getUTCDate())} ${pad(shifted.getUTCHours())}:${pad(
    shifted.getUTCMinutes(),
  )}`;
}

/**
 * Timestamps arrive as seconds or milliseconds; values below 10^11 (year 1973 in ms, year 5138 in seconds) are
 * read as seconds.
 */
export function toTimestampMs(timestamp: number | string): number {
  const value = Number(timestamp);
  if (!Number.isFinite(value)) return Number.NaN;
  return Math.abs(value) < 1e11 ? value * 1000 : value;
}
