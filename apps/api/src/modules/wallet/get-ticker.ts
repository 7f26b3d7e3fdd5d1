import type { TokenTicker } from '@ojo/api-contract/wallet';
import type { PriceSource } from '../prices/price-source';
import { walletErrors } from './errors';

/** GET /token/tickers/{symbol}: the latest price; a stale one says so (never passed off as current). */
export function getTicker(prices: PriceSource, symbol: string, nowMs: number): TokenTicker {
  const upper = symbol.toUpperCase();
  if (!prices.knows(upper)) throw walletErrors.unknownSymbol(upper);
  const quote = prices.quote(upper, nowMs);
  if (!quote) throw walletErrors.priceUnavailable(upper);
  return { symbol: quote.symbol, price: quote.price, timestamp: quote.timestamp, stale: quote.stale };
}
