import { BALANCE_ASSET } from '../constants';
import { formatAmount } from '../format/amount';
import { parseAmountInput, WHOLE_UNITS } from '../format/amount-input';
import { compareDecimals, multiplyFloor, parseDecimal } from '../format/decimal';
import { BUY_OJO_TEXT } from '../messages';

export interface BuyOjoLimits {
  /** Coin config minQty: the least OJO one order may buy. */
  minQty: string | number | bigint;
  /** Coin config maxQty: the most OJO one order may buy (COIN_MAX_QTY); no cap when absent. */
  maxQty?: string | number | bigint | undefined;
  /** Coin config ETH price: OJO per 1 ETH, as a decimal. */
  ethPrice: string | number;
  /** ETH balance as a decimal ETH string. */
  ethBalance: string | number;
}

/**
 * product.md 5 Buy OJO amount: 'n is the floor of balance times price': the most OJO the ETH balance pays for, exact.
 * Zero when either value is missing or negative.
 */
export function maxBuyableOjo(ethBalance: string | number, ethPrice: string | number): bigint {
  const product = multiplyFloor(ethBalance, ethPrice);
  return product === null || product < 0n ? 0n : product;
}

/**
 * product.md 5 Buy OJO amount: digits only ('Invalid character. Please enter the amount'), at least minQty
 * ('Minimum amount: {min}'), at most maxQty ('Maximum amount: {max}', the API's COIN_MAX_QTY), and the ETH cost (amount / price) not above the balance
 * ('Insufficient balance, can redeem a maximum of {n}'). Since the amount is whole, cost <= balance exactly when
 * amount <= floor(balance * price). Figures are grouped by 3 digits. Null when valid.
 */
export function validateBuyOjoAmount(amount: string, limits: BuyOjoLimits): string | null {
  const read = parseAmountInput(amount, WHOLE_UNITS);
  if (read.kind === 'empty') return BUY_OJO_TEXT.invalidCharacter;
  if (read.kind === 'invalid') return read.error;
  if (compareDecimals(read.value, limits.minQty) < 0)
    return BUY_OJO_TEXT.minimumAmount(formatAmount(limits.minQty));
  if (limits.maxQty !== undefined && compareDecimals(read.value, limits.maxQty) > 0) {
    return BUY_OJO_TEXT.maximumAmount(formatAmount(limits.maxQty));
  }
  const quantity = BigInt(read.value);
  const max = maxBuyableOjo(limits.ethBalance, limits.ethPrice);
  if (quantity > max) return BUY_OJO_TEXT.insufficientBalance(formatAmount(max));
  return null;
}

/** The ETH cost in wei of `amount` OJO at `ethPrice` OJO per ETH, rounded up to the next wei; null if no price. */
export function ojoCostWei(amount: string | bigint, ethPrice: string | number): bigint | null {
  const price = parseDecimal(ethPrice);
  const quantity = parseDecimal(amount);
  if (!price || !quantity || price.units === 0n || price.negative || quantity.negative) return null;
  // cost = quantity / price = (q.units / 10^q.scale) / (p.units / 10^p.scale), in wei.
  const numerator = quantity.units * 10n ** BigInt(BALANCE_ASSET.decimals + price.scale);
  const denominator = price.units * 10n ** BigInt(quantity.scale);
  return (numerator + denominator - 1n) / denominator;
}
