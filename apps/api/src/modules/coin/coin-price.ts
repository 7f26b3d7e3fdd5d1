import { parseDecimal } from '@ojo/domain/format/decimal';
import type { PriceSource } from '../prices/price-source';
import { coinErrors } from './errors';

/** OJO per 1 ETH now: OJO is worth 1 USD, so the ETH/USD price (product.md 3 Coin config: the ETH entry's price). */
export interface OjoPerEth {
  price: string;
  units: bigint;
  scale: number;
  stale: boolean;
}

export function ojoPerEth(prices: PriceSource, nowMs: number): OjoPerEth | undefined {
  const quote = prices.quote('ETH', nowMs);
  const parsed = quote ? parseDecimal(quote.price) : null;
  if (!quote || !parsed || parsed.negative || parsed.units === 0n) return undefined;
  return { price: quote.price, units: parsed.units, scale: parsed.scale, stale: quote.stale };
}

/** The current price, or a 503 when there is none or it is stale: nothing is quoted or paid at an old price. */
export function currentOjoPerEth(prices: PriceSource, nowMs: number): OjoPerEth {
  const price = ojoPerEth(prices, nowMs);
  if (!price || price.stale) throw coinErrors.priceUnavailable();
  return price;
}
