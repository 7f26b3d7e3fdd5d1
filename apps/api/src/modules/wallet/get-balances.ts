import type { BalanceItemDto } from '@ojo/api-contract/wallet';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { formatUsd } from '@ojo/domain/format/amount';
import { fromBaseUnits } from '@ojo/domain/format/decimal';
import { NATIVE_TOKEN_ADDRESS, usdValueOfWei, zeroEthBalance } from '@ojo/domain/wallet/balance';
import type { Address } from 'viem';
import type { PriceSource } from '../prices/price-source';
import { walletErrors } from './errors';

/**
 * The balance call (product.md 3 Balance item; product.md 7 names no path): the smart account's ETH read from the chain, with
 * its USD value at the current ETH price (no price, or a stale one: USD 0 rather than a wrong figure).
 */
export async function getBalances(
  readBalance: (account: Address) => Promise<bigint>,
  prices: PriceSource,
  account: Address,
  nowMs: number,
): Promise<BalanceItemDto[]> {
  let wei: bigint;
  try {
    wei = await readBalance(account);
  } catch {
    throw walletErrors.chainUnavailable();
  }
  const quote = prices.quote(BALANCE_ASSET.symbol, nowMs);
  const usd = quote && !quote.stale ? usdValueOfWei(wei, quote.price) : '0';
  return [
    {
      ...zeroEthBalance(),
      contractAddress: NATIVE_TOKEN_ADDRESS,
      balance: wei.toString(),
      formattedBalance: fromBaseUnits(wei, BALANCE_ASSET.decimals),
      usdBalance: usd,
      formattedUsdBalance: formatUsd(usd),
    },
  ];
}
