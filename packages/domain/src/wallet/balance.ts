import { BALANCE_ASSET } from '../constants';
import { fromBaseUnits, toBaseUnits } from '../format/decimal';

/** product.md 3 Balance item. */
export interface BalanceItem {
  balance: string;
  contractAddress: string;
  name: string;
  symbol: string;
  decimals: number;
  formattedBalance: string;
  formattedUsdBalance: string;
  usdBalance: string;
}

/** The native-token contract address placeholder used for ETH in balance lists. */
export const NATIVE_TOKEN_ADDRESS = '0x0000000000000000000000000000000000000000';

/** product.md 7 / product.md 8: 'Balance fails: Falls back to a zero ETH entry'. A fresh object each call. */
export function zeroEthBalance(): BalanceItem {
  return {
    balance: '0',
    contractAddress: NATIVE_TOKEN_ADDRESS,
    name: 'Ether',
    symbol: BALANCE_ASSET.symbol,
    decimals: BALANCE_ASSET.decimals,
    formattedBalance: '0',
    formattedUsdBalance: '0.00',
    usdBalance: '0',
  };
}

/** Fraction digits kept of a price and of a USD value before formatting (formatUsd then shows 2, product.md 5 Other). */
export const USD_VALUE_DECIMALS = 8;

/** 10^decimals of the balance asset: the divisor from wei to ETH, computed once. */
const WEI_PER_ETH = 10n ** BigInt(BALANCE_ASSET.decimals);

/**
 * The USD value of `wei` at `price` (USD per ETH, a plain decimal string), exact to 8 decimals and truncated, as a
 * plain decimal string; '0' when the price does not parse. Integer arithmetic only: money never passes a float.
 */
export function usdValueOfWei(wei: bigint, price: string): string {
  return usdValuer(price)(wei);
}

/**
 * A price (USD per ETH, a plain decimal string) in units of 10^-8 USD, truncated: the factor of every USD value,
 * floor(wei × units / 10^18) × 10^-8. 0n when the price does not parse or is negative, so every value is '0'.
 */
export function usdPriceUnits(price: string): bigint {
  const units = toBaseUnits(price, USD_VALUE_DECIMALS);
  return units === null || units < 0n ? 0n : units;
}

/**
 * `usdValueOfWei` at one price for many amounts (a history page): the price is parsed once, not once per line.
 */
export function usdValuer(price: string): (wei: bigint) => string {
  const priceUnits = usdPriceUnits(price);
  return (wei) => fromBaseUnits((wei * priceUnits) / WEI_PER_ETH, USD_VALUE_DECIMALS);
}

/**
 * The balance card's USD value at the price its price line shows (the ticker), so the two never disagree; the
 * balance call's own USD value only when there is no current ticker price.
 */
export function balanceUsdAt(
  balance: { balance: string; usdBalance: string },
  ticker: { price: string; stale: boolean } | null | undefined,
): string {
  if (!ticker || ticker.stale || !/^\d+$/.test(balance.balance)) return balance.usdBalance;
  return usdValueOfWei(BigInt(balance.balance), ticker.price);
}
