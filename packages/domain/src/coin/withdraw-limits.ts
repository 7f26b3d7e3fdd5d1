/**
 * The server's redeem (withdraw) limits of product.md 5 and 9, as one pure decision: the API calls it inside the
 * transaction that holds the player's withdraw lock, with the day's totals read in that same transaction, so
 * concurrent requests are checked one after another and together never pass a limit.
 */

/** Why a redeem request is refused; null when it may go ahead. */
export type WithdrawRefusal =
  | 'DAILY_COUNT'
  | 'DAILY_AMOUNT'
  | 'TRADE_LIMIT'
  | 'BALANCE'
  | 'BELOW_MIN'
  | 'ABOVE_MAX';

/** Configured limits (whole OJO; counts are counts). */
export interface WithdrawRules {
  /** minAmountCheck.require. */
  minAmount: bigint;
  /** Added to the minimum (product.md 5: 'Minimum = minAmountCheck.require plus trial'). */
  trial: bigint;
  /** dailyAmountCheck.require: the most OJO a player redeems per UTC day. */
  dailyAmount: bigint;
  /** dailyCountCheck.require: the most redeems per UTC day. */
  dailyCount: number;
  /** tradeLimit.require: the total bet a player must have placed before redeeming. */
  tradeLimit: bigint;
  /** OJO that stays in the account (product.md 5: 'OJO balance minus fixedLeft'). */
  fixedLeft: bigint;
}

/** What the player has done: read in the deciding transaction. */
export interface WithdrawState {
  balance: bigint;
  /** OJO asked for in today's redemptions, cancelled ones included (a cancel does not buy another try). */
  redeemedToday: bigint;
  redeemsToday: number;
  /** OJO staked in bets whose round's betting has closed. */
  totalBet: bigint;
}

/**
 * product.md 5 Redeem: 'Maximum = the lower of (OJO balance minus fixedLeft) and (daily amount required minus achieved),
 * floored at 0.'
 */
export function withdrawMaximum(rules: WithdrawRules, state: WithdrawState): bigint {
  const byBalance = state.balance - rules.fixedLeft;
  const byDaily = rules.dailyAmount - state.redeemedToday;
  const maximum = byBalance < byDaily ? byBalance : byDaily;
  return maximum > 0n ? maximum : 0n;
}

/**
 * The decision for one request of `amount` OJO, in the spec's order: the system errors first (daily count or
 * amount reached, trade limit not reached, balance below the minimum plus fixedLeft), then the input errors
 * (below the minimum, above the maximum).
 */
export function checkWithdraw(
  amount: bigint,
  rules: WithdrawRules,
  state: WithdrawState,
): WithdrawRefusal | null {
  if (state.redeemsToday >= rules.dailyCount) return 'DAILY_COUNT';
  if (state.redeemedToday >= rules.dailyAmount) return 'DAILY_AMOUNT';
  if (state.totalBet < rules.tradeLimit) return 'TRADE_LIMIT';
  if (state.balance < rules.minAmount + rules.trial + rules.fixedLeft) return 'BALANCE';
  if (amount < rules.minAmount + rules.trial || amount <= 0n) return 'BELOW_MIN';
  if (amount > withdrawMaximum(rules, state)) return 'ABOVE_MAX';
  return null;
}

/** The state after an accepted request: what the next check in the same day sees. */
export function afterWithdraw(amount: bigint, state: WithdrawState): WithdrawState {
  return {
    ...state,
    balance: state.balance - amount,
    redeemedToday: state.redeemedToday + amount,
    redeemsToday: state.redeemsToday + 1,
  };
}

/**
 * The plain market value in wei of `amount` OJO at `ojoPerEth` (a decimal), floored to the wei. Not what a redemption
 * pays: that is `redeemPayout` (redeem-payout.ts: the bid, capped by what the OJO cost).
 */
export function redeemPayoutWei(amount: bigint, ojoPerEthUnits: bigint, ojoPerEthScale: number): bigint {
  if (ojoPerEthUnits <= 0n || amount <= 0n) return 0n;
  return (amount * 10n ** 18n * 10n ** BigInt(ojoPerEthScale)) / ojoPerEthUnits;
}

/** A discount package's price: the list price less `discountPercent` (0 to 99), in wei, rounded up to the wei. */
export function discountedWei(listWei: bigint, discountPercent: number): bigint {
  const percent = BigInt(Math.min(99, Math.max(0, Math.trunc(discountPercent))));
  return (listWei * (100n - percent) + 99n) / 100n;
}

/** The call data a coin-order payment carries: the order id (a UUID) as its 16 bytes. */
export function orderIdCallData(orderId: string): `0x${string}` {
  return `0x${orderId.replace(/-/g, '').toLowerCase()}`;
}

/** The order id a payment's call data names, or null when it names none. */
export function orderIdOfCallData(data: string | undefined): string | null {
  if (!data || !/^0x[0-9a-fA-F]{32}$/.test(data)) return null;
  const hex = data.slice(2).toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
