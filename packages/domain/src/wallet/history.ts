import {
  AMOUNT_MAX_DECIMALS,
  BALANCE_ASSET,
  HISTORY_MAX_RECORDS,
  USD_CONVERSION_CHUNK_SIZE,
} from '../constants';
import type { HistorySide } from '../enums';
import { formatAmount } from '../format/amount';
import { acceptDecimalString, compareDecimals } from '../format/decimal';

/** The least amount the 8 shown decimals can tell: a smaller one that is not zero reads '<0.00000001'. */
const SMALLEST_SHOWN = `0.${'0'.repeat(AMOUNT_MAX_DECIMALS - 1)}1`;

export interface HistoryAmountView {
  /** product.md 2: 'An incoming item shows a down arrow. An outgoing item shows an up arrow with a minus sign.' */
  arrow: 'down' | 'up';
  /** Signed amount with symbol, e.g. '+0.5 ETH' or '-1,200 ETH'. */
  text: string;
}

/** product.md 2 Wallet History: 'a signed amount with symbol (default ETH)'. The sign comes from the side. */
export function historyAmountView(item: {
  amount: unknown;
  side: HistorySide;
  symbol?: string | null;
}): HistoryAmountView {
  const magnitude = acceptDecimalString(item.amount).replace(/^[-+]/, '');
  const symbol = item.symbol || BALANCE_ASSET.symbol;
  const sign = item.side === 'out' ? '-' : '+';
  // A transfer of a few wei moved something: it never reads as '+0 ETH'.
  const isBelowShown = compareDecimals(magnitude, '0') > 0 && compareDecimals(magnitude, SMALLEST_SHOWN) < 0;
  const shown = isBelowShown ? `<${SMALLEST_SHOWN}` : formatAmount(magnitude);
  return { arrow: item.side === 'out' ? 'up' : 'down', text: `${sign}${shown} ${symbol}` };
}

/** product.md 9: 'A page with fewer than the limit is the last one.' */
export function isLastPage(pageLength: number, limit: number): boolean {
  return pageLength < limit;
}

/** product.md 9: 'The history screen shows up to 100 records.' Paging stops once 100 are loaded. */
export function canLoadMoreHistory(loadedCount: number, lastPageLength: number, limit: number): boolean {
  return loadedCount < HISTORY_MAX_RECORDS && !isLastPage(lastPageLength, limit);
}

/** product.md 9: 'The history screen shows up to 100 records.' */
export function capHistory<T>(items: readonly T[]): T[] {
  return items.slice(0, HISTORY_MAX_RECORDS);
}

/** product.md 9: 'USD conversion is done in chunks of 50'. */
export function chunkForUsdConversion<T>(
  items: readonly T[],
  size: number = USD_CONVERSION_CHUNK_SIZE,
): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** product.md 9: load the next page when the scroll is within the threshold (px) of the bottom. */
export function isNearBottom(
  metrics: { scrollTop: number; clientHeight: number; scrollHeight: number },
  thresholdPx: number,
): boolean {
  return metrics.scrollHeight - metrics.scrollTop - metrics.clientHeight <= thresholdPx;
}
