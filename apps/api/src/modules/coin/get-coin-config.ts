import type { CoinConfigDto, CoinPackageDto } from '@ojo/api-contract/coin';
import { ojoCostWei } from '@ojo/domain/coin/buy-ojo';
import { discountedWei } from '@ojo/domain/coin/withdraw-limits';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { fromBaseUnits } from '@ojo/domain/format/decimal';
import type { AppConfig } from '../../config/env';
import type { PriceSource } from '../prices/price-source';
import { currentOjoPerEth, ojoPerEth } from './coin-price';
import { coinErrors } from './errors';
import { receiptAddress } from './receipt-address';

/** GET /coin/configs: minQty and the ETH price (a stale one says so; orders refuse it). */
export function getCoinConfig(config: AppConfig, prices: PriceSource, nowMs: number): CoinConfigDto {
  const price = ojoPerEth(prices, nowMs);
  if (!price) throw coinErrors.priceUnavailable();
  return {
    minQty: config.coin.minQty.toString(),
    maxQty: config.coin.maxQty.toString(),
    tokenConfigs: [{ symbol: 'ETH', price: price.price, stale: price.stale }],
    receiptAddress: receiptAddress(config),
    chainId: config.chain.chainId,
    quoteHoldSeconds: config.coin.quoteHoldSeconds,
  };
}

/** A package's price now: list price (ceil of qty / price, in wei) less its discount. */
export function packageQuoteWei(
  baseQty: bigint,
  discount: number,
  price: string,
): { list: bigint; quote: bigint } {
  const list = ojoCostWei(baseQty, price);
  if (list === null) throw coinErrors.priceUnavailable();
  return { list, quote: discountedWei(list, discount) };
}

/** GET /coin/discounts: the configured packages at the current price. */
export function listDiscounts(
  config: AppConfig,
  prices: PriceSource,
  nowMs: number,
): { discounts: CoinPackageDto[] } {
  const price = currentOjoPerEth(prices, nowMs);
  return {
    discounts: config.coin.packages.map((item) => {
      const { list, quote } = packageQuoteWei(item.baseQty, item.discount, price.price);
      return {
        id: item.id,
        baseQty: item.baseQty.toString(),
        discount: item.discount,
        quoteQty: fromBaseUnits(quote, BALANCE_ASSET.decimals),
        listQuoteQty: fromBaseUnits(list, BALANCE_ASSET.decimals),
      };
    }),
  };
}
