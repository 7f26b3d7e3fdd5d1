import { ERROR_CODES, isErrorCode } from '../error-codes';
import { formatAmount } from '../format/amount';
import { parseAmountInput, WHOLE_UNITS } from '../format/amount-input';
import { parseDecimal } from '../format/decimal';
import { REDEEM_TEXT } from '../messages';
import { bidRate, redeemPayout } from './redeem-payout';

/** A whole OJO quantity as the API sends it: a number, a bigint or a decimal string (decimals are floored). */
export type OjoQuantity = string | number | bigint;

interface RequireCheck {
  require: OjoQuantity;
}
interface ProgressCheck extends RequireCheck {
  achieved: OjoQuantity;
}

/** product.md 3 Withdraw info: conditions plus trial and fixedLeft. */
export interface WithdrawInfo {
  conditions: {
    minAmountCheck: RequireCheck;
    dailyAmountCheck: ProgressCheck;
    dailyCountCheck: ProgressCheck;
    tradeLimit: ProgressCheck;
  };
  trial: OjoQuantity;
  fixedLeft: OjoQuantity;
}

/** Floors a quantity to a whole bigint; anything unreadable counts as 0. */
export function toWholeOjo(value: OjoQuantity): bigint {
  const parsed = parseDecimal(value);
  if (!parsed) return 0n;
  const whole = parsed.units / 10n ** BigInt(parsed.scale);
  if (!parsed.negative) return whole;
  return whole * 10n ** BigInt(parsed.scale) === parsed.units ? -whole : -whole - 1n;
}

/** product.md 5 Redeem: 'Minimum = minAmountCheck.require plus trial.' */
export function redeemMinimum(info: WithdrawInfo): bigint {
  return toWholeOjo(info.conditions.minAmountCheck.require) + toWholeOjo(info.trial);
}

/**
 * product.md 5 Redeem: 'Maximum = the lower of (OJO balance minus fixedLeft) and (daily amount required minus
 * achieved), floored at 0.'
 */
export function redeemMaximum(info: WithdrawInfo, ojoBalance: OjoQuantity): bigint {
  const byBalance = toWholeOjo(ojoBalance) - toWholeOjo(info.fixedLeft);
  const daily = info.conditions.dailyAmountCheck;
  const byDaily = toWholeOjo(daily.require) - toWholeOjo(daily.achieved);
  let maximum = 0n;
  if (byBalance > maximum) maximum = byBalance;
  if (byDaily < maximum) maximum = byDaily;
  return maximum > 0n ? maximum : 0n;
}

/**
 * product.md 5 Redeem system errors, checked in the spec's order: daily count or daily amount reached ('Max redeem
 * reached today'), trade limit not reached ('Redeem require a total bet of {n} OJO', n the required total bet),
 * balance below min plus fixedLeft ('Insufficient Balance'). Null when redeeming is possible.
 */
export function redeemSystemError(info: WithdrawInfo, ojoBalance: OjoQuantity): string | null {
  const { dailyCountCheck, dailyAmountCheck, tradeLimit } = info.conditions;
  if (isReached(dailyCountCheck) || isReached(dailyAmountCheck)) return REDEEM_TEXT.maxReachedToday;
  if (!isReached(tradeLimit))
    return REDEEM_TEXT.requireTotalBet(formatAmount(toWholeOjo(tradeLimit.require)));
  if (toWholeOjo(ojoBalance) < redeemMinimum(info) + toWholeOjo(info.fixedLeft)) {
    return REDEEM_TEXT.insufficientBalance;
  }
  return null;
}

/**
 * product.md 5 Redeem input errors: 'Min redeem is {n} OJO' and 'Max redeem is {n} OJO', after the field's text reads as
 * a whole amount (parseAmountInput says what is wrong otherwise). An empty input has no error yet. Figures are grouped by 3 digits.
 */
export function validateRedeemAmount(amount: string, minimum: bigint, maximum: bigint): string | null {
  const read = parseAmountInput(amount, WHOLE_UNITS);
  if (read.kind === 'empty') return null;
  if (read.kind === 'invalid') return read.error;
  const quantity = BigInt(read.value);
  if (quantity < minimum) return REDEEM_TEXT.minRedeem(formatAmount(minimum));
  if (quantity > maximum) return REDEEM_TEXT.maxRedeem(formatAmount(maximum));
  return null;
}

function isReached(check: ProgressCheck): boolean {
  return toWholeOjo(check.achieved) >= toWholeOjo(check.require);
}

/**
 * product.md 8 cancel-redeem rows: code 1109 'Order not found, please refresh the page'; a network error 'Cancel redeem
 * failed'; any other failure 'Redeem cancellation failed. Please try again.'.
 */
export function cancelRedeemErrorMessage(failure: { code?: unknown; isNetworkError?: boolean }): string {
  if (failure.isNetworkError) return REDEEM_TEXT.cancelNetworkError;
  if (isErrorCode(failure.code, ERROR_CODES.ORDER_NOT_FOUND)) return REDEEM_TEXT.orderNotFound;
  return REDEEM_TEXT.cancelFailed;
}

/** The server's figures for pricing a redemption (GET /coin/withdraw/info `price` and `redeem`). */
export interface RedeemPricing {
  /** The mid price, OJO per ETH. */
  price: string;
  redeem: {
    spreadBps: number;
    costBasis: { qty: OjoQuantity; wei: OjoQuantity };
    lowestPaid: { qty: OjoQuantity; wei: OjoQuantity } | null;
  };
}

/** The wei a redemption of `amount` OJO pays now, by the server's rule (`redeemPayout`) on the server's figures. */
export function redeemEthOut(amount: bigint, pricing: RedeemPricing): bigint {
  const price = parseDecimal(pricing.price);
  if (!price || price.negative || amount <= 0n) return 0n;
  const { costBasis, lowestPaid, spreadBps } = pricing.redeem;
  return redeemPayout({
    amount,
    basis: { qty: toWholeOjo(costBasis.qty), wei: toWholeOjo(costBasis.wei) },
    bid: bidRate(price.units, price.scale, spreadBps),
    lowestPaid: lowestPaid ? { qty: toWholeOjo(lowestPaid.qty), wei: toWholeOjo(lowestPaid.wei) } : null,
  }).payoutWei;
}
